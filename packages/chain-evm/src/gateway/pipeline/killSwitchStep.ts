import type { Refusal } from '../checkPolicy.js';
import type { GatewayContext } from './GatewayContext.js';

const REASONS = {
  request: 'the kill switch is engaged: every fund-moving action is refused',
  hold: 'the kill switch is engaged: nothing is held for an operator while it is',
  signing: 'the kill switch was engaged before signing',
} as const;

/**
 * The kill switch, read from the governor: `KILL_SWITCH_ENGAGED` while it is engaged, else `null`. The pipeline asks
 * at three points — first of all (a request is refused at once, before anything is priced, held or reserved), before
 * a confirmation is queued, and immediately before signing.
 *
 * @example
 * ```ts
 * const killed = await killSwitchStep(ctx, 'request');
 * if (killed) return blockExecution(ctx, record, killed);
 * ```
 */
export async function killSwitchStep(
  ctx: GatewayContext,
  when: keyof typeof REASONS,
): Promise<Refusal | null> {
  if (!(await ctx.governor.status()).killSwitch) return null;
  return { code: 'KILL_SWITCH_ENGAGED', reason: REASONS[when] };
}
