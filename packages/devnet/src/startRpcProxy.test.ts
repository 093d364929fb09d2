import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from './createRpcClient.js';
import { startRpcProxy } from './startRpcProxy.js';

// A tiny upstream node: answers every method with its name and params, so forwarding is visible.
let upstream: Server;
let upstreamUrl: string;
let upstreamHits = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      upstreamHits++;
      const parsed = JSON.parse(body) as
        | { id: number; method: string; params: unknown[] }[]
        | { id: number; method: string; params: unknown[] };
      const answer = (r: { id: number; method: string; params: unknown[] }) => ({
        jsonrpc: '2.0',
        id: r.id,
        result: { method: r.method, params: r.params },
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

describe('startRpcProxy', () => {
  it('forwards requests and counts them by method, batch entries one by one', async () => {
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    try {
      const rpc = createRpcClient({ url: proxy.url });
      expect(await rpc.request('eth_blockNumber', [])).toEqual({ method: 'eth_blockNumber', params: [] });
      await rpc.request('eth_call', [{ to: '0x01' }, 'latest']);
      const batch = await fetch(proxy.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [] },
          { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
        ]),
      });
      expect(((await batch.json()) as { id: number }[]).map((a) => a.id)).toEqual([1, 2]);
      expect(proxy.count()).toBe(4);
      expect(proxy.count('eth_call')).toBe(2);
      expect(proxy.count('eth_chainId')).toBe(1);
      expect(proxy.requests[1]).toMatchObject({ method: 'eth_call', params: [{ to: '0x01' }, 'latest'] });
      expect(proxy.requests.every((r) => typeof r.durationMs === 'number' && r.durationMs >= 0)).toBe(true);
      expect(proxy.requests[1]!.startedAt).toBeGreaterThanOrEqual(proxy.requests[0]!.startedAt);
      proxy.reset();
      expect(proxy.count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('intercept answers an error or a result without forwarding, or drops the connection', async () => {
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    try {
      const rpc = createRpcClient({ url: proxy.url, timeoutMs: 2_000 });
      const before = upstreamHits;
      proxy.intercept = (r) =>
        r.method === 'eth_getLogs'
          ? { error: { code: -32005, message: 'query returned more than 10000 results' } }
          : r.method === 'eth_chainId'
            ? { result: '0x7a69' }
            : r.method === 'eth_sendRawTransaction'
              ? 'drop'
              : undefined;
      await expect(rpc.request('eth_getLogs', [{}])).rejects.toThrow(/more than 10000 results/);
      expect(await rpc.request('eth_chainId')).toBe('0x7a69');
      await expect(rpc.request('eth_sendRawTransaction', ['0x'])).rejects.toThrow();
      expect(upstreamHits).toBe(before);
      proxy.intercept = undefined;
      expect(await rpc.request('eth_getLogs', [{}])).toEqual({ method: 'eth_getLogs', params: [{}] });
      expect(upstreamHits).toBe(before + 1);
      expect(proxy.count('eth_getLogs')).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it('raw answers a body verbatim without forwarding: not JSON, or JSON that is not a JSON-RPC answer', async () => {
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    try {
      const before = upstreamHits;
      proxy.intercept = (r) =>
        r.method === 'eth_blockNumber' ? { raw: '<html>502 Bad Gateway</html>' } : { raw: '{"hello":1}' };
      const post = async (method: string) =>
        (
          await fetch(proxy.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
          })
        ).text();
      expect(await post('eth_blockNumber')).toBe('<html>502 Bad Gateway</html>');
      expect(await post('eth_call')).toBe('{"hello":1}');
      expect(upstreamHits).toBe(before);
      expect(proxy.count()).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it('delays a request by a time or until a promise settles, then forwards it; swallow never forwards nor answers', async () => {
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    try {
      const rpc = createRpcClient({ url: proxy.url, timeoutMs: 2_000 });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const target = `0x${'ab'.repeat(32)}`;
      // Per hash: only the receipt of `target` waits for the gate; another hash passes at once.
      proxy.intercept = (r) =>
        r.method === 'eth_getTransactionReceipt' && r.params[0] === target
          ? { until: gate }
          : r.method === 'eth_blockNumber'
            ? { delayMs: 30 }
            : r.method === 'eth_sendRawTransaction'
              ? { swallow: true }
              : undefined;
      const before = upstreamHits;
      const held = rpc.request('eth_getTransactionReceipt', [target]);
      let settled = false;
      void held.then(() => {
        settled = true;
      });
      const other = await rpc.request('eth_getTransactionReceipt', ['0x01']);
      expect(other).toEqual({ method: 'eth_getTransactionReceipt', params: ['0x01'] });
      expect(settled).toBe(false);
      expect(upstreamHits).toBe(before + 1);
      release();
      expect(await held).toEqual({ method: 'eth_getTransactionReceipt', params: [target] });
      expect(upstreamHits).toBe(before + 2);
      const t0 = performance.now();
      await rpc.request('eth_blockNumber');
      expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
      const swallowed = createRpcClient({ url: proxy.url, timeoutMs: 200 });
      await expect(swallowed.request('eth_sendRawTransaction', ['0x02'])).rejects.toThrow();
      expect(upstreamHits).toBe(before + 3);
      expect(proxy.count('eth_sendRawTransaction')).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('while down, answers HTTP 503 and forwards nothing; back up, it forwards again', async () => {
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    try {
      const rpc = createRpcClient({ url: proxy.url, timeoutMs: 2_000 });
      const before = upstreamHits;
      proxy.down = true;
      await expect(rpc.request('eth_blockNumber')).rejects.toThrow();
      expect(upstreamHits).toBe(before);
      proxy.down = false;
      await rpc.request('eth_blockNumber');
      expect(upstreamHits).toBe(before + 1);
    } finally {
      await proxy.close();
    }
  });

  it('refuses an upstream that is not an http(s) URL; close is idempotent', async () => {
    await expect(startRpcProxy({ upstream: 'ws://x' })).rejects.toThrow(/upstream/);
    const proxy = await startRpcProxy({ upstream: upstreamUrl });
    await Promise.all([proxy.close(), proxy.close()]);
  });
});
