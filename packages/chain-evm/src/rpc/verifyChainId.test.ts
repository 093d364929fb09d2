import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcProvider } from './createRpcProvider.js';
import { verifyChainId } from './verifyChainId.js';

/** What the fake node answers to eth_chainId next. */
let chainIdResult: unknown = '0x1';
let node: Server;
let url = '';

beforeAll(async () => {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const answer =
        method === 'eth_chainId'
          ? { jsonrpc: '2.0', id, result: chainIdResult }
          : { jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});

afterAll(async () => {
  node.closeAllConnections();
  await new Promise((resolve) => node.close(resolve));
});

describe('verifyChainId', () => {
  it('accepts a node that serves the configured chain', async () => {
    chainIdResult = '0x2105';
    const provider = createRpcProvider({ url, chainId: 8453, timeoutMs: 2_000 });
    await expect(verifyChainId({ provider, chainId: 8453 })).resolves.toBeUndefined();
    provider.destroy();
  });

  it('a node serving another chain → RPC_CHAIN_MISMATCH naming the served chain', async () => {
    chainIdResult = '0x1';
    const provider = createRpcProvider({ url, chainId: 8453, timeoutMs: 2_000 });
    const error = await verifyChainId({ provider, chainId: 8453 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RpcError', code: 'RPC_CHAIN_MISMATCH', chainId: 8453 });
    expect((error as Error).message).toContain('serves chain 1');
    provider.destroy();
  });

  it.each([null, 1, '', '0x', 'base', '0xzz', `0x${'f'.repeat(40)}`])(
    'a malformed chain id %j → RPC_ERROR, never accepted',
    async (result) => {
      chainIdResult = result;
      const provider = createRpcProvider({ url, chainId: 1, timeoutMs: 2_000 });
      await expect(verifyChainId({ provider, chainId: 1 })).rejects.toMatchObject({ code: 'RPC_ERROR' });
      provider.destroy();
    },
  );
});
