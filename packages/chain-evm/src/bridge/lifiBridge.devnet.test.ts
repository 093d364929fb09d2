import {
  erc20Abi,
  type LifiFixture,
  lifiFixtureChain,
  mintToken,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
  waitMined,
} from '@org/devnet';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { checkBridgeQuote } from './checkBridgeQuote.js';
import { createLifiClient, type LifiClient } from './createLifiClient.js';
import { normalizeBridgeStatus } from './normalizeBridgeStatus.js';
import { resolveBridgeAllowlist } from './resolveBridgeAllowlist.js';
import type { BridgeQuoteRequest, LifiQuote } from './types.js';

// The bridge pieces against the real thing: quotes from the local LI.FI fixture through the client, checked, sent
// to the devnet bridge on chain A, relayed to chain B (or refunded on A); both chains read with fresh providers.
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let client: LifiClient;
let snapshots: [string, string];

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  client = createLifiClient({ baseUrl: lifi.url });
});
afterAll(async () => {
  await lifi?.close();
  await pair?.stop();
});
beforeEach(async () => {
  snapshots = [await pair.a.snapshot(), await pair.b.snapshot()];
});
afterEach(async () => {
  await pair.a.revert(snapshots[0]);
  await pair.b.revert(snapshots[1]);
});

const account = () => pair.a.manifest.accounts[5]!;
const usdc = () => pair.a.manifest.tokens.usdc.address;

async function onChain<T>(side: 'a' | 'b', read: (provider: JsonRpcProvider) => Promise<T>): Promise<T> {
  const provider = new JsonRpcProvider(pair[side].rpcUrl, pair[side].manifest.chainId, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  try {
    return await read(provider);
  } finally {
    provider.destroy();
  }
}
const tokenBalance = (side: 'a' | 'b', owner: string) =>
  onChain(
    side,
    async (p) => (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(owner)) as bigint,
  );

function request(amount: bigint): BridgeQuoteRequest {
  return {
    fromChainId: 31_337,
    toChainId: 31_338,
    fromToken: usdc(),
    toToken: usdc(),
    fromAmount: amount,
    wallet: account().address,
    slippageBps: 50,
    maxPriceImpactBps: 300,
  };
}

/** Quote through the client, every check, then an exact approval and the bridge call signed by the wallet. */
async function quoteCheckAndSend(
  amount: bigint,
): Promise<{ quote: LifiQuote; hash: `0x${string}`; sentAt: number }> {
  const quote = await client.getQuote({
    fromChain: 31_337,
    toChain: 31_338,
    fromToken: usdc(),
    toToken: usdc(),
    fromAddress: account().address,
    fromAmount: amount,
    slippageBps: 50,
  });
  const checked = checkBridgeQuote({
    quote,
    request: request(amount),
    allowlist: resolveBridgeAllowlist({
      chainId: 31_337,
      configured: [pair.a.manifest.contracts.devnetBridge],
    }),
    maxSlippageBps: 100,
  });
  if (!checked.ok) throw new Error(`refused: ${checked.refusal.code}`);
  await mintToken({ devnet: pair.a, token: pair.a.manifest.tokens.usdc, to: account().address, amount });
  return onChain('a', async (provider) => {
    const wallet = new Wallet(account().privateKey, provider);
    await waitMined(
      new Contract(usdc(), erc20Abi, wallet).getFunction('approve').send(checked.spender, amount),
    );
    const tx = quote.transactionRequest;
    const receipt = await waitMined(wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value }));
    const block = await provider.getBlock(receipt.blockNumber);
    return { quote, hash: receipt.hash as `0x${string}`, sentAt: block!.timestamp * 1000 };
  });
}

describe('a real transfer between the two chains', () => {
  it('completes: the deposit on A, the funds on B, status bridging → completed, no allowance left', async () => {
    const amount = 250_000_000n; // 250 USDC
    const receiverBefore = await tokenBalance('b', account().address);
    const { quote, hash, sentAt } = await quoteCheckAndSend(amount);
    expect(await tokenBalance('a', account().address)).toBe(0n);
    expect(
      await onChain('a', (p) =>
        new Contract(usdc(), erc20Abi, p).getFunction('allowance')(
          account().address,
          quote.estimate.approvalAddress,
        ),
      ),
    ).toBe(0n);

    const states: string[] = [];
    let status = await client.getStatus({ txHash: hash, fromChain: 31_337, toChain: 31_338 });
    for (let polls = 0; polls < 5 && status.status !== 'DONE'; polls++) {
      states.push(
        normalizeBridgeStatus({
          status,
          startedAt: sentAt,
          now: sentAt,
          expectedDurationSeconds: quote.estimate.executionDurationSeconds,
        }).state,
      );
      status = await client.getStatus({ txHash: hash, fromChain: 31_337, toChain: 31_338 });
    }
    const final = normalizeBridgeStatus({
      status,
      startedAt: sentAt,
      now: Date.now(),
      expectedDurationSeconds: 30,
    });
    expect(states).toEqual(['bridging']);
    expect(final).toMatchObject({ state: 'completed', terminal: true, alert: false });
    expect(status.sending).toMatchObject({ txHash: hash.toLowerCase(), chainId: 31_337, amount });
    expect(status.receiving).toMatchObject({ chainId: 31_338, amount: quote.estimate.toAmount });
    expect(await tokenBalance('b', account().address)).toBe(receiverBefore + quote.estimate.toAmount);
    const fill = await onChain('b', (p) => p.getTransactionReceipt(status.receiving!.txHash!));
    expect(fill?.status).toBe(1);
  });

  it('refunded: the deposit comes back on A, and the normaliser says so (with an alert)', async () => {
    lifi.scriptQuote({ outcome: { kind: 'refund' } });
    const amount = 40_000_000n;
    const { hash, sentAt } = await quoteCheckAndSend(amount);
    await lifi.settle(hash);
    const status = await client.getStatus({ txHash: hash });
    expect(
      normalizeBridgeStatus({ status, startedAt: sentAt, now: Date.now(), expectedDurationSeconds: 30 }),
    ).toMatchObject({
      state: 'refunded',
      terminal: true,
      alert: true,
    });
    expect(status.receiving).toMatchObject({ chainId: 31_337, amount });
    expect(await tokenBalance('a', account().address)).toBe(amount);
    expect(await tokenBalance('b', account().address)).toBe(0n);
  });

  it('never filled: bridging, then stuck once older than k × the quoted duration', async () => {
    lifi.scriptQuote({ outcome: { kind: 'never' } });
    const { quote, hash, sentAt } = await quoteCheckAndSend(10_000_000n);
    const status = await client.getStatus({ txHash: hash });
    const duration = quote.estimate.executionDurationSeconds;
    const later = (seconds: number) =>
      normalizeBridgeStatus({
        status,
        startedAt: sentAt,
        now: sentAt + seconds * 1000,
        expectedDurationSeconds: duration,
        minStuckMs: 0,
      });
    expect(later(duration * 3).state).toBe('bridging');
    expect(later(duration * 3 + 1)).toMatchObject({ state: 'stuck', terminal: false, alert: true });
    expect(await tokenBalance('b', account().address)).toBe(0n);
  });
});

describe('addresses are the same on both chains', () => {
  it('so one configured bridge address covers both sides', () => {
    const bridge: Address = pair.a.manifest.contracts.devnetBridge;
    expect(pair.b.manifest.contracts.devnetBridge).toBe(bridge);
    expect(resolveBridgeAllowlist({ chainId: 31_338, configured: [bridge] })).toEqual([bridge]);
  });
});
