import type { EventHub } from './EventHub.js';

/** An event stream several instances share: `open` gives the hub to publish to and read from. */
export interface SharedEventLog {
  /** Loads the last `retain` events and starts following the others' events. */
  open(parameters: { retain: number }): Promise<EventHub>;
  /** Stops following (after what is being written is written). */
  close(): Promise<void>;
}
