import { dcaOrderOutput } from './dcaOrderOutput.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** Parameters of {@link dcaCommandTool}. */
export interface DcaCommandToolParameters {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly method: 'POST' | 'DELETE';
  /** Below `/dca/orders/{orderId}` (`/pause`, `/resume`, or `''`). */
  readonly suffix: string;
  readonly destructive: boolean;
}

/**
 * A command on one DCA order (pause, resume, cancel): `DCA_INVALID_TRANSITION` when the order is not in a state that
 * allows it, `DCA_ORDER_NOT_FOUND` for an unknown id.
 *
 * @example
 * ```ts
 * dcaCommandTool({ name: 'dca_pause', title: '…', description: '…', method: 'POST', suffix: '/pause', destructive: false });
 * ```
 */
export function dcaCommandTool(parameters: DcaCommandToolParameters): ToolDefinition {
  return {
    name: parameters.name,
    title: parameters.title,
    description: parameters.description,
    inputSchema: {
      type: 'object',
      properties: { orderId: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['orderId'],
      additionalProperties: false,
    },
    outputSchema: dcaOrderOutput,
    annotations: {
      readOnlyHint: false,
      destructiveHint: parameters.destructive,
      idempotentHint: true,
      openWorldHint: false,
    },
    movesFunds: false,
    run: async (args, { client, signal }) =>
      (
        await client.request({
          method: parameters.method,
          path: `/dca/orders/${encodeURIComponent(String(args.orderId))}${parameters.suffix}`,
          signal,
        })
      ).body as Record<string, unknown>,
  };
}
