import { sleep } from '../internal/sleep.js';

/** Parameters of {@link pollUntil}. */
export interface PollUntilParameters<T> {
  /** Reads the current state. */
  readonly read: () => Promise<T>;
  /** True when waiting longer would not change the answer. */
  readonly done: (value: T) => boolean;
  /** The longest wait, in milliseconds (bounded by the caller). */
  readonly waitMs: number;
  /** Between reads, in milliseconds. */
  readonly intervalMs: number;
  readonly signal: AbortSignal;
}

/**
 * Reads until `done` or until `waitMs` has passed (or the call is cancelled): the last value read, and whether it is
 * done. Bounded by design: an agent never waits longer than it asked, and is told when to ask again.
 *
 * @example
 * ```ts
 * const { value, done } = await pollUntil({ read, done: (e) => e.status !== 'pending', waitMs: 30_000, intervalMs: 1000, signal });
 * ```
 */
export async function pollUntil<T>(parameters: PollUntilParameters<T>): Promise<{ value: T; done: boolean }> {
  const deadline = Date.now() + parameters.waitMs;
  for (;;) {
    const value = await parameters.read();
    if (parameters.done(value)) return { value, done: true };
    const left = deadline - Date.now();
    if (left <= 0 || parameters.signal.aborted) return { value, done: false };
    await sleep(Math.min(parameters.intervalMs, left), parameters.signal);
  }
}
