import type { NonceCursor } from './NonceStore.js';

/**
 * The in-flight window of a wallet on a chain stayed full (as the durable nonce row counts it, across every
 * instance) for the whole wait: nothing was signed. The gateway answers it as `SENDER_WINDOW_FULL`.
 */
export class SenderWindowFullError extends Error {
  readonly code = 'SENDER_WINDOW_FULL';
  readonly cursor: NonceCursor;

  constructor(cursor: NonceCursor, maxInFlight: number) {
    super(
      `${cursor.next - cursor.confirmed} transactions of this wallet are handed out above the last mined one (window ${maxInFlight}); nothing was signed`,
    );
    this.name = 'SenderWindowFullError';
    this.cursor = cursor;
  }
}
