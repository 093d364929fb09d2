import type { Aggregate3Result } from '../multicall/aggregate3.js';

/**
 * The amount out a `bandQuoteCall` reported (QuoterV2's first return word), or 0 when the call failed or answered
 * anything shorter than QuoterV2's four words: a pool whose band sale cannot be simulated has no depth.
 *
 * @example
 * ```ts
 * const paidOut = decodeBandQuote(results[i]); // 0n when the quote failed
 * ```
 */
export function decodeBandQuote(result: Aggregate3Result | undefined): bigint {
  if (result === undefined || !result.success || result.returnData.length < 2 + 64 * 4) return 0n;
  return BigInt(result.returnData.slice(0, 66));
}
