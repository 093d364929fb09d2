import { routersOf } from '../dca/readWalletFunds.js';
import { swapLockKey } from './executeSwapIntent.js';
import type { KeyedMutex } from './KeyedMutex.js';
import type { SwapPair } from './SwapPlanner.js';

/**
 * The swap lock's completed-run count of each router a swap of the pair's token in may call (lowercase router →
 * count; empty for a native token in). Take it BEFORE reading the allowances: a value read after it is still current
 * inside the lock only if the count did not change (`executeSwapIntent`'s `allowance`).
 *
 * @example
 * ```ts
 * const runs = swapLockRuns({ lock, pair, wallet: gateway.address });
 * ```
 */
export function swapLockRuns({
  lock,
  pair,
  wallet,
}: {
  lock: KeyedMutex;
  pair: SwapPair;
  wallet: `0x${string}`;
}): Map<string, number> {
  const runs = new Map<string, number>();
  if (pair.tokenIn.native) return runs;
  for (const router of routersOf(pair)) {
    runs.set(router.toLowerCase(), lock.runs(swapLockKey(pair, router, wallet)));
  }
  return runs;
}
