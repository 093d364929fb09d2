import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamEvent } from './parseEventStream';

function parseInChunks(chunks: string[]): { events: StreamEvent[]; retries: number[] } {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({
    onEvent: (e) => events.push(e),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

// What the API server writes (streamEvents): a retry line, a gap event without id, events with ids, heartbeats.
const STREAM =
  'retry: 2000\n\n' +
  'event: gap\ndata: {"lastEventId":null}\n\n' +
  ': keep-alive\n\n' +
  'id: ab12cd34-1\nevent: execution.held\ndata: {"id":"ab12cd34-1","type":"execution.held"}\n\n' +
  'id: ab12cd34-2\r\nevent: governor.kill-switch\r\ndata: {"engaged":true}\r\n\r\n' +
  'id: ab12cd34-3\revent: multi\rdata: line one\rdata:line two\r\r';

const EXPECTED: StreamEvent[] = [
  { type: 'gap', data: '{"lastEventId":null}', lastEventId: '' },
  {
    type: 'execution.held',
    data: '{"id":"ab12cd34-1","type":"execution.held"}',
    lastEventId: 'ab12cd34-1',
  },
  { type: 'governor.kill-switch', data: '{"engaged":true}', lastEventId: 'ab12cd34-2' },
  { type: 'multi', data: 'line one\nline two', lastEventId: 'ab12cd34-3' },
];

describe('createEventStreamParser', () => {
  it('parses the stream in one piece: events, ids, the retry field; comments skipped; LF, CRLF and CR lines', () => {
    expect(parseInChunks([STREAM])).toEqual({ events: EXPECTED, retries: [2000] });
  });

  it('gives the same events for every split of the stream into two chunks (a CRLF split included)', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect(parseInChunks([STREAM.slice(0, at), STREAM.slice(at)]).events).toEqual(EXPECTED);
    }
  });

  it('gives the same events when the stream arrives one character at a time', () => {
    expect(parseInChunks([...STREAM]).events).toEqual(EXPECTED);
  });

  it('dispatches nothing for an event whose blank line has not arrived, nor for one without data', () => {
    expect(parseInChunks(['id: 1\nevent: a\n\n', 'event: b\ndata: x\n']).events).toEqual([]);
  });

  it('ignores an id with NUL and a retry that is not digits; keeps the last id for later events', () => {
    const { events, retries } = parseInChunks(['id: 7\ndata: a\n\nid: 8\u00009\nretry: 1e3\ndata: b\n\n']);
    expect(events.map((e) => e.lastEventId)).toEqual(['7', '7']);
    expect(retries).toEqual([]);
  });

  it('treats a field without a colon as an empty value and strips only one leading space', () => {
    const { events } = parseInChunks(['data\ndata:  two spaces\n\n']);
    expect(events[0]?.data).toBe('\n two spaces');
  });
});
