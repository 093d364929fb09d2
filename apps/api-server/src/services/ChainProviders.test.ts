import { chains } from '@org/chain-evm';
import { type RpcProxy, startRpcProxy } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainProviders } from './ChainProviders.js';

// A local JSON-RPC endpoint (the devnet package's proxy, every request answered by the test: no upstream is reached)
// answering `eth_chainId` in the real shape, with the chain it serves set by the test.
let node: RpcProxy;
let url: string;
let served = '0x1';
let asked = 0;
beforeAll(async () => {
  node = await startRpcProxy({ upstream: 'http://127.0.0.1:9' });
  node.intercept = (request) => {
    if (request.method !== 'eth_chainId') return { error: { code: -32601, message: 'method not found' } };
    asked += 1;
    return { result: served };
  };
  url = node.url;
});
afterAll(async () => {
  await node?.close();
});

const providersFor = (recheckMs: number) =>
  new ChainProviders({ rpcUrls: new Map([[1, url]]), timeoutMs: 2_000, registry: chains, recheckMs });

describe('ChainProviders: the chain id proved at first use, proved again for sends', () => {
  it('a read trusts the first proof; a send asks again once the proof is older than recheckMs', async () => {
    served = '0x1';
    const providers = providersFor(60_000);
    asked = 0;
    await providers.get('1');
    await providers.get('1');
    await providers.get('1', { recheck: true });
    // One proof, younger than a minute: neither the second read nor the send asked again.
    expect(asked).toBe(1);
    providers.destroy();
  });

  it('with recheckMs 0 every send asks; a node now on another chain is RPC_CHAIN_MISMATCH, for reads too from then on', async () => {
    served = '0x1';
    const providers = providersFor(0);
    asked = 0;
    await providers.get('1');
    await providers.get('1', { recheck: true });
    expect(asked).toBe(2);
    served = '0x89';
    await expect(providers.get('1', { recheck: true })).rejects.toMatchObject({ code: 'RPC_CHAIN_MISMATCH' });
    await expect(providers.get('1')).rejects.toMatchObject({ code: 'RPC_CHAIN_MISMATCH' });
    served = '0x1';
    await expect(providers.get('1')).resolves.toMatchObject({ chain: { id: 1 } });
    providers.destroy();
  });
});
