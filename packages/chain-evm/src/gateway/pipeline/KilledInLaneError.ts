import type { Refusal } from '../checkPolicy.js';

/**
 * Thrown inside the nonce lane when the kill switch is found engaged right before signing: nothing was signed (the
 * nonce manager re-reads the chain's count for the next send). {@link signStep} turns it into its `killed` answer.
 */
export class KilledInLaneError extends Error {
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(refusal.reason);
    this.name = 'KilledInLaneError';
    this.refusal = refusal;
  }
}
