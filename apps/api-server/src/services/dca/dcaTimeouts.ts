/** Parameters of {@link dcaTimeouts}: the gateway's waits. */
export interface DcaTimeoutsParameters {
  /** `RECEIPT_TIMEOUT_MS`: how long one transaction's receipt is waited for. */
  readonly receiptTimeoutMs: number;
  /** `SENDER_WINDOW_WAIT_MS`: how long one transaction may wait for a slot of the sender's window. */
  readonly senderWindowWaitMs: number;
}

/** The scheduler's read time-out (its default). */
const READ_TIMEOUT_MS = 30_000;
const MARGIN_MS = 60_000;
const MIN_EXECUTE_TIMEOUT_MS = 300_000;

/**
 * The DCA scheduler's `executeTimeoutMs` and `leaseMs` from the gateway's waits: a fill may send two transactions
 * (the exact approval, the swap), each waiting for a window slot and its receipt, so its `execute` must not time out
 * before `2 × (RECEIPT_TIMEOUT_MS + SENDER_WINDOW_WAIT_MS)` plus a margin (at least 5 min) — a shorter time-out would
 * look the fill up while its first call still runs. The lease exceeds the longest work on one order
 * (`2 × executeTimeoutMs + 3 × readTimeoutMs`).
 *
 * @example
 * ```ts
 * dcaTimeouts({ receiptTimeoutMs: 600_000, senderWindowWaitMs: 30_000 }); // { executeTimeoutMs: 1_320_000, leaseMs: 2_790_000 }
 * ```
 */
export function dcaTimeouts({ receiptTimeoutMs, senderWindowWaitMs }: DcaTimeoutsParameters): {
  executeTimeoutMs: number;
  leaseMs: number;
} {
  const executeTimeoutMs = Math.max(
    MIN_EXECUTE_TIMEOUT_MS,
    2 * (receiptTimeoutMs + senderWindowWaitMs) + MARGIN_MS,
  );
  return { executeTimeoutMs, leaseMs: 2 * executeTimeoutMs + 3 * READ_TIMEOUT_MS + MARGIN_MS };
}
