import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { MAX_ALLOWANCE } from './constants.js';
import { scanApprovals } from './scanApprovals.js';
import { MemoryApprovalScanStore } from './store/MemoryApprovalScanStore.js';
import { grantOnChain } from './testing/grantOnChain.js';
import type { ApprovalScanReorg } from './verifyScanCoverage.js';

// Issue 32: what earlier scans covered is checked against the chain before it is trusted. The chain is changed
// under a kept store with anvil's own rollback; approvals are granted with plain ethers transactions.
let env: SwapDevnet;
let rpc: JsonRpcProvider;

beforeAll(async () => {
  env = await startSwapDevnet();
  rpc = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  rpc?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

/** A granter on a fresh signer (its nonce read again: a rollback takes nonces back). */
const owner = (index: number) =>
  grantOnChain({ provider: rpc, privateKey: env.devnet.manifest.accounts[index]!.privateKey });
const mine = (blocks: number) => rpc.send('anvil_mine', [`0x${blocks.toString(16)}`]);

describe('scanApprovals on a chain that changes under what it covered', () => {
  it('an approval reorganized away and another mined in its place: the next scan reports the new one, not the old', async () => {
    const { accounts, tokens } = env.devnet.manifest;
    const address = owner(4).address;
    const store = new MemoryApprovalScanStore();
    const reorgs: ApprovalScanReorg[] = [];
    const scan = () =>
      scanApprovals({
        provider: rpc,
        chain: env.chain,
        owner: address,
        store,
        onReorg: (r) => reorgs.push(r),
      });
    const before = await scan();
    const kept = before.blockNumber;
    await mine(2);
    await owner(4).approve(tokens.usdc.address, accounts[1]!.address, 111n);
    await mine(1);
    const seen = await scan();
    expect(seen.reorg).toBeNull();
    expect(seen.approvals.map((a) => [a.spender, a.allowance])).toEqual([[accounts[1]!.address, 111n]]);

    // The last two blocks are reorganized away (the approval with them); another approval is mined instead.
    await rpc.send('anvil_rollback', [2]);
    await owner(4).approve(tokens.usdc.address, accounts[2]!.address, 222n);
    await mine(3);
    const after = await scan();
    expect(after.approvals.map((a) => [a.spender, a.allowance])).toEqual([[accounts[2]!.address, 222n]]);
    expect(after.reorg).toEqual({
      reason: 'hash-mismatch',
      coveredTo: seen.blockNumber,
      head: after.blockNumber,
      rewindTo: kept,
    });
    expect(after.scannedRanges).toEqual([{ fromBlock: kept + 1, toBlock: after.blockNumber }]);
    expect(reorgs).toEqual([after.reorg]);
    // The rewound store holds the new pair only, and the next scan trusts it again.
    expect((await store.load({ chainId: 31337, owner: address }))?.candidates.map((c) => c.spender)).toEqual([
      accounts[2]!.address,
    ]);
    expect((await scan()).reorg).toBeNull();
  });

  it('a chain reset under kept data (the head below what was covered): a live unlimited approval is found', async () => {
    const { accounts, tokens } = env.devnet.manifest;
    const address = owner(3).address;
    const store = new MemoryApprovalScanStore();
    await mine(20);
    const old = await scanApprovals({ provider: rpc, chain: env.chain, owner: address, store });
    expect(old.approvals).toEqual([]);
    // A new chain (here: 15 blocks taken back) where the owner granted an unlimited approval.
    await rpc.send('anvil_rollback', [15]);
    await owner(3).approve(tokens.dai.address, accounts[6]!.address, MAX_ALLOWANCE);
    const head = await rpc.getBlockNumber();
    expect(head).toBeLessThan(old.toBlock);
    for (const fromBlock of [undefined, 0]) {
      const found = await scanApprovals({
        provider: rpc,
        chain: env.chain,
        owner: address,
        store,
        ...(fromBlock === undefined ? {} : { fromBlock }),
      });
      expect(found.approvals).toMatchObject([{ spender: accounts[6]!.address, unlimited: true }]);
    }
  });
});
