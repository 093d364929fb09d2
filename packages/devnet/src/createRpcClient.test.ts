import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from './createRpcClient.js';

// A local JSON-RPC server whose behaviour is chosen by the method name, in the shapes real nodes produce.
let server: Server;
let url: string;
const handler = (request: IncomingMessage, response: ServerResponse): void => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    const json = (value: unknown): void => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (method === 'echo') json({ jsonrpc: '2.0', id, result: params });
    else if (method === 'slow') setTimeout(() => json({ jsonrpc: '2.0', id, result: null }), 2_000);
    else if (method === 'stall') {
      // Headers and half a body, then nothing: only the time-out can end this.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"jsonrpc":"2.0","id":');
    } else if (method === 'reverts')
      json({ jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } });
    else if (method === 'garbage') {
      response.writeHead(200);
      response.end('<html>not json</html>');
    } else if (method === 'empty') json({ jsonrpc: '2.0', id });
    else {
      response.writeHead(503);
      response.end('upstream down');
    }
  });
};

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createRpcClient', () => {
  it('returns the result of a JSON-RPC call', async () => {
    const rpc = createRpcClient({ url });
    expect(await rpc.request('echo', [1, 'two'])).toEqual([1, 'two']);
  });

  it('maps every failure to a typed RpcError', async () => {
    const rpc = createRpcClient({ url, timeoutMs: 200 });
    await expect(rpc.request('slow')).rejects.toMatchObject({ code: 'DEVNET_RPC_ERROR', reason: 'timeout' });
    await expect(rpc.request('stall')).rejects.toMatchObject({ code: 'DEVNET_RPC_ERROR', reason: 'timeout' });
    await expect(rpc.request('reverts')).rejects.toMatchObject({
      code: 'DEVNET_RPC_ERROR',
      reason: 'rpc',
      rpcCode: 3,
      method: 'reverts',
    });
    await expect(rpc.request('garbage')).rejects.toMatchObject({ reason: 'malformed' });
    await expect(rpc.request('empty')).rejects.toMatchObject({ reason: 'malformed' });
    await expect(rpc.request('unknown')).rejects.toMatchObject({ reason: 'http', details: 'upstream down' });
    const closed = createRpcClient({ url: 'http://127.0.0.1:1', timeoutMs: 2_000 });
    await expect(closed.request('echo')).rejects.toMatchObject({ reason: 'transport' });
  });

  it('validates its parameters', () => {
    expect(() => createRpcClient({ url: 'ftp://x' })).toThrow(expect.objectContaining({ parameter: 'url' }));
    expect(() => createRpcClient({ url, timeoutMs: 0 })).toThrow(
      expect.objectContaining({ parameter: 'timeoutMs' }),
    );
  });
});
