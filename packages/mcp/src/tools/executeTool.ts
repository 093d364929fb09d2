import { executionOutcome } from './executionOutcome.js';
import { executionOutcomeSchema, idempotencyKeyInput } from './schemas.js';
import type { ToolDefinition, ToolHints } from './ToolDefinition.js';

/** Parameters of {@link executeTool}. */
export interface ExecuteToolParameters {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The body's properties (`idempotencyKey` is added). */
  readonly input: Readonly<Record<string, object>>;
  readonly required?: readonly string[];
  /** The API path of the `POST`. */
  readonly path: string;
  readonly annotations?: Partial<ToolHints>;
}

/**
 * A fund-moving tool over one `POST` of the API server through its execution gateway: the arguments (less
 * `idempotencyKey`) are the JSON body, the idempotency key travels as `Idempotency-Key` (generated when absent,
 * returned), and the answer becomes an execution outcome (status, ids, the held action, the next step).
 *
 * @example
 * ```ts
 * executeTool({ name: 'swap_execute', title: '…', description: '…', input, required: ['tokenIn'], path: '/swap/execute' });
 * ```
 */
export function executeTool(parameters: ExecuteToolParameters): ToolDefinition {
  return {
    name: parameters.name,
    title: parameters.title,
    description: `${parameters.description} Moves funds through the server's execution gateway (caps, kill switch, token safety, simulation, operator hold). Pass idempotencyKey again to retry the same action: it never runs twice.`,
    inputSchema: {
      type: 'object',
      properties: { ...parameters.input, idempotencyKey: idempotencyKeyInput },
      ...(parameters.required ? { required: parameters.required } : {}),
      additionalProperties: false,
    },
    outputSchema: executionOutcomeSchema,
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      // The same arguments without the same idempotency key would run a second action.
      idempotentHint: false,
      openWorldHint: true,
      ...parameters.annotations,
    },
    movesFunds: true,
    run: async (args, { client, signal, idempotencyKey }) => {
      const { idempotencyKey: _given, ...body } = args;
      const key = idempotencyKey ?? String(_given);
      const { body: answer } = await client.request({
        method: 'POST',
        path: parameters.path,
        body,
        idempotencyKey: key,
        signal,
      });
      return executionOutcome({ body: answer, idempotencyKey: key });
    },
  };
}
