import { objectOutput } from './objectOutput.js';
import { pollUntil } from './pollUntil.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { waitInput, waitMsOf } from './waitInput.js';

const FINAL = new Set(['confirmed', 'reverted', 'failed', 'blocked', 'cancelled']);

/** `follow_execution`: waits (bounded) for an execution to reach a final state (`GET /executions/{id}`). */
export const followExecutionTool: ToolDefinition = {
  name: 'follow_execution',
  title: 'Follow an execution',
  description:
    'Reads an execution (a swap, revoke, deposit, bridge…) and waits, at most waitSeconds, until it is final: confirmed, reverted (the fee was spent), failed, blocked or cancelled. done false means it is still pending or held: call again later, never send the action again. Reads only.',
  inputSchema: {
    type: 'object',
    properties: { executionId: { type: 'string', minLength: 1, maxLength: 100 }, waitSeconds: waitInput },
    required: ['executionId'],
    additionalProperties: false,
  },
  outputSchema: objectOutput({
    done: { type: 'boolean' },
    status: { type: 'string' },
    txHash: { type: ['string', 'null'] },
    execution: { type: 'object' },
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  movesFunds: false,
  run: async (args, { client, signal, waitMaxSeconds, pollIntervalMs }) => {
    const path = `/executions/${encodeURIComponent(String(args.executionId))}`;
    const { value, done } = await pollUntil({
      read: async () => (await client.request({ path, signal })).body as Record<string, unknown>,
      done: (execution) => FINAL.has(String(execution.status)),
      waitMs: waitMsOf(args.waitSeconds, waitMaxSeconds),
      intervalMs: pollIntervalMs,
      signal,
    });
    return {
      done,
      status: String(value.status),
      txHash: typeof value.txHash === 'string' ? value.txHash : null,
      execution: value,
    };
  },
};
