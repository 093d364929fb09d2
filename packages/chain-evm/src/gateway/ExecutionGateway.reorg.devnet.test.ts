import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSwapTransaction } from '../swap/buildSwapTransaction.js';
import { computeAmountOutMin } from '../swap/computeAmountOutMin.js';
import { quoteSwap } from '../swap/quoteSwap.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { ExecutionGateway } from './ExecutionGateway.js';
import type { GatewayEvent } from './gatewayTypes.js';
import { createGatewaySteps } from './steps/createGatewaySteps.js';
import { createMemoryNonceManager } from './steps/createMemoryNonceManager.js';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';

// Issue 32: a swap mined, then its block reorganized away (anvil_rollback). The reconciler puts the execution back
// to pending, hands the same signed bytes to the node again, and settles it once when it is mined again; the
// governor's committed spend counts it once. Effects are read with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('a mined execution whose block is reorganized away', () => {
  it('goes back to pending, is re-broadcast with the same bytes, settles once; the governor counts it once', async () => {
    const account = env.devnet.manifest.accounts[2]!;
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      policy: { maxPerTx: parseEther('0.05'), dailyLimit: parseEther('0.5') },
    });
    const events: GatewayEvent[] = [];
    const gateway = new ExecutionGateway({
      privateKey: account.privateKey,
      chains: [env.chain],
      provider: async () => env.provider,
      governor,
      tokenSafety: {
        getReport: async ({ address }) => ({
          token: address,
          tax: { isHoneypot: false, buyTax: 0, sellTax: 0 },
          factors: [],
        }),
      },
      store: new MemoryExecutionStore(),
      nonces: createMemoryNonceManager({ provider: async () => env.provider }),
      steps: createGatewaySteps({ minLiquidityWei: parseEther('10') }),
      settings: { receiptTimeoutMs: 10_000 },
      onEvent: (event) => events.push(event),
    });
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const quote = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn: parseEther('0.01'),
    });
    const min = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps: 100 });
    const tx = buildSwapTransaction({
      chain: env.chain,
      quote,
      amountOutMin: min,
      recipient: account.address,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
    });
    const { record } = await gateway.execute({
      chainId: 31337,
      action: 'swap',
      to: tx.to,
      data: tx.data,
      value: tx.value,
      spends: [],
      acquires: [{ token: usdc, amount: min }],
      description: 'reorg test swap',
    });
    expect(record.status).toBe('confirmed');
    const hash = record.minedHash as string;
    // The record keeps the hash of the block it was mined in, as the chain has it.
    const minedBlock = await reader.getBlock(record.blockNumber as number);
    expect(record.blockHash).toBe(minedBlock?.hash);
    // While the chain agrees, a pass reads the block, not the receipt, and changes nothing.
    expect(await gateway.reconcile()).toEqual([]);
    const committed = (await governor.status()).spent.daily.committed;
    expect(committed).toBe(parseEther('0.01') + (record.feeWei as bigint));

    // The block is reorganized away; nothing is mined until the test says so.
    await reader.send('evm_setAutomine', [false]);
    try {
      await reader.send('anvil_rollback', [1]);
      // Another block takes its place, without the swap.
      await reader.send('evm_mine', []);
      expect(await reader.getBlockNumber()).toBe(record.blockNumber);
      expect(await reader.getTransactionReceipt(hash)).toBeNull();
      const replaced = (await reader.getBlock(record.blockNumber as number))?.hash;
      expect(replaced).not.toBe(record.blockHash);
      const back = await gateway.reconcile();
      expect(back.map((r) => [r.id, r.status, r.code])).toEqual([[record.id, 'pending', 'REORGED']]);
      expect(events).toContainEqual({
        type: 'reorged',
        executionId: record.id,
        blockNumber: record.blockNumber,
        blockHash: record.blockHash,
        hash,
      });
      // The stored hash no longer matched: said once for the block, naming the execution.
      expect(events.filter((e) => e.type === 'chain-reorg')).toEqual([
        {
          type: 'chain-reorg',
          chainId: 31337,
          reason: 'hash-mismatch',
          blockNumber: record.blockNumber,
          storedHash: record.blockHash,
          chainHash: replaced,
          head: record.blockNumber,
          executionIds: [record.id],
          reorged: [record.id],
        },
      ]);
      // Handed to the node again: the same signed transaction waits in its pool.
      const pooled = (await reader.send('txpool_content', [])) as {
        pending: Record<string, Record<string, { hash: string }>>;
      };
      const mine = Object.entries(pooled.pending).find(
        ([from]) => from.toLowerCase() === account.address.toLowerCase(),
      );
      expect(Object.values(mine?.[1] ?? {}).map((t) => t.hash)).toEqual([hash]);
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    expect((await reader.getTransactionReceipt(hash))?.status).toBe(1);
    const settled = await gateway.reconcile();
    expect(settled.map((r) => [r.id, r.status, r.minedHash])).toEqual([[record.id, 'confirmed', hash]]);
    const again = await reader.getTransactionReceipt(hash);
    expect(settled[0]).toMatchObject({ blockNumber: again?.blockNumber, blockHash: again?.blockHash });
    // Nothing more to do, and counted once.
    expect(await gateway.reconcile()).toEqual([]);
    const status = await governor.status();
    expect(status.spent.daily.committed).toBe(committed);
    expect(status.openReservations).toEqual([]);
  });
});
