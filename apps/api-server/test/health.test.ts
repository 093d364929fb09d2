import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/startTestServer.js';

let devnet: StartDevnetReturnType;
let dead: Server;
let deadUrl = '';
beforeAll(async () => {
  devnet = await startDevnet();
  dead = createServer((_req, res) => res.writeHead(503).end());
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
});
afterAll(async () => {
  dead.closeAllConnections();
  await new Promise((r) => dead.close(r));
  await devnet?.stop();
});

interface Health {
  status: string;
  version: string;
  checks: { database: string; chains: { ok: number; total: number } };
}

describe('GET /health', () => {
  it('ok when the database and every chain node answer; no key needed; no URL or name in the answer', async () => {
    const server = await startTestServer({ RPC_URL_DEVNET: devnet.rpcUrl });
    try {
      const res = await server.call('/health', { key: null });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text) as Health).toMatchObject({
        status: 'ok',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        checks: { database: 'ok', chains: { ok: 1, total: 1 }, rescans: 0 },
      });
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('devnet');
    } finally {
      await server.close();
    }
  });

  it('degraded — never ok — when the only chain is gone', async () => {
    const server = await startTestServer({ RPC_URL_DEVNET: deadUrl, RPC_TIMEOUT_MS: '500' });
    try {
      const res = await server.call('/health', { key: null });
      expect(res.status).toBe(200);
      expect((await res.json()) as Health).toMatchObject({
        status: 'degraded',
        checks: { chains: { ok: 0, total: 1 } },
      });
    } finally {
      await server.close();
    }
  });

  it('degraded when one of two chains is gone; answers are shared for a moment instead of pinging per request', async () => {
    let pings = 0;
    const counting = createServer((req, res) => {
      pings++;
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: number };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id, result: '0xaa36a7' }));
      });
    });
    await new Promise<void>((r) => counting.listen(0, '127.0.0.1', r));
    const server = await startTestServer({
      RPC_URL_DEVNET: deadUrl,
      RPC_URL_SEPOLIA: `http://127.0.0.1:${(counting.address() as AddressInfo).port}`,
      RPC_TIMEOUT_MS: '500',
    });
    // Start-up read the chain (its genesis and head, for the data directory's check): count /health's pings only.
    pings = 0;
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => server.call('/health', { key: null })),
      );
      for (const res of answers) {
        expect((await res.json()) as Health).toMatchObject({
          status: 'degraded',
          checks: { chains: { ok: 1, total: 2 } },
        });
      }
      expect(pings).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
      counting.closeAllConnections();
      await new Promise((r) => counting.close(r));
    }
  });
});
