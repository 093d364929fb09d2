/** One dispatched server-sent event. */
export interface StreamEvent {
  /** The `event:` field (`message` when absent). */
  readonly type: string;
  readonly data: string;
  /** The last `id:` seen on the stream, including this event's (empty when none yet). */
  readonly lastEventId: string;
}

/** Callbacks of {@link createEventStreamParser}. */
export interface EventStreamHandlers {
  readonly onEvent: (event: StreamEvent) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in milliseconds. */
  readonly onRetry?: (ms: number) => void;
}

/**
 * An incremental `text/event-stream` parser (the WHATWG "interpret an event stream" rules): text arrives in
 * arbitrary chunks (a line, a CRLF pair or a field may be split anywhere); lines end with CRLF, LF or CR; comment
 * lines (`:`) are skipped; `data:` lines join with `\n`; an empty line dispatches; an `id` containing NUL is
 * ignored; `retry:` takes digits only. Used because `EventSource` cannot send the key header.
 *
 * @example
 * ```ts
 * const parser = createEventStreamParser({ onEvent: (e) => console.log(e.type, e.data) });
 * parser.push('id: 1\nevent: ping\ndata: {}\n\n');
 * ```
 */
export function createEventStreamParser(handlers: EventStreamHandlers): {
  push(text: string): void;
  readonly lastEventId: string;
} {
  let buffer = '';
  let pendingCarriageReturn = false;
  let type = '';
  let data: string[] = [];
  let lastEventId = '';

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0)
        handlers.onEvent({ type: type === '' ? 'message' : type, data: data.join('\n'), lastEventId });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id') {
      if (!value.includes('\u0000')) lastEventId = value;
    } else if (field === 'retry' && /^[0-9]+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    push(text: string) {
      let chunk = text;
      // A CR that ended the previous chunk already ended its line: an LF right after it belongs to that CRLF.
      if (pendingCarriageReturn && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCarriageReturn = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCarriageReturn = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
