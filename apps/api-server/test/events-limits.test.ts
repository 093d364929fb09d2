import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/startTestServer.js';

describe('GET /events: streams are bounded in all and per client address', () => {
  it('over EVENTS_MAX_STREAMS_PER_CLIENT → 429 TOO_MANY_STREAMS; a closed stream frees its slot', async () => {
    const server = await startTestServer({ EVENTS_MAX_STREAMS_PER_CLIENT: '2', EVENTS_MAX_STREAMS: '50' });
    try {
      const open = [await server.call('/events'), await server.call('/events')];
      for (const res of open) expect(res.status).toBe(200);
      const third = await server.call('/events');
      expect(third.status).toBe(429);
      expect(third.headers.get('content-type')).toContain('application/problem+json');
      expect(third.headers.get('retry-after')).toBe('5');
      expect(((await third.json()) as { code: string }).code).toBe('TOO_MANY_STREAMS');
      await open[0]?.body?.cancel();
      // The server sees the close shortly after the client cancels.
      let again: Response | undefined;
      for (let i = 0; i < 50; i += 1) {
        again = await server.call('/events');
        if (again.status === 200) break;
        await again.body?.cancel();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(again?.status).toBe(200);
      await again?.body?.cancel();
      await open[1]?.body?.cancel();
    } finally {
      await server.close();
    }
  });

  it('over EVENTS_MAX_STREAMS in all → 503 EVENT_STREAMS_FULL', async () => {
    const server = await startTestServer({ EVENTS_MAX_STREAMS_PER_CLIENT: '10', EVENTS_MAX_STREAMS: '3' });
    try {
      const open = await Promise.all([1, 2, 3].map(() => server.call('/events')));
      for (const res of open) expect(res.status).toBe(200);
      const fourth = await server.call('/events');
      expect(fourth.status).toBe(503);
      expect(((await fourth.json()) as { code: string }).code).toBe('EVENT_STREAMS_FULL');
      for (const res of open) await res.body?.cancel();
    } finally {
      await server.close();
    }
  });

  it('the OpenAPI document lists both refusals of GET /events as problem answers', async () => {
    const server = await startTestServer();
    try {
      const spec = (await (await server.call('/openapi.json', { key: null })).json()) as {
        paths: Record<
          string,
          { get: { responses: Record<string, { description: string; content?: object }> } }
        >;
      };
      const responses = spec.paths['/events']?.get.responses ?? {};
      expect(responses['429']?.description).toMatch(/TOO_MANY_STREAMS/);
      expect(responses['503']?.description).toMatch(/EVENT_STREAMS_FULL/);
      for (const status of ['429', '503']) {
        expect(Object.keys(responses[status]?.content ?? {})).toEqual(['application/problem+json']);
      }
    } finally {
      await server.close();
    }
  });

  it('the limits are configuration with bounds (a bad value is refused at start)', async () => {
    await expect(startTestServer({ EVENTS_MAX_STREAMS: '0' })).rejects.toThrow(/EVENTS_MAX_STREAMS/);
  });
});
