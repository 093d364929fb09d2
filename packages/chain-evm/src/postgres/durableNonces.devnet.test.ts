// Several gateways in one process — each its own PostgreSQL pool, as separate instances would have — signing for ONE
// wallet on the devnet, with the durable nonce allocator. What reached the chain is read with a fresh provider.
import { type RpcProxy, startRpcProxy, waitMined } from '@org/devnet';
import { Governor, parseEther } from '@org/governor';
import { PostgresSpendLedger } from '@org/governor/postgres';
import { createTokenSecurityService } from '@org/token-safety';
import { JsonRpcProvider, Transaction, Wallet } from 'ethers';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChainInfo } from '../chains/chains.js';
import { ExecutionGateway } from '../gateway/ExecutionGateway.js';
import type { GatewayEvent } from '../gateway/gatewayTypes.js';
import { createDurableNonceManager } from '../gateway/nonces/createDurableNonceManager.js';
import { createGatewaySteps } from '../gateway/steps/createGatewaySteps.js';
import type { ExecutionIntent, Hex } from '../gateway/types.js';
import { buildSwapTransaction } from '../swap/buildSwapTransaction.js';
import { computeAmountOutMin } from '../swap/computeAmountOutMin.js';
import { quoteSwap } from '../swap/quoteSwap.js';
import { createOnChainEvidenceSource } from '../token-evidence/createOnChainEvidenceSource.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { PostgresExecutionStore } from './PostgresExecutionStore.js';
import { PostgresNonceStore } from './PostgresNonceStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_durable_nonces');
let env: SwapDevnet;
let chain: ChainInfo;
let reader: JsonRpcProvider;
let snapshot = '';
const proxies: RpcProxy[] = [];

beforeAll(async () => {
  env = await startSwapDevnet();
  chain = env.chain;
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});
beforeEach(async () => {
  snapshot = await env.devnet.snapshot();
});
afterEach(async () => {
  await env.devnet.revert(snapshot);
});

const account = () => env.devnet.manifest.accounts[4]!;

function tokenSafety() {
  const { weth, uniswapV2Router02, uniswapV2Factory } = env.devnet.manifest.contracts;
  return createTokenSecurityService({
    chains: [{ id: 31337, name: 'devnet', kind: 'evm', goplus: null, dexscreener: null }],
    sources: [
      createOnChainEvidenceSource({
        provider: env.provider,
        chainId: 31337,
        weth,
        uniswapV2Router02,
        uniswapV2Factory,
      }),
    ],
  });
}

/** One "instance": its own pool, stores, governor and nonce manager on the shared schema; its own RPC proxy. */
async function instance(schema: string, events: GatewayEvent[], clockOffsetMs = 0) {
  const pool: pg.Pool = db.newPool();
  const proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
  proxies.push(proxy);
  const node = new JsonRpcProvider(proxy.url, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const provider = async () => node;
  const store = new PostgresExecutionStore({ pool, schema });
  const nonceStore = new PostgresNonceStore({ pool, schema });
  const governor = new Governor({
    ledger: new PostgresSpendLedger({ pool, schema }),
    policy: { maxPerTx: parseEther('0.05'), dailyLimit: parseEther('5') },
  });
  const nonces = createDurableNonceManager({
    store: nonceStore,
    provider,
    maxInFlight: 16,
    windowWaitMs: 60_000,
  });
  const gateway = new ExecutionGateway({
    privateKey: account().privateKey,
    chains: [chain],
    provider,
    governor,
    tokenSafety: { getReport: ({ chain: id, address }) => tokenSafety().getReport({ chain: id, address }) },
    store,
    nonces,
    steps: createGatewaySteps({ minLiquidityWei: parseEther('10') }),
    settings: { receiptTimeoutMs: 20_000, rpcTimeoutMs: 3_000 },
    onEvent: (event) => events.push(event),
    clock: () => Date.now() + clockOffsetMs,
  });
  return { pool, proxy, node, store, nonceStore, nonces, gateway };
}

async function swapIntent(amountIn: bigint): Promise<ExecutionIntent> {
  const tokenOut = env.devnet.manifest.tokens.usdc.address;
  const quote = await quoteSwap({ provider: env.provider, chain, tokenIn: 'native', tokenOut, amountIn });
  // Wide slippage: the swaps of the other instances move the pool between this quote and the block.
  const min = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps: 2_000 });
  const tx = buildSwapTransaction({
    chain,
    quote,
    amountOutMin: min,
    recipient: account().address,
    deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
  });
  return {
    chainId: 31337,
    action: 'swap',
    to: tx.to,
    data: tx.data,
    value: tx.value,
    spends: [],
    acquires: [{ token: tokenOut, amount: min }],
    description: 'durable nonce swap',
  };
}

interface ChainTx {
  hash: Hex;
  nonce: number;
  to: string | null;
  value: bigint;
  input: string;
}

/** The wallet's transactions mined after `fromBlock`, read block by block with the fresh provider. */
async function minedFrom(fromBlock: number): Promise<ChainTx[]> {
  const head = await reader.getBlockNumber();
  const out: ChainTx[] = [];
  for (let n = fromBlock + 1; n <= head; n++) {
    const block = (await reader.send('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])) as {
      transactions: {
        hash: Hex;
        from: string;
        nonce: string;
        to: string | null;
        value: string;
        input: string;
      }[];
    };
    for (const t of block.transactions)
      if (t.from.toLowerCase() === account().address.toLowerCase())
        out.push({ hash: t.hash, nonce: Number(t.nonce), to: t.to, value: BigInt(t.value), input: t.input });
  }
  return out.sort((a, b) => a.nonce - b.nonce);
}

describe('durable nonces: three gateways on separate PostgreSQL pools, one wallet', () => {
  it('12 concurrent swaps: nonces on chain contiguous, one signed transaction per nonce, each execution settled once', async () => {
    const schema = db.schema();
    const events: GatewayEvent[] = [];
    const gateways = [
      await instance(schema, events),
      await instance(schema, events),
      await instance(schema, events),
    ];
    const startBlock = await reader.getBlockNumber();
    const startNonce = await reader.getTransactionCount(account().address);
    const intents = await Promise.all(Array.from({ length: 12 }, () => swapIntent(parseEther('0.001'))));
    const results = await Promise.all(intents.map((intent, i) => gateways[i % 3]!.gateway.execute(intent)));
    expect(results.map((r) => r.record.status)).toEqual(Array(12).fill('confirmed'));

    const mined = await minedFrom(startBlock);
    expect(mined.map((t) => t.nonce)).toEqual(Array.from({ length: 12 }, (_, i) => startNonce + i));
    expect(await reader.getTransactionCount(account().address)).toBe(startNonce + 12);
    // Every execution has exactly one signed transaction, mined; one execution per nonce.
    for (const { record } of results) expect(record.transactions).toHaveLength(1);
    expect(new Set(results.map((r) => r.record.nonce)).size).toBe(12);
    expect(results.map((r) => r.record.minedHash).sort()).toEqual(mined.map((t) => t.hash).sort());
    // The outbox: one row per nonce, holding exactly the bytes that were mined.
    const outbox = await gateways[1]!.nonceStore.outbox({
      chainId: 31337,
      address: account().address,
      fromNonce: 0,
      limit: 100,
    });
    expect(outbox.map((r) => r.nonce)).toEqual(mined.map((t) => t.nonce));
    expect(outbox.map((r) => r.hash)).toEqual(mined.map((t) => t.hash));
    expect(outbox.every((r) => r.kind === 'transaction')).toBe(true);
    // Settled once each.
    const settled = events.filter((e) => e.type === 'settled');
    expect(settled).toHaveLength(12);
    expect(new Set(settled.map((e) => (e as { executionId: string }).executionId)).size).toBe(12);
  });

  it('a deterministic refusal after signing: the nonce is filled by a 0-value transfer to self, the next swap follows it', async () => {
    const schema = db.schema();
    const events: GatewayEvent[] = [];
    const a = await instance(schema, events);
    const b = await instance(schema, events);
    const startNonce = await reader.getTransactionCount(account().address);
    const startBlock = await reader.getBlockNumber();
    // A's node refuses the swap's signed bytes for good (the first raw transaction only).
    let refusals = 0;
    a.proxy.intercept = (r) =>
      r.method === 'eth_sendRawTransaction' && refusals++ === 0
        ? { error: { code: -32000, message: 'insufficient funds for gas * price + value' } }
        : undefined;
    const refused = await a.gateway.execute(await swapIntent(parseEther('0.001')));
    expect(refused.record).toMatchObject({ status: 'failed', code: 'SEND_FAILED', nonce: startNonce });
    const next = await b.gateway.execute(await swapIntent(parseEther('0.001')));
    expect(next.record).toMatchObject({ status: 'confirmed', nonce: startNonce + 1 });

    const mined = await minedFrom(startBlock);
    expect(mined.map((t) => t.nonce)).toEqual([startNonce, startNonce + 1]);
    const filler = mined[0]!;
    expect({ to: filler.to?.toLowerCase(), value: filler.value, input: filler.input }).toEqual({
      to: account().address.toLowerCase(),
      value: 0n,
      input: '0x',
    });
    expect(filler.hash).not.toBe(refused.record.transactions[0]!.hash);
    const [row] = await b.nonceStore.outbox({
      chainId: 31337,
      address: account().address,
      fromNonce: startNonce,
      limit: 1,
    });
    expect(row).toMatchObject({ kind: 'filler', hash: filler.hash, executionId: refused.record.id });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'nonce-filled', nonce: startNonce, hash: filler.hash }),
    );
  });

  it('an instance stopped between signing and broadcasting: another one broadcasts the stored bytes and settles it once', async () => {
    const schema = db.schema();
    const events: GatewayEvent[] = [];
    const a = await instance(schema, events);
    const b = await instance(schema, events);
    const startNonce = await reader.getTransactionCount(account().address);
    // A's node takes the raw transaction and is never heard from again: A stops right there ("dies").
    a.proxy.intercept = (r) => (r.method === 'eth_sendRawTransaction' ? { swallow: true } : undefined);
    const running = a.gateway.execute(await swapIntent(parseEther('0.001'))).catch((error: unknown) => error);
    let signedId: string | undefined;
    for (let i = 0; i < 200 && signedId === undefined; i++) {
      const page = await b.store.list({ limit: 10, status: 'signed' });
      signedId = page.items[0]?.id;
      if (signedId === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(signedId).toBeDefined();
    a.proxy.down = true;
    await a.pool.end();
    await running;
    // Nothing of A reached the chain.
    expect(await reader.getTransactionCount(account().address, 'pending')).toBe(startNonce);
    const [row] = await b.nonceStore.outbox({
      chainId: 31337,
      address: account().address,
      fromNonce: startNonce,
      limit: 1,
    });
    expect(row).toMatchObject({ nonce: startNonce, executionId: signedId, kind: 'transaction' });

    // B recovers A's outbox: the stored bytes go to the node (the same hash, nothing signed again)…
    const recovered = await b.nonces.recover({
      chainId: 31337,
      address: account().address as Hex,
      decide: async (r) => (r.executionId === signedId ? 'broadcast' : 'wait'),
      fill: async () => {
        throw new Error('nothing to fill');
      },
    });
    expect(recovered).toMatchObject({
      latest: startNonce,
      broadcast: [startNonce],
      filled: [],
      chainAhead: false,
    });
    await waitMined({ hash: row!.hash, provider: reader }, { timeoutMs: 20_000 });
    const onChain = await reader.getTransaction(row!.hash);
    expect(onChain?.nonce).toBe(startNonce);
    expect(Transaction.from(row!.raw).hash).toBe(row!.hash);
    // …and B's reconciler settles the execution, once, however often it runs.
    for (let i = 0; i < 3; i++) await b.gateway.reconcile();
    const settled = await b.store.get(signedId as string);
    expect(settled).toMatchObject({ status: 'confirmed', minedHash: row!.hash, nonce: startNonce });
    expect(events.filter((e) => e.type === 'settled' && e.executionId === signedId)).toHaveLength(1);
  });

  it('an instance that died between the allocation and the record: its orphan row is filled by another, never broadcast', async () => {
    const schema = db.schema();
    const events: GatewayEvent[] = [];
    const a = await instance(schema, events);
    const startNonce = await reader.getTransactionCount(account().address);
    const startBlock = await reader.getBlockNumber();
    const wallet = new Wallet(account().privateKey);
    // A allocates and signs (the outbox row commits), then dies before recording or broadcasting anything.
    await expect(
      a.nonces.withNonce({
        chainId: 31337,
        address: account().address as Hex,
        executionId: 'exe-orphan',
        sign: async (nonce) => {
          const raw = (await wallet.signTransaction({
            type: 2,
            chainId: 31337,
            nonce,
            to: env.devnet.manifest.accounts[5]!.address,
            value: 1n,
            gasLimit: 21_000n,
            maxFeePerGas: parseEther('0.0000001'),
            maxPriorityFeePerGas: 1n,
          })) as Hex;
          return { raw, hash: Transaction.from(raw).hash as Hex };
        },
        send: async () => {
          throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    await a.pool.end();
    // Within the grace period another instance waits (the signer may still be at work)…
    const b = await instance(schema, events);
    await b.gateway.reconcile();
    expect(await reader.getTransactionCount(account().address, 'pending')).toBe(startNonce);
    // …after it, the nonce is filled with a 0-value transfer to self.
    const c = await instance(schema, events, 5 * 60_000);
    await c.gateway.reconcile();
    const [row] = await c.nonceStore.outbox({
      chainId: 31337,
      address: account().address,
      fromNonce: startNonce,
      limit: 1,
    });
    expect(row).toMatchObject({ nonce: startNonce, kind: 'filler', executionId: 'exe-orphan' });
    await waitMined({ hash: row!.hash, provider: reader }, { timeoutMs: 20_000 });
    const mined = await minedFrom(startBlock);
    expect(mined).toHaveLength(1);
    expect(mined[0]).toMatchObject({ nonce: startNonce, hash: row!.hash, value: 0n, input: '0x' });
    expect(mined[0]!.to?.toLowerCase()).toBe(account().address.toLowerCase());
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'nonce-filled', nonce: startNonce, hash: row!.hash }),
    );
  });
});
