import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import { APPROVE_SELECTOR, SET_APPROVAL_FOR_ALL_SELECTOR } from './constants.js';

/** What an approval calldata does, decoded strictly. */
export type DecodedApprovalCalldata =
  | { readonly fn: 'approve'; readonly spender: Address; readonly amount: bigint }
  | { readonly fn: 'setApprovalForAll'; readonly operator: Address; readonly approved: boolean };

/**
 * Decodes `approve(address,uint256)` or `setApprovalForAll(address,bool)` calldata strictly (pure): exactly the
 * selector and two 32-byte words — no trailing bytes, an address word with 12 zero bytes, a bool word of exactly 0 or
 * 1. Anything else is `null` (never "close enough"): the gateway's policy uses this to check that a revoke grants
 * nothing.
 *
 * @example
 * ```ts
 * decodeApprovalCalldata('0x095ea7b3…'); // { fn: 'approve', spender: '0x…', amount: 0n }
 * ```
 */
export function decodeApprovalCalldata(data: string): DecodedApprovalCalldata | null {
  // Stryker disable next-line ConditionalExpression,Regex: equivalent — a non-string fails the pattern, and with a prefix the selector and address word no longer read as one (null below)
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{136}$/.test(data)) return null;
  const selector = data.slice(0, 10).toLowerCase();
  const first = data.slice(10, 74);
  const second = BigInt(`0x${data.slice(74)}`);
  if (!/^0{24}/.test(first)) return null;
  const who = getAddress(`0x${first.slice(24)}`) as Address;
  if (selector === APPROVE_SELECTOR) return { fn: 'approve', spender: who, amount: second };
  if (selector === SET_APPROVAL_FOR_ALL_SELECTOR && second <= 1n) {
    return { fn: 'setApprovalForAll', operator: who, approved: second === 1n };
  }
  return null;
}
