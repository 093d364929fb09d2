import { erc20Abi, erc4626Abi, mintToken, waitMined } from '@org/devnet';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { measureVaultApy } from './measureVaultApy.js';
import { sampleVaultSharePrices } from './sampleVaultSharePrices.js';
import { MemorySharePriceStore } from './store/MemorySharePriceStore.js';

// Issue 32: a share-price sample keeps its block's hash; a sample on a block reorganized away is dropped before the
// next one is taken, so no APY is measured from it. The chain is changed with anvil's own rollback; expectations are
// read with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;
let donor: Wallet;

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const account = env.devnet.manifest.accounts[6]!;
  donor = new Wallet(account.privateKey, reader);
});
afterAll(async () => {
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('share-price samples on a reorganized chain', () => {
  it('a sample on a block reorganized away is dropped (chain.reorg material), never used for the APY; one above the head too', async () => {
    const { tokens } = env.devnet.manifest;
    const vault = tokens.vault.address as Address;
    const store = new MemorySharePriceStore();
    const sample = () =>
      sampleVaultSharePrices({ provider: env.provider, chain: env.chain, vaults: [vault], store });
    const pps = () => new Contract(vault, erc4626Abi, reader).getFunction('convertToAssets')(1_000_000n);

    const first = await sample();
    expect(first.reorgs).toEqual([]);
    const [s1] = await store.list({ chainId: 31337, vault });
    expect(s1?.blockHash).toBe((await reader.getBlock(s1!.blockNumber))?.hash);

    // Two days later a donation raises the share price, and is sampled.
    await reader.send('evm_increaseTime', [2 * 86_400]);
    const donation =
      ((await new Contract(vault, erc4626Abi, reader).getFunction('totalAssets')()) as bigint) / 100n;
    await mintToken({
      devnet: env.devnet,
      token: tokens.usdc,
      to: donor.address as Address,
      amount: donation,
    });
    await waitMined(
      new Contract(tokens.usdc.address, erc20Abi, donor).getFunction('transfer')(vault, donation),
    );
    const second = await sample();
    expect(second.recorded).toEqual([vault]);
    const s2 = (await store.list({ chainId: 31337, vault }))[1]!;
    expect(s2.assetsPerShare).toBeGreaterThan(s1!.assetsPerShare);
    expect(measureVaultApy({ samples: await store.list({ chainId: 31337, vault }) }).apy).toBeGreaterThan(
      100,
    );

    // The donation's block is reorganized away; another block takes its height.
    await reader.send('anvil_rollback', [1]);
    await reader.send('evm_mine', [s2.at / 1000 + 7]);
    const replaced = await reader.getBlock(s2.blockNumber);
    expect(replaced?.hash).not.toBe(s2.blockHash);
    expect(await pps()).toBe(s1!.assetsPerShare);

    const third = await sample();
    expect(third.reorgs).toEqual([
      {
        reason: 'hash-mismatch',
        blockNumber: s2.blockNumber,
        storedHash: s2.blockHash,
        chainHash: replaced?.hash,
        head: s2.blockNumber,
        vaults: [vault],
      },
    ]);
    const kept = await store.list({ chainId: 31337, vault });
    expect(kept.map((s) => [s.blockNumber, s.blockHash, s.assetsPerShare])).toEqual([
      [s1!.blockNumber, s1!.blockHash, s1!.assetsPerShare],
      [s2.blockNumber, replaced?.hash, s1!.assetsPerShare],
    ]);
    // The APY is measured from the chain as it is: no growth.
    expect(measureVaultApy({ samples: kept }).apy).toBe(0);

    // A chain that goes back below the newest sample (a reset, a lagging node): that sample is dropped too.
    await reader.send('anvil_rollback', [2]);
    const fourth = await sample();
    expect(fourth.reorgs.map((r) => [r.reason, r.blockNumber])).toEqual([['above-head', s2.blockNumber]]);
    expect((await store.list({ chainId: 31337, vault })).map((s) => s.blockNumber)).not.toContain(
      s2.blockNumber,
    );
  });
});
