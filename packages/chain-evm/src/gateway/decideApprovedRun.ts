import type { Refusal } from './checkPolicy.js';
import type { DecideHoldReturnType } from './decideHold.js';
import type { ConfirmationRecord } from './types.js';

/** Parameters of {@link decideApprovedRun}. */
export interface DecideApprovedRunParameters {
  /** What the fresh value and safety reads found. */
  readonly assessed: {
    readonly refusal: Refusal | null;
    readonly valueWei: bigint | null;
    /** The safety refusal on its own (it may hide behind an unknown value in `refusal`). */
    readonly unsafe: Refusal | null;
  };
  /** The approved held action. */
  readonly approval: ConfirmationRecord;
}

/**
 * The rule for an approved action (pure), checked on fresh reads: it runs only within what the operator saw. A
 * value that grew beyond the approved one, or an unknown that was known when it was held, holds it again; a proven
 * harm is refused whatever was approved.
 *
 * @example
 * ```ts
 * decideApprovedRun({ assessed, approval }); // { kind: 'proceed' } | { kind: 'hold', … } | { kind: 'refuse', … }
 * ```
 */
export function decideApprovedRun({ assessed, approval }: DecideApprovedRunParameters): DecideHoldReturnType {
  const { refusal, valueWei, unsafe } = assessed;
  const valueWasUnknown = approval.valueWei === null;
  const safetyWasUnknown =
    approval.reason === 'safety-unknown' ||
    approval.safety.some((s) => s.isHoneypot === null || s.buyTax === null || s.sellTax === null);
  if (refusal && refusal.code !== 'VALUE_UNKNOWN' && refusal.code !== 'TOKEN_SAFETY_UNKNOWN') {
    return { kind: 'refuse', refusal };
  }
  if (valueWei === null && !valueWasUnknown) {
    return {
      kind: 'hold',
      reason: 'value-unknown',
      detail: 'its value became unknown after it was approved',
    };
  }
  if (unsafe?.code === 'TOKEN_SAFETY_UNKNOWN' && !safetyWasUnknown) {
    return { kind: 'hold', reason: 'safety-unknown', detail: unsafe.reason };
  }
  // Stryker disable next-line ConditionalExpression: `valueWei !== null` → true is equivalent — a null value never compares above a bigint (null is 0 here, an approved value ≥ 0)
  if (valueWei !== null && approval.approvedValueWei !== null && valueWei > approval.approvedValueWei) {
    return {
      kind: 'hold',
      reason: 'value-grew',
      detail: `worth ${valueWei} wei now, more than the ${approval.approvedValueWei} wei approved`,
    };
  }
  return { kind: 'proceed' };
}
