import type { DcaExecution } from '@org/dca';
import type { ExecutionRecord } from '@org/chain-evm';

/**
 * A gateway execution record as the DCA port's outcome of a fill:
 * - `confirmed` → `filled`, with what the wallet received read from the receipt's logs (`result.received`);
 * - `reverted` → `failed` `TX_REVERTED` (nothing bought, the fee spent: hash and fee given);
 * - `blocked` → `blocked` with the gateway's code (token safety `TOKEN_UNSAFE`…, the governor's `DAILY_LIMIT_EXCEEDED`…,
 *   `SIMULATION_REVERTED`, `GAS_PRICE_ABOVE_CEILING`): nothing was signed;
 * - `failed` → `failed` with its code (`SEND_FAILED`, `INTERRUPTED`, `NONCE_CONSUMED`): nothing reached the chain;
 * - `preparing`, `signed`, `pending`, `awaiting_confirmation` → `pending`: the outcome is not known yet (a receipt
 *   not seen, an operator's decision) — the scheduler asks again with the same key and never sends it again;
 * - any other status (a later gateway's) → `failed` only when it names a code and a mined hash or fee says it is
 *   over, else `pending`: an unknown state is never read as a fill.
 *
 * @example
 * ```ts
 * const outcome = toDcaExecution(await executions.get(id));
 * ```
 */
export function toDcaExecution(record: ExecutionRecord): DcaExecution {
  const amountIn = amountInOf(record);
  const executionId = record.id;
  const lastHash = record.transactions.at(-1)?.hash ?? null;
  const status: string = record.status;
  switch (status) {
    case 'confirmed': {
      const received = record.result?.received;
      if (typeof received !== 'string' || !/^[0-9]{1,78}$/.test(received)) {
        // Mined, but what arrived is not on the record: never guess an amount (the scheduler asks again).
        throw new Error(`execution ${record.id} is confirmed without the amount received`);
      }
      return {
        status: 'filled',
        amountIn,
        amountOut: BigInt(received),
        txHash: record.minedHash ?? (lastHash as string),
        feeWei: record.feeWei,
        executionId,
        blockNumber: record.blockNumber,
        blockHash: record.blockHash,
      };
    }
    case 'reverted':
      return {
        status: 'failed',
        code: record.code ?? 'TX_REVERTED',
        reason: record.reason ?? 'the swap was mined and reverted; the fee was spent',
        txHash: record.minedHash ?? lastHash,
        feeWei: record.feeWei,
        executionId,
      };
    case 'blocked':
      return {
        status: 'blocked',
        code: record.code ?? 'BLOCKED',
        reason: record.reason ?? 'the gateway refused the fill',
        executionId,
      };
    case 'failed':
      return {
        status: 'failed',
        code: record.code ?? 'FAILED',
        reason: record.reason ?? 'nothing reached the chain',
        executionId,
      };
    case 'preparing':
    case 'signed':
    case 'pending':
    case 'awaiting_confirmation':
      return { status: 'pending', amountIn, txHash: lastHash, executionId };
    default:
      if (record.code !== null && (record.minedHash !== null || record.feeWei !== null)) {
        return {
          status: 'failed',
          code: record.code,
          reason: record.reason ?? `the execution ended ${status}`,
          txHash: record.minedHash ?? lastHash,
          feeWei: record.feeWei,
          executionId,
        };
      }
      return { status: 'pending', amountIn, txHash: lastHash, executionId };
  }
}

/** What the swap spends: its ERC-20 spend, or its native value. */
function amountInOf(record: ExecutionRecord): bigint {
  const spend = record.intent.spends[0]?.amount;
  return BigInt(spend ?? record.intent.value);
}
