import { type StartDevnetReturnType, startDevnet, waitMined } from '@org/devnet';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { testContext } from '../testing/gatewayHarness.js';
import { findNonceTaker } from './findNonceTaker.js';

// Against the devnet: which mined transaction of the wallet used a nonce (the one that is not ours, named on a
// NONCE_CONSUMED record).
let devnet: StartDevnetReturnType;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
});

describe('findNonceTaker', () => {
  it('finds the hash that used each nonce, between empty blocks; null for a nonce not used yet', async () => {
    const account = devnet.manifest.accounts[3]!;
    const signer = new Wallet(account.privateKey, provider);
    const start = await provider.getTransactionCount(account.address, 'latest');
    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const tx = await waitMined(
        signer.sendTransaction({ to: account.address, value: 0n, nonce: start + i }),
      );
      hashes.push(tx.hash);
      await provider.send('anvil_mine', ['0x7']);
    }
    const { ctx } = testContext();
    const head = Number(await provider.send('eth_blockNumber', []));
    const address = account.address as Address;
    for (let i = 0; i < 3; i++) {
      expect(await findNonceTaker(ctx, { provider, chainId: 31337, address, nonce: start + i, head })).toBe(
        hashes[i],
      );
    }
    expect(
      await findNonceTaker(ctx, { provider, chainId: 31337, address, nonce: start + 3, head }),
    ).toBeNull();
  });

  it('a node that errs names nothing (null), it does not throw', async () => {
    const { ctx } = testContext();
    const failing = {
      send: async () => {
        throw new Error('missing trie node');
      },
    };
    const address = devnet.manifest.accounts[3]!.address as Address;
    expect(
      await findNonceTaker(ctx, { provider: failing, chainId: 31337, address, nonce: 0, head: 50 }),
    ).toBeNull();
  });
});
