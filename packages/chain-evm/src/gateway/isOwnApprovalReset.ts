import { decodeApprovalCalldata } from '../approvals/decodeApprovalCalldata.js';
import { sameAddress } from './actions/sameAddress.js';
import type { OutstandingApproval } from './store/OutstandingApprovalStore.js';
import type { ExecutionIntent } from './types.js';

/**
 * Whether an intent is exactly the reset to zero of an approval the gateway granted and still counts as
 * outstanding (pure) — the one thing besides the operator's cancel that may be signed while the kill switch is
 * engaged: a `revoke` on the row's chain, calling the row's token with no native value, whose calldata decodes to
 * exactly `approve(row.spender, 0)`, spending and acquiring nothing, carrying no approval or bridge of its own, from
 * the wallet that granted it. Anything else is `false` (and the kill switch applies to it as to everything else).
 *
 * @example
 * ```ts
 * isOwnApprovalReset({ intent: buildRevokeIntent({ chainId, token, spender, kind: 'erc20' }), row, wallet }); // true
 * ```
 */
export function isOwnApprovalReset({
  intent,
  row,
  wallet,
}: {
  intent: ExecutionIntent;
  row: OutstandingApproval | null;
  wallet: string;
}): boolean {
  if (row === null || row.status !== 'outstanding') return false;
  if (!sameAddress(row.owner, wallet)) return false;
  if (intent.action !== 'revoke' || intent.chainId !== row.chainId) return false;
  if (!sameAddress(intent.to, row.token) || intent.value !== 0n) return false;
  if (intent.prerequisiteApproval !== undefined || intent.bridge !== undefined) return false;
  if (intent.acquires.length > 0 || intent.spends.length > 0) return false;
  const call = decodeApprovalCalldata(intent.data);
  return call?.fn === 'approve' && call.amount === 0n && sameAddress(call.spender, row.spender);
}
