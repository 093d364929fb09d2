import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  connectHttp,
  type HttpChild,
  openHttpSession,
  spawnHttp,
  structured,
} from './helpers/mcpClients.js';
import { type Stack, startStack } from './helpers/startStack.js';

// The SDK's own client over Streamable HTTP against the built `wallet-ops-mcp --http`, a client of the real API
// server on the devnet with CONFIRM_MODE=all: every swap is held for the operator, who decides over HTTP.
const MCP_KEY = 'mcp-http-key-of-its-own-0123456789abcdef';
let stack: Stack;
let http: HttpChild;
let client: Client;

beforeAll(async () => {
  stack = await startStack({ CONFIRM_MODE: 'all' }, 4);
  http = await spawnHttp({ ...stack.mcpEnv, MCP_HTTP_KEY: MCP_KEY, MCP_HTTP_MAX_SESSIONS: '2' });
  client = await connectHttp(http.url, MCP_KEY);
});
afterAll(async () => {
  await client?.close();
  await http?.stop();
  await stack?.stop();
});

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const post = (url: string, headers: Record<string, string>, body: unknown = initialize) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });

describe('wallet-ops-mcp over Streamable HTTP', () => {
  it('binds to loopback and refuses: no key, a wrong key, the key in a URL, a foreign Origin, a foreign Host', async () => {
    expect(new URL(http.url).hostname).toBe('127.0.0.1');
    const bearer = { authorization: `Bearer ${MCP_KEY}` };
    expect((await post(http.url, {})).status).toBe(401);
    expect(
      (await post(http.url, { authorization: `Bearer ${stack.mcpEnv.WALLET_OPS_API_KEY}` })).status,
    ).toBe(401);
    expect((await post(`${http.url}?key=${MCP_KEY}`, {})).status).toBe(400);
    expect((await post(http.url, { ...bearer, origin: 'https://evil.example' })).status).toBe(403);
    // A DNS-rebinding page reaches 127.0.0.1 under its own host name.
    const port = new URL(http.url).port;
    // (fetch will not send a Host of its own: node:http does.)
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(
        http.url,
        {
          method: 'POST',
          headers: {
            ...bearer,
            host: `evil.example:${port}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(initialize));
    });
    expect(rebound).toBe(403);
  });

  it('limits the sessions: one more than MCP_HTTP_MAX_SESSIONS is refused with 503', async () => {
    const second = await openHttpSession(http.url, MCP_KEY);
    try {
      const third = await post(http.url, { authorization: `Bearer ${MCP_KEY}` });
      expect(third.status).toBe(503);
      expect(await third.text()).toMatch(/TOO_MANY_SESSIONS/);
    } finally {
      await second.transport.terminateSession();
      await second.client.close();
    }
    // The closed session frees its place.
    const again = await openHttpSession(http.url, MCP_KEY);
    expect(again.transport.sessionId).toEqual(expect.any(String));
    await again.transport.terminateSession();
    await again.client.close();
  });

  it('lists the tools over HTTP', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('follow_held_action');
    expect(tools.every((t) => t.outputSchema?.type === 'object')).toBe(true);
  });

  it('a held action comes back with its id and expiry, and completes on chain after the operator approves over HTTP', async () => {
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await client.subscribeResource({ uri: 'wallet-ops://held-actions' });
    // The API server's event stream has been followed since the session started (in beforeAll).
    const nonce = await stack.nonce();
    const held = structured(
      await call(client, 'swap_execute', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
    );
    expect(held.status).toBe('awaiting_confirmation');
    const confirmation = held.confirmation as { id: string; expiresAt: string };
    expect(confirmation.id).toEqual(expect.any(String));
    expect(Date.parse(confirmation.expiresAt)).toBeGreaterThan(Date.now());
    expect(String(held.next)).toContain(`follow_held_action with confirmationId ${confirmation.id}`);
    expect(await stack.nonce()).toBe(nonce);

    await expect.poll(() => updates, { timeout: 10_000 }).toContain('wallet-ops://held-actions');
    const listed = await client.readResource({ uri: 'wallet-ops://held-actions' });
    const open = JSON.parse(String((listed.contents[0] as { text: string }).text)) as {
      items: { id: string }[];
    };
    expect(open.items.map((i) => i.id)).toContain(confirmation.id);

    // Waiting without a decision is bounded and says so.
    const waiting = structured(
      await call(client, 'follow_held_action', { confirmationId: confirmation.id, waitSeconds: 1 }),
    );
    expect(waiting).toMatchObject({
      done: false,
      decision: 'pending',
      executionStatus: 'awaiting_confirmation',
    });

    const follow = call(client, 'follow_held_action', { confirmationId: confirmation.id, waitSeconds: 60 });
    const approved = await stack.operator(`/confirmations/${confirmation.id}/approve`, {
      note: 'checked by a human',
    });
    expect(approved.status).toBe(200);
    const done = structured(await follow);
    expect(done).toMatchObject({ done: true, decision: 'approved', executionStatus: 'confirmed' });
    expect(await stack.cast('receipt', String(done.txHash), 'status')).toMatch(/^(1|true)\b/);
    expect(await stack.nonce()).toBe(nonce + 1);

    const followed = structured(
      await call(client, 'follow_execution', { executionId: String(held.executionId), waitSeconds: 0 }),
    );
    expect(followed).toMatchObject({ done: true, status: 'confirmed', txHash: done.txHash });
  });
});
