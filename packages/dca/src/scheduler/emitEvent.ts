import type { DcaEvent, DcaEventSink } from './DcaEvent.js';

/** Sends `event` to `sink` (if any) without letting a faulty sink break the caller. */
export function emitEvent(
  sink: DcaEventSink | undefined,
  event: DcaEvent,
  onError: (error: unknown) => void,
): void {
  if (sink === undefined) return;
  try {
    const result = sink(Object.freeze(event));
    if (result !== undefined && typeof (result as Promise<void>).catch === 'function') {
      (result as Promise<void>).catch(onError);
    }
  } catch (error) {
    onError(error);
  }
}
