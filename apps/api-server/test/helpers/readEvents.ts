/** One server-sent event as a client sees it. */
export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** What {@link readEvents} collected. */
export interface ReadEventsResult {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  /** Comment-only blocks (heartbeats). */
  comments: number;
}

/**
 * Opens `GET url` as an event stream and collects events until `stop(events, comments)` is true or `timeoutMs`
 * passes; then aborts the connection. A real streaming client (fetch + a reader), parsing the `text/event-stream`
 * format.
 */
export function readEvents(
  url: string,
  headers: Record<string, string>,
  stop: (events: SseEvent[], comments: number) => boolean,
  timeoutMs = 10_000,
): Promise<ReadEventsResult> {
  return openEvents(url, headers, stop, timeoutMs).result;
}

/**
 * {@link readEvents}, plus `opened`: settled once the answer's headers are in. The server subscribes the stream
 * before it sends them, so from then on nothing published is missed: tests wait for it (not for a sleep) before
 * they cause the events they expect. `opened` rejects when the request fails.
 */
export function openEvents(
  url: string,
  headers: Record<string, string>,
  stop: (events: SseEvent[], comments: number) => boolean,
  timeoutMs = 10_000,
): { opened: Promise<void>; result: Promise<ReadEventsResult> } {
  let markOpened!: () => void;
  let failOpened!: (error: unknown) => void;
  const opened = new Promise<void>((resolve, reject) => {
    markOpened = resolve;
    failOpened = reject;
  });
  const result = collect(url, headers, stop, timeoutMs, markOpened);
  result.then(markOpened, failOpened);
  return { opened, result };
}

async function collect(
  url: string,
  headers: Record<string, string>,
  stop: (events: SseEvent[], comments: number) => boolean,
  timeoutMs: number,
  onOpen: () => void,
): Promise<ReadEventsResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { headers, signal: controller.signal });
  onOpen();
  const events: SseEvent[] = [];
  let comments = 0;
  if (res.status !== 200 || !res.body) {
    clearTimeout(timer);
    controller.abort();
    return { status: res.status, contentType: res.headers.get('content-type'), events, comments };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!stop(events, comments)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith(':'))) comments++;
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        const data = field('data');
        if (data.length > 0)
          events.push({ id: field('id')[0], event: field('event')[0], data: data.join('\n') });
        cut = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // aborted by the time-out
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events, comments };
}
