import { evaluate, formatEther, type Governor } from '@org/governor';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * The spend governor's caps and kill switch, read before a prerequisite is sent (the exact approval before a
 * deposit): a request worth more than a cap allows is refused at once, 403 with the governor's code, before anything
 * is signed. A read, not a reservation — the gateway decides again, atomically, when it executes.
 *
 * @example
 * ```ts
 * await previewGovernorSpend({ governor, action: 'deposit', valueWei: value + worstCaseGas });
 * ```
 */
export async function previewGovernorSpend({
  governor,
  action,
  valueWei,
}: {
  governor: Governor;
  action: string;
  valueWei: bigint;
}): Promise<void> {
  const status = await governor.status();
  const decision = evaluate({
    policy: governor.policy,
    request: { action, value: valueWei },
    state: { killed: status.killSwitch, daily: status.spent.daily, session: status.spent.session },
  });
  if (!decision.allowed) {
    throw new ApiProblem(
      403,
      decision.code,
      'The spend governor would refuse this: nothing was signed',
      decision.reason,
      { value: { eth: formatEther(valueWei), wei: valueWei.toString() } },
    );
  }
}
