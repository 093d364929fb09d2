import type { ExecuteReturnType } from '../gateway/gatewayTypes.js';
import { type ApproveExactParameters, approveExact } from './approveExact.js';
import { MAX_ALLOWANCE } from './constants.js';

/** Parameters of {@link approve}. */
export type ApproveParameters = Omit<ApproveExactParameters, 'amount'>;

/**
 * Grants an UNLIMITED ERC-20 allowance (2**256 - 1) through the execution gateway. Kept for parity with the
 * specification (SPEC §4: `approve()` with unlimited allowance exists); **not for our own flows** — they approve
 * exact amounts (`approveExact`), and an unlimited approval is the first thing the risk report flags.
 *
 * @example
 * ```ts
 * await approve({ gateway, chain, token: usdc, spender: router }); // parity only: prefer approveExact
 * ```
 */
export function approve(parameters: ApproveParameters): Promise<ExecuteReturnType> {
  return approveExact({ ...parameters, amount: MAX_ALLOWANCE });
}
