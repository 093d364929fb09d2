import { objectOutput } from './objectOutput.js';
import { pollUntil } from './pollUntil.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { waitInput, waitMsOf } from './waitInput.js';

const FINAL_EXECUTION = new Set(['confirmed', 'reverted', 'failed', 'blocked', 'cancelled']);

interface HeldState {
  confirmation: Record<string, unknown>;
  execution: Record<string, unknown>;
}

/**
 * `follow_held_action`: waits (bounded) for the operator's decision on a held action and for the execution it
 * releases (`GET /confirmations/{id}`, `GET /executions/{id}`). The agent can wait; it can never decide.
 */
export const followHeldActionTool: ToolDefinition = {
  name: 'follow_held_action',
  title: "Wait for the operator's decision",
  description:
    "Reads a held action (an execution waiting for the operator's approval) and waits, at most waitSeconds, until the operator decided and the execution it released is final. Only the operator can approve or deny: no tool can. done false: still waiting, call again before expiresAt. Reads only.",
  inputSchema: {
    type: 'object',
    properties: { confirmationId: { type: 'string', minLength: 1, maxLength: 100 }, waitSeconds: waitInput },
    required: ['confirmationId'],
    additionalProperties: false,
  },
  outputSchema: objectOutput({
    done: { type: 'boolean' },
    decision: { type: 'string', enum: ['pending', 'approved', 'denied', 'expired'] },
    expiresAt: { type: 'string' },
    executionStatus: { type: 'string' },
    txHash: { type: ['string', 'null'] },
    confirmation: { type: 'object' },
    execution: { type: 'object' },
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  movesFunds: false,
  run: async (args, { client, signal, waitMaxSeconds, pollIntervalMs }) => {
    const read = async (): Promise<HeldState> => {
      const confirmation = (
        await client.request({
          path: `/confirmations/${encodeURIComponent(String(args.confirmationId))}`,
          signal,
        })
      ).body as Record<string, unknown>;
      const execution = (
        await client.request({
          path: `/executions/${encodeURIComponent(String(confirmation.executionId))}`,
          signal,
        })
      ).body as Record<string, unknown>;
      return { confirmation, execution };
    };
    const { value, done } = await pollUntil({
      read,
      done: ({ confirmation, execution }) =>
        confirmation.status === 'denied' ||
        confirmation.status === 'expired' ||
        // `running`: approved and picked up by the gateway (the execution record carries on from there);
        // `settled`: its execution reached its end (the server's status follows the execution's).
        confirmation.status === 'settled' ||
        ((confirmation.status === 'approved' || confirmation.status === 'running') &&
          FINAL_EXECUTION.has(String(execution.status))),
      waitMs: waitMsOf(args.waitSeconds, waitMaxSeconds),
      intervalMs: pollIntervalMs,
      signal,
    });
    return {
      done,
      decision:
        value.confirmation.status === 'running' || value.confirmation.status === 'settled'
          ? 'approved'
          : String(value.confirmation.status),
      expiresAt: String(value.confirmation.expiresAt),
      executionStatus: String(value.execution.status),
      txHash: typeof value.execution.txHash === 'string' ? value.execution.txHash : null,
      confirmation: value.confirmation,
      execution: value.execution,
    };
  },
};
