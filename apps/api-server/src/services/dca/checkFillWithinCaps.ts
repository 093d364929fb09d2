import type { DcaCheckFirstFillParameters } from '@org/dca';
import { evaluate, formatEther, type Governor } from '@org/governor';
import { ApiProblem } from '../../http/ApiProblem.js';

const NOTHING = { committed: 0n, reserved: 0n } as const;

/**
 * The creation check of a DCA order against the spend governor's caps (`DcaService`'s `checkFirstFill`): its first
 * fill's value plus worst-case fee, as the gateway would charge it, is held to the caps as if nothing had been
 * spent yet — a fill above `GOVERNOR_MAX_PER_TX` (or above the whole daily or session limit) could never run, so
 * the order is refused at once, 422 with the cap's code (`PER_TX_LIMIT_EXCEEDED`…), rather than accepted to block
 * at every slot. The kill switch and today's spending are not judged here (they pass); the gateway decides each
 * fill again.
 *
 * @example
 * ```ts
 * new DcaService({ store, executor, maxSlippageBps, checkFirstFill: checkFillWithinCaps(governor) });
 * ```
 */
export function checkFillWithinCaps(governor: Governor): (parameters: DcaCheckFirstFillParameters) => void {
  return ({ quote }) => {
    const value = quote.valueWei + quote.worstCaseFeeWei;
    const decision = evaluate({
      policy: governor.policy,
      request: { action: 'dca-fill', value },
      state: { killed: false, daily: NOTHING, session: NOTHING },
    });
    if (!decision.allowed) {
      throw new ApiProblem(
        422,
        decision.code,
        'The order could never fill: one fill is above a spend cap',
        decision.reason,
        { value: { eth: formatEther(value), wei: value.toString() } },
      );
    }
  };
}
