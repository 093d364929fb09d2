import type { Address } from '../../chains/chains.js';
import type { Refusal } from '../checkPolicy.js';
import type { TokenAmount } from '../types.js';
import { NATIVE_ASSET, type AssetTransfer } from './SimulatedEffects.js';
import { walletDeltas } from './walletDeltas.js';

/** What an intent declares about its effects on the wallet, as {@link judgeEffects} reads it. */
export interface DeclaredEffects {
  /** Native value sent with the call: the most native coin that may leave the wallet (the fee is not a transfer). */
  readonly value: bigint;
  /** ERC-20 amounts that may leave the wallet (maximum per token; the same token twice adds up). */
  readonly spends: readonly TokenAmount[];
  /** What the wallet must receive at least, per token (a swap's `amountOutMin`, a deposit's minimum shares). */
  readonly minimums: readonly TokenAmount[];
}

/** Parameters of {@link judgeEffects}. */
export interface JudgeEffectsParameters {
  readonly wallet: Address;
  /** The simulated asset movements of the exact transaction. */
  readonly transfers: readonly AssetTransfer[];
  readonly declared: DeclaredEffects;
}

const sumByToken = (amounts: readonly TokenAmount[]): Map<string, bigint> => {
  const sums = new Map<string, bigint>();
  for (const { token, amount } of amounts) {
    const key = token.toLowerCase();
    sums.set(key, (sums.get(key) ?? 0n) + amount);
  }
  return sums;
};

const nameOf = (token: string): string => (token === NATIVE_ASSET ? 'the native coin' : token);

/**
 * Pure: judges the wallet's simulated asset deltas against what the intent declares. Net per asset (received −
 * sent): an asset that leaves the wallet but is not declared → `EFFECT_UNDECLARED_SPEND` (native counts as declared
 * when the intent sends value); more of it than declared → `EFFECT_OVERSPEND`; a minimum not received →
 * `EFFECT_SHORTFALL`. Receiving something undeclared is fine. `null` = the effects are what the intent says.
 *
 * @example
 * ```ts
 * judgeEffects({ wallet, transfers, declared: { value: 0n, spends: [usdcIn], minimums: [wethOutMin] } });
 * // null, or { code: 'EFFECT_SHORTFALL', reason: '…received 10 of 104 at least' }
 * ```
 */
export function judgeEffects({ wallet, transfers, declared }: JudgeEffectsParameters): Refusal | null {
  const deltas = walletDeltas({ wallet, transfers });
  const allowed = sumByToken(declared.spends);
  if (declared.value > 0n) allowed.set(NATIVE_ASSET, (allowed.get(NATIVE_ASSET) ?? 0n) + declared.value);
  for (const [token, delta] of deltas) {
    if (delta >= 0n) continue;
    const spent = -delta;
    const cap = allowed.get(token);
    if (cap === undefined) {
      return {
        code: 'EFFECT_UNDECLARED_SPEND',
        reason: `the simulated transaction takes ${spent} of ${nameOf(token)} from the wallet, which the intent does not spend`,
      };
    }
    if (spent > cap) {
      return {
        code: 'EFFECT_OVERSPEND',
        reason: `the simulated transaction takes ${spent} of ${nameOf(token)} from the wallet, more than the ${cap} declared`,
      };
    }
  }
  for (const [token, minimum] of sumByToken(declared.minimums)) {
    const received = deltas.get(token) ?? 0n;
    if (received < minimum) {
      return {
        code: 'EFFECT_SHORTFALL',
        reason: `the simulated transaction leaves the wallet ${received} of ${nameOf(token)}, less than the ${minimum} it must receive at least`,
      };
    }
  }
  return null;
}
