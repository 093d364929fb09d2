import { dcaOrderOutput } from './dcaOrderOutput.js';
import { amountInput, chainInput, idempotencyKeyInput, tokenInput } from './schemas.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** `dca_create`: a recurring buy (`POST /dca/orders`); every fill later runs through the execution gateway. */
export const dcaCreateTool: ToolDefinition = {
  name: 'dca_create',
  title: 'Create a recurring buy (DCA)',
  description:
    'Creates a DCA order: spend amountPerFill of tokenIn for tokenOut at every slot of the schedule. Each fill is a real swap through the execution gateway (caps, kill switch, token safety, operator hold). Refused at creation for an unsafe token, no route, an unpriceable token or a fill not worth its gas. Pass idempotencyKey again to retry: one key creates one order.',
  inputSchema: {
    type: 'object',
    properties: {
      chain: chainInput,
      tokenIn: tokenInput,
      tokenOut: tokenInput,
      amountPerFill: amountInput,
      interval: { type: 'string', enum: ['hourly', 'daily', 'weekly', 'biweekly', 'monthly'] },
      intervalSeconds: { type: 'integer', minimum: 60 },
      intervalMonths: { type: 'integer', minimum: 1, maximum: 12 },
      firstRunAt: { type: 'string', maxLength: 64, description: 'ISO 8601 with a zone; default now.' },
      maxFills: { type: 'integer', minimum: 1 },
      maxTotalIn: amountInput,
      slippageBps: { type: 'integer', minimum: 0, maximum: 5000 },
      minPrice: amountInput,
      maxPrice: amountInput,
      catchUp: { type: 'string', enum: ['skip', 'once'] },
      idempotencyKey: idempotencyKeyInput,
    },
    required: ['tokenIn', 'tokenOut', 'amountPerFill'],
    additionalProperties: false,
  },
  outputSchema: {
    ...dcaOrderOutput,
    properties: { ...dcaOrderOutput.properties, idempotencyKey: { type: 'string' } },
    required: [...(dcaOrderOutput.required ?? []), 'idempotencyKey'],
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  movesFunds: true,
  run: async (args, { client, signal, idempotencyKey }) => {
    const { idempotencyKey: _given, ...body } = args;
    const key = idempotencyKey ?? String(_given);
    const { body: order } = await client.request({
      method: 'POST',
      path: '/dca/orders',
      body,
      idempotencyKey: key,
      signal,
    });
    return { ...(order as Record<string, unknown>), idempotencyKey: key };
  },
};
