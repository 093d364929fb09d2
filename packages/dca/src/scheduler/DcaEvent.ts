import type { DcaFill } from '../types.js';

/** Kinds of {@link DcaEvent}. */
export type DcaEventType =
  | 'dca.filled'
  | 'dca.skipped'
  | 'dca.blocked'
  | 'dca.failed'
  | 'dca.paused'
  | 'dca.resumed'
  | 'dca.cancelled'
  | 'dca.completed';

/**
 * Something that happened to an order, for `/events` and the operator: every fill outcome, every stop (auto-pause,
 * completion) and every user command. Nothing stops silently.
 */
export interface DcaEvent {
  readonly type: DcaEventType;
  readonly orderId: string;
  /** The slot concerned (the first one for missed slots), null for a user command. */
  readonly slot: number | null;
  /** The fill's code (`DCA_SLOT_MISSED`, `DAILY_LIMIT_EXCEEDED`…) or the pause code; null for a fill or a command. */
  readonly code: string | null;
  /** Human explanation (not part of the contract). */
  readonly reason: string;
  /** Unix ms. */
  readonly at: number;
  /** The fill, when the event is about one. */
  readonly fill: DcaFill | null;
  /** How many slots the event covers (missed slots are reported in one event); 1 otherwise. */
  readonly count: number;
}

/**
 * Receives events. Called synchronously in order; a throw or a rejected promise is reported to the owner's
 * `onError` and never stops the scheduler.
 */
export type DcaEventSink = (event: DcaEvent) => void | Promise<void>;
