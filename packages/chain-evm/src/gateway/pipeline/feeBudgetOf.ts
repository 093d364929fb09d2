import type { GatewaySettings } from '../gatewayTypes.js';
import type { ExecutionRecord } from '../types.js';
import { worstCaseFeeWei } from '../worstCaseFeeWei.js';

/**
 * What the governor holds for the fees of `record` — every transaction signed for it must fit in it (gas limit × max
 * fee per gas): its `feeReservedWei`, or for a record reserved before that was kept, the worst case recomputed from
 * its first transaction (the rule it was reserved by).
 *
 * @example
 * ```ts
 * if (gasLimit * maxFeePerGas > feeBudgetOf(settings, record)) { … top up first … }
 * ```
 */
export function feeBudgetOf(settings: GatewaySettings, record: ExecutionRecord): bigint {
  if (record.feeReservedWei !== null) return record.feeReservedWei;
  const first = record.transactions[0];
  if (!first) return 0n;
  return worstCaseFeeWei({
    gasLimit: first.gasLimit,
    maxFeePerGas: first.maxFeePerGas,
    feeCeilingWei: settings.feeCeilingWei,
    maxReplacements: settings.maxReplacements,
  });
}
