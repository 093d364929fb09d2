import { Interface } from 'ethers';
import type { Address } from '../chains/chains.js';
import type { Aggregate3Call } from '../multicall/aggregate3.js';

const iface = new Interface([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, uint8, bool)',
  'function liquidity() view returns (uint128)',
  'function observe(uint32[] secondsAgos) view returns (int56[], uint160[])',
]);
// Call data built once (a 500-token portfolio reads ~2,000 pools: per-call ABI encoding is measurable).
const GET_RESERVES = iface.encodeFunctionData('getReserves') as Address;
const SLOT0 = iface.encodeFunctionData('slot0') as Address;
const LIQUIDITY = iface.encodeFunctionData('liquidity') as Address;
const observeData = new Map<number, Address>();

/** Parameters of {@link poolReadCalls}. */
export interface PoolReadCallsParameters {
  readonly protocol: 'v2' | 'v3';
  readonly pool: Address;
  /** V3: the TWAP window read with `observe([window, 0])`. */
  readonly twapWindowSeconds: number;
}

/**
 * The Multicall3 calls that read one pool for pricing and routing, each allowed to fail (no pool deployed there):
 * V2 `getReserves()` (reserves, never balances: tokens sent to a pair without `sync` do not count); V3 `slot0()`,
 * `liquidity()` and `observe([window, 0])`. Decode the results, in the same order, with `decodePoolState`.
 *
 * @example
 * ```ts
 * const calls = poolReadCalls({ protocol: 'v3', pool, twapWindowSeconds: 1800 }); // 3 calls
 * ```
 */
export function poolReadCalls({
  protocol,
  pool,
  twapWindowSeconds,
}: PoolReadCallsParameters): Aggregate3Call[] {
  if (protocol === 'v2') return [{ target: pool, callData: GET_RESERVES, allowFailure: true }];
  let observe = observeData.get(twapWindowSeconds);
  if (observe === undefined) {
    observe = iface.encodeFunctionData('observe', [[twapWindowSeconds, 0]]) as Address;
    observeData.set(twapWindowSeconds, observe);
  }
  return [
    { target: pool, callData: SLOT0, allowFailure: true },
    { target: pool, callData: LIQUIDITY, allowFailure: true },
    { target: pool, callData: observe, allowFailure: true },
  ];
}

/** How many calls {@link poolReadCalls} returns for a protocol. */
export const POOL_READ_CALLS = { v2: 1, v3: 3 } as const;
