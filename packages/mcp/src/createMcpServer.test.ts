import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletOpsClient } from './client/WalletOpsClient.js';
import { createMcpServer } from './createMcpServer.js';

// The MCP server in process, with the SDK's client over its in-memory transport, against a local HTTP server that
// answers `/executions/{id}` in the API server's shape: an execution that stays pending.
let url: string;
let reads = 0;
const api = createServer((req, res) => {
  reads += 1;
  if (req.url !== '/executions/ex-1') {
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ status: 404, code: 'EXECUTION_NOT_FOUND', title: 'No such execution' }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'ex-1', status: 'pending', txHash: '0xab' }));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

async function connect(waitMaxSeconds: number): Promise<Client> {
  const server = createMcpServer({
    client: new WalletOpsClient({ url, apiKey: 'k'.repeat(16) }),
    waitMaxSeconds,
    pollIntervalMs: 100,
    progressIntervalMs: 100,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(clientSide);
  return client;
}

describe('createMcpServer', () => {
  it('a follow is bounded by the server cap, reads again while it waits, and reports progress to a client that asked', async () => {
    const client = await connect(1);
    const progress: number[] = [];
    reads = 0;
    const started = Date.now();
    const result = (await client.callTool(
      { name: 'follow_execution', arguments: { executionId: 'ex-1', waitSeconds: 600 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    )) as CallToolResult;
    const elapsed = Date.now() - started;
    expect(result.structuredContent).toMatchObject({ done: false, status: 'pending', txHash: '0xab' });
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    // (Asked 600 s: were the cap not applied, the call would outlive the test's time-out.)
    expect(reads).toBeGreaterThan(2);
    expect(progress.length).toBeGreaterThan(2);
    await client.close();
  });

  it('an unknown execution is a tool error with the code, not a protocol error', async () => {
    const client = await connect(0);
    const result = (await client.callTool({
      name: 'follow_execution',
      arguments: { executionId: 'nope' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/^EXECUTION_NOT_FOUND: No such execution\./);
    await client.close();
  });
});
