/** One server-sent event as a client sees it. */
export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/**
 * Opens `GET url` as an event stream and collects events until `stop(events)` is true or `timeoutMs` passes; then
 * aborts the connection. A real streaming client (fetch + a reader), parsing the `text/event-stream` format.
 */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  stop: (events: SseEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ status: number; contentType: string | null; events: SseEvent[]; comments: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { headers, signal: controller.signal });
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
    while (!stop(events)) {
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
