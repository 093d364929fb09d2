import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WalletOpsClient } from '../client/WalletOpsClient.js';
import type { ApiRequestError } from '../errors/ApiRequestError.js';
import { type HintInput, hintTable } from './hintTable.js';

const CAP_CODES = new Set(['PER_TX_LIMIT_EXCEEDED', 'DAILY_LIMIT_EXCEEDED', 'SESSION_LIMIT_EXCEEDED']);

/** Parameters of {@link refusalResult}. */
export interface RefusalResultParameters {
  readonly error: ApiRequestError;
  readonly client: WalletOpsClient;
  /** The key of a fund-moving call, returned so the agent retries with it. */
  readonly idempotencyKey?: string | undefined;
  readonly signal?: AbortSignal;
}

/**
 * A refusal of the API server as an MCP tool result: `isError`, first line `CODE: what happened.`, then one sentence
 * of what would change the answer (the cap left, the safety verdict, the key to retry with); a second text block
 * carries the same as JSON (`code`, `status`, `hint`, `detail`, `executionId`, `idempotencyKey`).
 *
 * @example
 * ```ts
 * return await refusalResult({ error, client, idempotencyKey });
 * // { isError: true, content: [{ type: 'text', text: 'PER_TX_LIMIT_EXCEEDED: The execution was blocked. …' }, …] }
 * ```
 */
export async function refusalResult(parameters: RefusalResultParameters): Promise<CallToolResult> {
  const { error } = parameters;
  const input: HintInput = {
    detail: error.detail,
    problem: error.problem,
    remaining: CAP_CODES.has(error.code) ? await remainingOf(parameters.client, parameters.signal) : null,
    idempotencyKey: parameters.idempotencyKey,
  };
  const hint =
    hintTable[error.code]?.(input) ??
    `Refused with ${error.code} (HTTP ${error.status}): see the API's table of error codes.`;
  const executionId = typeof error.problem.executionId === 'string' ? error.problem.executionId : null;
  const summary = [
    `${error.code}: ${error.shortMessage}${error.detail ? ` (${error.detail})` : ''}.`,
    hint,
    executionId ? `Execution ${executionId} records it.` : '',
    parameters.idempotencyKey ? `idempotencyKey: ${parameters.idempotencyKey}` : '',
  ]
    .filter((line) => line.length > 0)
    .join('\n');
  const details = {
    code: error.code,
    status: error.status,
    hint,
    detail: error.detail ?? null,
    executionId,
    idempotencyKey: parameters.idempotencyKey ?? null,
  };
  return {
    isError: true,
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(details) },
    ],
  };
}

async function remainingOf(
  client: WalletOpsClient,
  signal: AbortSignal | undefined,
): Promise<HintInput['remaining']> {
  try {
    const { body } = await client.request({
      path: '/governor/status',
      ...(signal ? { signal } : {}),
      timeoutMs: 5000,
    });
    const remaining = (body as { remaining?: Record<string, { eth?: unknown }> }).remaining;
    const eth = (window: string) => {
      const value = remaining?.[window]?.eth;
      return typeof value === 'string' ? value : null;
    };
    const [perTx, daily, session] = [eth('perTx'), eth('daily'), eth('session')];
    return perTx !== null && daily !== null && session !== null ? { perTx, daily, session } : null;
  } catch {
    return null;
  }
}
