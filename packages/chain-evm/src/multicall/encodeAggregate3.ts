import type { Aggregate3Call } from './aggregate3.js';

/** `aggregate3((address,bool,bytes)[])` selector. */
const SELECTOR = '82ad56cb';

const word = (n: number | bigint) => n.toString(16).padStart(64, '0');

/**
 * ABI-encodes Multicall3 `aggregate3(calls)` calldata by hand: the same bytes as ethers' `Interface`, about 20×
 * faster (ethers' generic coder takes ~0.6 s for 3,500 calls, which a 500-token portfolio needs). Pure; the
 * equivalence is a property test against ethers. Internal.
 *
 * @example
 * ```ts
 * encodeAggregate3([{ target, allowFailure: true, callData: '0x313ce567' }]); // '0x82ad56cb…'
 * ```
 */
export function encodeAggregate3(calls: readonly Aggregate3Call[]): `0x${string}` {
  const heads: string[] = [];
  const tails: string[] = [];
  // Offsets of the tuples are relative to the start of the offsets area (right after the length word).
  let offset = calls.length * 32;
  for (const call of calls) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(call.target)) throw new TypeError('aggregate3: malformed target');
    const data = call.callData.slice(2);
    if (data.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(data))
      throw new TypeError('aggregate3: malformed callData');
    const padded = data.padEnd(Math.ceil(data.length / 64) * 64, '0');
    const tuple =
      call.target.slice(2).toLowerCase().padStart(64, '0') +
      word(call.allowFailure ? 1 : 0) +
      word(0x60) +
      word(data.length / 2) +
      padded;
    heads.push(word(offset));
    tails.push(tuple);
    offset += tuple.length / 2;
  }
  return `0x${SELECTOR}${word(0x20)}${word(calls.length)}${heads.join('')}${tails.join('')}`.toLowerCase() as `0x${string}`;
}
