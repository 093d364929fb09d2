import { parseAddress } from '../../address/parseAddress.js';
import type { Address } from '../../chains/chains.js';
import type { NewOutstandingApproval, OutstandingApprovalPatch } from './OutstandingApprovalStore.js';
import { invalid, nonNegativeBigint, nonNegativeInteger, nullableText, oneOf, text } from './storeInput.js';

/**
 * Validates a new outstanding-approval row (both stores): ids as text, a positive chain id, checksummed addresses,
 * an amount ≥ 0, a time ≥ 0. Throws `STORE_INPUT_INVALID`.
 *
 * @example
 * ```ts
 * const row = checkNewOutstandingApproval(input);
 * ```
 */
export function checkNewOutstandingApproval(row: NewOutstandingApproval): NewOutstandingApproval {
  if (typeof row !== 'object' || row === null) throw invalid('outstanding approval');
  const chainId = nonNegativeInteger(row.chainId, 'chain id');
  if (chainId === 0) throw invalid('chain id', '0');
  return {
    id: text(row.id, 'approval execution id'),
    chainId,
    owner: address(row.owner, 'owner'),
    token: address(row.token, 'token'),
    spender: address(row.spender, 'spender'),
    amount: nonNegativeBigint(row.amount, 'amount'),
    actionExecutionId: nullableText(row.actionExecutionId, 'action execution id'),
    createdAt: nonNegativeInteger(row.createdAt, 'creation time'),
  };
}

/** Validates an update's patch (both stores). Throws `STORE_INPUT_INVALID`. */
export function checkOutstandingApprovalPatch(patch: OutstandingApprovalPatch): OutstandingApprovalPatch {
  if (typeof patch !== 'object' || patch === null) throw invalid('outstanding approval patch');
  return {
    at: nonNegativeInteger(patch.at, 'update time'),
    ...(patch.actionExecutionId === undefined
      ? {}
      : { actionExecutionId: nullableText(patch.actionExecutionId, 'action execution id') }),
    ...(patch.status === undefined
      ? {}
      : { status: oneOf(patch.status, ['outstanding', 'reset'], 'status') }),
    ...(patch.attempts === undefined ? {} : { attempts: nonNegativeInteger(patch.attempts, 'attempts') }),
    ...(patch.resetExecutionId === undefined
      ? {}
      : { resetExecutionId: nullableText(patch.resetExecutionId, 'reset execution id') }),
    ...(patch.lastError === undefined ? {} : { lastError: nullableText(patch.lastError, 'last error') }),
  };
}

function address(value: unknown, what: string): Address {
  try {
    return parseAddress({ address: String(value) });
  } catch {
    throw invalid(what, String(value).slice(0, 80));
  }
}
