import type { DecisionCode } from '@org/governor';

/**
 * What a blocked fill does to its order.
 * - `wait`: a passing condition (a cap reached, the kill switch, a gas spike): the order waits for its next slot;
 *   not a failure.
 * - `count-failure`: a reason that will likely recur (unpriceable, over the per-transaction cap, a policy refusal):
 *   counts toward the consecutive failures that auto-pause the order.
 * - `pause-token-unsafe`: token safety refused the token: the order pauses at once.
 * - `pause-insufficient-balance`: the wallet cannot cover the fill: the order pauses at once.
 */
export type DcaBlockEffect = 'wait' | 'count-failure' | 'pause-token-unsafe' | 'pause-insufficient-balance';

/** Every governor refusal, so that a new governor code cannot be forgotten here (the type would not compile). */
const GOVERNOR: Readonly<Record<Exclude<DecisionCode, 'ALLOWED'>, DcaBlockEffect>> = {
  KILL_SWITCH_ENGAGED: 'wait',
  DAILY_LIMIT_EXCEEDED: 'wait',
  SESSION_LIMIT_EXCEEDED: 'wait',
  CONFIRMATION_REJECTED: 'wait',
  CONFIRMATION_TIMEOUT: 'wait',
  CONFIRMATION_ERROR: 'count-failure',
  PER_TX_LIMIT_EXCEEDED: 'count-failure',
  VALUE_UNKNOWN: 'count-failure',
  VALUE_INVALID: 'count-failure',
  REQUEST_INVALID: 'count-failure',
};

/**
 * The effect of each known block code: the governor's decision codes and the execution gateway's token-safety,
 * balance and confirmation codes. A code not in the table counts as a failure (fail closed: an unknown refusal
 * that repeats pauses the order). Pass `blockEffects` to the scheduler to add or override entries.
 *
 * @example
 * ```ts
 * DCA_BLOCK_EFFECTS['DAILY_LIMIT_EXCEEDED']; // 'wait'
 * DCA_BLOCK_EFFECTS['TOKEN_UNSAFE']; // 'pause-token-unsafe'
 * ```
 */
export const DCA_BLOCK_EFFECTS: Readonly<Record<string, DcaBlockEffect>> = Object.freeze({
  ...GOVERNOR,
  TOKEN_UNSAFE: 'pause-token-unsafe',
  TOKEN_SAFETY_UNKNOWN: 'pause-token-unsafe',
  TOKEN_SELL_TAX_TOO_HIGH: 'pause-token-unsafe',
  INSUFFICIENT_BALANCE: 'pause-insufficient-balance',
  DCA_INSUFFICIENT_BALANCE: 'pause-insufficient-balance',
  GAS_PRICE_ABOVE_CEILING: 'wait',
  CONFIRMATION_REQUIRED: 'wait',
  CONFIRMATION_DENIED: 'wait',
  CONFIRMATION_EXPIRED: 'wait',
});

/** Parameters of {@link blockEffectOf}. */
export interface BlockEffectOfParameters {
  /** The block code reported for the fill. */
  readonly code: string;
  /** Overrides and additions (checked first). */
  readonly effects?: Readonly<Record<string, DcaBlockEffect>>;
}

/**
 * The effect of a block code: `effects` first, then {@link DCA_BLOCK_EFFECTS}, else `count-failure`.
 *
 * @example
 * ```ts
 * blockEffectOf({ code: 'TARGET_NOT_ALLOWED' }); // 'count-failure'
 * blockEffectOf({ code: 'MY_RPC_BUSY', effects: { MY_RPC_BUSY: 'wait' } }); // 'wait'
 * ```
 */
export function blockEffectOf({ code, effects }: BlockEffectOfParameters): DcaBlockEffect {
  if (effects !== undefined && Object.hasOwn(effects, code)) return effects[code] as DcaBlockEffect;
  if (Object.hasOwn(DCA_BLOCK_EFFECTS, code)) return DCA_BLOCK_EFFECTS[code] as DcaBlockEffect;
  return 'count-failure';
}
