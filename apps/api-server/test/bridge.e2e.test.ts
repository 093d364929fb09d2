import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  type LifiAdversary,
  type LifiFixture,
  lifiFixtureChain,
  mintToken,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
  waitMined,
} from '@org/devnet';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../src/bridge/BridgeFollower.js';
import type { BridgeChainsDto, BridgeExecutionDto, BridgeQuoteDto } from '../src/dto/bridge.js';
import type { ExecutionDto, ExecutionPageDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { HubEvent } from '../src/events/EventHub.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// /bridge/* end to end: two anvil chains, the local LI.FI fixture (its relayer pays on chain B, or refunds on A),
// the real server. Every on-chain effect is read with a fresh provider of its own chain.
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let server: TestServer;
let wallet: `0x${string}`;
const events: HubEvent[] = [];
let env: Record<string, string>;
const swapTokens = () =>
  new Map([
    [31_337, devnetTokenList({ manifest: pair.a.manifest })],
    [31_338, devnetTokenList({ manifest: pair.b.manifest })],
  ]);

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  const c = pair.a.manifest.contracts;
  const account = pair.a.manifest.accounts[4]!;
  wallet = account.address;
  const uniswap = {
    v2: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    v3: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
  };
  env = {
    RPC_URL_DEVNET: pair.a.rpcUrl,
    // The registry's name is `devnet-b`; the existing per-chain variables use it as is.
    'RPC_URL_DEVNET-B': pair.b.rpcUrl,
    UNISWAP_V2_DEVNET: uniswap.v2,
    UNISWAP_V3_DEVNET: uniswap.v3,
    'UNISWAP_V2_DEVNET-B': uniswap.v2,
    'UNISWAP_V3_DEVNET-B': uniswap.v3,
    WALLET_PRIVATE_KEY: account.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    GOVERNOR_MAX_PER_TX: '50',
    GOVERNOR_DAILY_LIMIT: '500',
    RECEIPT_TIMEOUT_MS: '10000',
    LIFI_BASE_URL: lifi.url,
    BRIDGE_ALLOWED_CONTRACTS_DEVNET: c.devnetBridge,
    BRIDGE_QUOTE_TTL_SECONDS: '1',
    BRIDGE_STATUS_POLL_MS: '50',
    BRIDGE_STATUS_MAX_POLL_MS: '200',
    // The fixture quotes 30 s: still pending after 6 s is stuck.
    BRIDGE_STUCK_FACTOR: '0.2',
    BRIDGE_STUCK_MIN_SECONDS: '0',
  };
  server = await startTestServer(env, { swapTokens: swapTokens() });
  server.services.events.hub.subscribe((event) => events.push(event));
  await mintToken({
    devnet: pair.a,
    token: pair.a.manifest.tokens.usdc,
    to: wallet,
    amount: 10_000_000_000n,
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await lifi?.close();
  await pair?.stop();
});
beforeEach(() => {
  events.length = 0;
});

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
const usdc = () => pair.a.manifest.tokens.usdc.address;
const usdcBalance = (side: 'a' | 'b') =>
  onChain(
    side,
    async (p) => (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(wallet)) as bigint,
  );
const allowance = (spender: string) =>
  onChain(
    'a',
    async (p) =>
      (await new Contract(usdc(), erc20Abi, p).getFunction('allowance')(wallet, spender)) as bigint,
  );
const nonce = () => onChain('a', (p) => p.getTransactionCount(wallet, 'latest'));

const QUOTE = '/bridge/quote?fromChain=devnet&toChain=devnet-b&token=USDC&amount=100&slippageBps=50';
const getQuote = async () => {
  const res = await server.call(QUOTE);
  expect(res.status).toBe(200);
  return (await res.json()) as BridgeQuoteDto;
};
const execute = (body: unknown, headers: Record<string, string> = {}) =>
  server.call('/bridge/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const execution = async (id: string) =>
  (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
const bridgeOf = (e: ExecutionDto) => (e.result as { bridge?: BridgeResult } | null)?.bridge;
const settled = (id: string, state: string, ms = 20_000) =>
  until(
    `bridge ${state}`,
    async () => {
      const e = await execution(id);
      return bridgeOf(e)?.state === state ? e : undefined;
    },
    { ms },
  );
const executions = async () =>
  ((await (await server.call('/executions?limit=100')).json()) as ExecutionPageDto).items.length;
const governor = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;

describe('GET /bridge/chains', () => {
  it('lists the two configured devnets with our allowlist (the devnet bridge), and the route between them', async () => {
    const res = await server.call('/bridge/chains');
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeChainsDto;
    const bridge = pair.a.manifest.contracts.devnetBridge;
    expect(body.chains.map((c) => [c.chain.id, c.key])).toEqual([
      [31_337, 'dva'],
      [31_338, 'dvb'],
    ]);
    expect(body.chains.find((c) => c.chain.id === 31_337)?.allowedContracts).toEqual([bridge]);
    // Nothing is configured on devnet-b: nothing would be allowed from there.
    expect(body.chains.find((c) => c.chain.id === 31_338)?.allowedContracts).toEqual([]);
    expect(body.routes).toContainEqual(expect.objectContaining({ fromChainId: 31_337, toChainId: 31_338 }));
  });
});

describe('GET /bridge/quote', () => {
  it('a checked quote: amounts, the allowlisted target and spender, the value charged, the destination verdict', async () => {
    const quote = await getQuote();
    expect(quote.id).toMatch(/^bq_/);
    expect(quote.amountIn).toMatchObject({ symbol: 'USDC', amountBase: '100000000', decimals: 6 });
    expect(BigInt(quote.amountOutMin.amountBase)).toBeLessThan(BigInt(quote.amountOut.amountBase));
    expect(quote.target).toBe(pair.a.manifest.contracts.devnetBridge);
    expect(quote.spender).toBe(pair.a.manifest.contracts.devnetBridge);
    expect(quote.nativeValue.wei).toBe('0');
    expect(BigInt(quote.value?.wei ?? '0')).toBeGreaterThan(0n);
    expect(quote.safety?.allowed).toBe(true);
    expect(quote.toChain).toEqual({ id: 31_338, name: 'devnet-b' });
    // 100 USDC for at least 99.4005: 0.6% lost (the 0.1% fee and the 0.5% slippage asked).
    expect(quote.lossBps).toBe(60);
  });

  const adversaries: [LifiAdversary, string][] = [
    ['to-not-allowlisted', 'BRIDGE_TARGET_NOT_ALLOWED'],
    ['spender-not-allowlisted', 'BRIDGE_SPENDER_NOT_ALLOWED'],
    ['receiver-not-us', 'BRIDGE_RECEIVER_NOT_ALLOWED'],
    ['destination-call', 'BRIDGE_DESTINATION_CALL'],
    ['wrong-value', 'BRIDGE_VALUE_MISMATCH'],
    ['slippage-one', 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['lower-minimum', 'BRIDGE_MIN_OUT_TOO_LOW'],
  ];
  it.each(adversaries)(
    '%s: 422 %s on quote and on execute; nothing signed, recorded or reserved',
    async (adversary, code) => {
      const [nonceBefore, recordsBefore, governorBefore] = await Promise.all([
        nonce(),
        executions(),
        governor(),
      ]);
      lifi.scriptQuote({ adversary });
      const quoted = await server.call(QUOTE);
      expect(quoted.status).toBe(422);
      expect(((await quoted.json()) as { code: string }).code).toBe(code);
      lifi.scriptQuote({ adversary });
      const executed = await execute(
        { fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '100', slippageBps: 50 },
        { 'Idempotency-Key': `adversary-${adversary}` },
      );
      expect(executed.status).toBe(422);
      expect(((await executed.json()) as { code: string }).code).toBe(code);
      expect(await nonce()).toBe(nonceBefore);
      expect(await executions()).toBe(recordsBefore);
      const after = await governor();
      expect(after.openReservations).toEqual(governorBefore.openReservations);
      expect(after.spent.daily).toEqual(governorBefore.spent.daily);
    },
  );
});

describe('a quote that delivers much less than it sends (review M3)', () => {
  it('49.45 USDC for 100: 422 BRIDGE_VALUE_LOSS_TOO_HIGH on quote and on execute, nothing signed or reserved', async () => {
    const [nonceBefore, recordsBefore, governorBefore] = await Promise.all([
      nonce(),
      executions(),
      governor(),
    ]);
    // The review's run: the minimum (and the encoded output) lowered by half, and `toAmount` = `toAmountMin`, so
    // every check of the quote against itself passes.
    const half = {
      adversary: 'lower-minimum' as const,
      dropBps: 5_000,
      mutate: (q: Record<string, unknown>) => {
        const estimate = q['estimate'] as Record<string, unknown>;
        estimate['toAmount'] = estimate['toAmountMin'];
      },
    };
    lifi.scriptQuote(half);
    const quoted = await server.call(QUOTE);
    const problem = (await quoted.json()) as { code: string; lossBps: number; detail: string };
    expect([quoted.status, problem.code]).toEqual([422, 'BRIDGE_VALUE_LOSS_TOO_HIGH']);
    expect(problem.lossBps).toBe(5055);
    expect(problem.detail).toContain('49450500');
    lifi.scriptQuote(half);
    const executed = await execute(
      { fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '100', slippageBps: 50 },
      { 'Idempotency-Key': 'half-delivering' },
    );
    expect(executed.status).toBe(422);
    expect(((await executed.json()) as { code: string }).code).toBe('BRIDGE_VALUE_LOSS_TOO_HIGH');
    expect(await nonce()).toBe(nonceBefore);
    expect(await executions()).toBe(recordsBefore);
    expect((await governor()).openReservations).toEqual(governorBefore.openReservations);
  });
});

describe('POST /bridge/execute', () => {
  it('LI.FI says completed but the destination chain shows less: `shortfall`, terminal, with a high alert', async () => {
    const bBefore = await usdcBalance('b');
    lifi.scriptQuote({ outcome: { kind: 'short', amount: 50_000_000n } });
    const quote = await getQuote();
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    const bridge = bridgeOf(await settled(body.execution.id, 'shortfall'))!;
    const arrived = (await usdcBalance('b')) - bBefore;
    expect(arrived).toBe(50_000_000n);
    // The amount is the chain's, not LI.FI's (which says the full amount arrived).
    expect(bridge).toMatchObject({ terminal: true, lifiSubstatus: 'COMPLETED', amountReceived: '50000000' });
    expect(bridge.reason).toContain(`below the ${quote.amountOutMin.amountBase} promised`);
    expect(bridge.alerts).toEqual([expect.objectContaining({ kind: 'bridge-shortfall', severity: 'high' })]);
    expect(events.find((e) => e.type === 'bridge.alert')?.data).toMatchObject({ kind: 'bridge-shortfall' });
    expect(events.map((e) => e.type)).not.toContain('bridge.completed');
  });

  it('completes: exact approval, the deposit on A, the funds on B, `completed` with the destination hash; allowance 0', async () => {
    const [aBefore, bBefore] = await Promise.all([usdcBalance('a'), usdcBalance('b')]);
    const quote = await getQuote();
    const res = await execute({ quoteId: quote.id }, { 'Idempotency-Key': 'bridge-complete' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    expect(body.execution).toMatchObject({ status: 'confirmed', action: 'bridge' });
    expect(body.execution.to).toBe(pair.a.manifest.contracts.devnetBridge);
    // The approval was exact: the amount, to the allowlisted spender.
    expect(body.approval).toMatchObject({ status: 'confirmed', action: 'approve' });
    const approvalTx = await onChain('a', (p) => p.getTransaction(body.approval?.txHash as string));
    expect(approvalTx?.data.toLowerCase()).toBe(
      `0x095ea7b3${quote.spender.slice(2).toLowerCase().padStart(64, '0')}${100_000_000n.toString(16).padStart(64, '0')}`,
    );
    expect(await usdcBalance('a')).toBe(aBefore - 100_000_000n);

    const done = await settled(body.execution.id, 'completed');
    const bridge = bridgeOf(done)!;
    expect(bridge).toMatchObject({
      terminal: true,
      destinationChainId: 31_338,
      sourceTxHash: body.execution.txHash,
    });
    const arrived = (await usdcBalance('b')) - bBefore;
    expect(bridge.amountReceived).toBe(arrived.toString());
    expect(arrived).toBeGreaterThanOrEqual(BigInt(quote.amountOutMin.amountBase));
    const fill = await onChain('b', (p) => p.getTransactionReceipt(bridge.destinationTxHash as string));
    expect(fill?.status).toBe(1);
    expect(await allowance(quote.spender)).toBe(0n);
    expect(bridge.approvalReset).toEqual({ executionId: null, status: 'not-needed' });
    const states = events.filter((e) => e.type.startsWith('bridge.')).map((e) => e.type);
    expect(states[0]).toBe('bridge.pending');
    expect(states.at(-1)).toBe('bridge.completed');
    expect(states).not.toContain('bridge.alert');
  });

  it('native ETH completes on what chain B shows: the wallet’s balance change at the fill’s block', async () => {
    const res = await server.call(
      '/bridge/quote?fromChain=devnet&toChain=devnet-b&token=ETH&amount=0.1&slippageBps=50',
    );
    expect(res.status).toBe(200);
    const quote = (await res.json()) as BridgeQuoteDto;
    const before = await onChain('b', (p) => p.getBalance(wallet));
    const executed = await execute({ quoteId: quote.id });
    expect(executed.status).toBe(200);
    const body = (await executed.json()) as BridgeExecutionDto;
    const bridge = bridgeOf(await settled(body.execution.id, 'completed'))!;
    const arrived = (await onChain('b', (p) => p.getBalance(wallet))) - before;
    expect(bridge.amountReceived).toBe(arrived.toString());
    expect(arrived).toBeGreaterThanOrEqual(BigInt(quote.amountOutMin.amountBase));
    expect(bridge.alerts).toEqual([]);
  });

  it('LI.FI status down for a while: the record says why (`lastError`), then the transfer completes', async () => {
    const quote = await getQuote();
    // The read at execute and the next ones fail (500), then LI.FI answers again.
    lifi.failNext('status', { kind: 'server-error' }, 3);
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    const e = await execution(body.execution.id);
    expect(bridgeOf(e)?.lastError).toMatchObject({ code: 'BRIDGE_PROVIDER_UNAVAILABLE' });
    expect(events.map((x) => x.type)).toContain('bridge.status-unavailable');
    const done = bridgeOf(await settled(body.execution.id, 'completed'))!;
    expect(done.lastError).toBeNull();
  });

  it('a repeat Idempotency-Key and a repeat quote id broadcast once', async () => {
    const quote = await getQuote();
    const first = await execute({ quoteId: quote.id }, { 'Idempotency-Key': 'bridge-once' });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as BridgeExecutionDto;
    const afterFirst = await nonce();
    const repeat = await execute({ quoteId: quote.id }, { 'Idempotency-Key': 'bridge-once' });
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as BridgeExecutionDto).execution.id).toBe(firstBody.execution.id);
    const again = await execute({ quoteId: quote.id }, { 'Idempotency-Key': 'bridge-once-other' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('BRIDGE_QUOTE_USED');
    const unkeyed = await execute({ quoteId: quote.id });
    expect(unkeyed.status).toBe(409);
    expect(await nonce()).toBe(afterFirst);
    await settled(firstBody.execution.id, 'completed');
  });

  it('refunded: the deposit comes back on A and the record says so, with an alert', async () => {
    const aBefore = await usdcBalance('a');
    lifi.scriptQuote({ outcome: { kind: 'refund' } });
    const quote = await getQuote();
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    const done = await settled(body.execution.id, 'refunded');
    const bridge = bridgeOf(done)!;
    expect(bridge).toMatchObject({ terminal: true, destinationChainId: 31_337, amountReceived: '100000000' });
    expect(await usdcBalance('a')).toBe(aBefore);
    const refund = await onChain('a', (p) => p.getTransactionReceipt(bridge.destinationTxHash as string));
    expect(refund?.status).toBe(1);
    expect(bridge.alerts.map((a) => a.kind)).toEqual(['bridge-refunded']);
    expect(events.find((e) => e.type === 'bridge.alert')?.data).toMatchObject({
      kind: 'bridge-refunded',
      executionId: body.execution.id,
    });
  });

  it.each([
    ['fail', 'failed', 'high'],
    ['partial', 'partial', 'medium'],
  ] as const)('%s: the record says `%s`, with a %s alert', async (kind, state, severity) => {
    const bBefore = await usdcBalance('b');
    lifi.scriptQuote({ outcome: { kind } });
    const quote = await getQuote();
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    const bridge = bridgeOf(await settled(body.execution.id, state))!;
    expect(bridge.terminal).toBe(true);
    expect(bridge.alerts).toEqual([expect.objectContaining({ kind: `bridge-${state}`, severity })]);
    // A partial transfer pays another token; a failed one pays nothing: no USDC arrives either way.
    expect(await usdcBalance('b')).toBe(bBefore);
    if (kind === 'partial') {
      expect(bridge.tokenReceived?.toLowerCase()).not.toBe(usdc().toLowerCase());
      expect(BigInt(bridge.amountReceived ?? '0')).toBeGreaterThan(0n);
    }
  });

  it('never filled: bridging, then `stuck` with an alert (not terminal), nothing arrived', async () => {
    const bBefore = await usdcBalance('b');
    lifi.scriptQuote({ outcome: { kind: 'never' } });
    const quote = await getQuote();
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    await settled(body.execution.id, 'bridging');
    const stuck = bridgeOf(await settled(body.execution.id, 'stuck', 30_000))!;
    expect(stuck.terminal).toBe(false);
    expect(stuck.alerts.map((a) => a.kind)).toEqual(['bridge-stuck']);
    expect(events.map((e) => e.type)).toContain('bridge.alert');
    expect(await usdcBalance('b')).toBe(bBefore);
  });

  it('an old quote re-quoted with a lower minimum: 409 BRIDGE_REQUOTE_DROPPED with both figures, nothing sent', async () => {
    const quote = await getQuote();
    await until('the quote to age past the TTL', async () =>
      Date.now() > Date.parse(quote.freshUntil) + 50 ? true : undefined,
    );
    const before = await nonce();
    // Within the slippage ceiling (so the fresh quote passes its own checks) but below what was accepted.
    lifi.scriptQuote({ adversary: 'lower-minimum', dropBps: 30 });
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(409);
    const problem = (await res.json()) as { code: string; firstToAmount: string; secondToAmountMin: string };
    expect(problem.code).toBe('BRIDGE_REQUOTE_DROPPED');
    expect(problem.firstToAmount).toBe(quote.amountOut.amountBase);
    expect(BigInt(problem.secondToAmountMin)).toBeLessThan(BigInt(quote.amountOutMin.amountBase));
    expect(await nonce()).toBe(before);
  });

  it('an old quote re-quoted at the same price runs (the fresh quote is executed)', async () => {
    const quote = await getQuote();
    await until('the quote to age past the TTL', async () =>
      Date.now() > Date.parse(quote.freshUntil) + 50 ? true : undefined,
    );
    const res = await execute({ quoteId: quote.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BridgeExecutionDto;
    await settled(body.execution.id, 'completed');
  });

  it('more than the wallet holds: 409 INSUFFICIENT_BALANCE, nothing approved or sent (an approval never exceeds the balance)', async () => {
    const balance = await usdcBalance('a');
    const amount = 50_000n * 10n ** 6n;
    expect(balance).toBeLessThan(amount);
    const before = await nonce();
    const res = await execute({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '50000' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('INSUFFICIENT_BALANCE');
    expect(await nonce()).toBe(before);
    expect(await allowance(pair.a.manifest.contracts.devnetBridge)).toBe(0n);
    expect(await usdcBalance('a')).toBe(balance);
  });

  it('a restart in the middle of a transfer: the new process follows it again to the end', async () => {
    const account = pair.a.manifest.accounts[6]!;
    await mintToken({
      devnet: pair.a,
      token: pair.a.manifest.tokens.usdc,
      to: account.address,
      amount: 10n ** 9n,
    });
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bridge-restart-')), 'data');
    const restartEnv = { ...env, DATA_DIR: dataDir, WALLET_PRIVATE_KEY: account.privateKey };
    // The first process reads the status once (at execute) and would wait a minute before the next read.
    const first = await startTestServer(
      { ...restartEnv, BRIDGE_STATUS_POLL_MS: '60000', BRIDGE_STATUS_MAX_POLL_MS: '60000' },
      { swapTokens: swapTokens() },
    );
    let id: string;
    try {
      const res = await first.call('/bridge/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '10' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as BridgeExecutionDto;
      id = body.execution.id;
      expect(body.transfer?.state).toBe('bridging');
    } finally {
      await first.close();
    }
    const before = await onChain(
      'b',
      async (p) =>
        (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(account.address)) as bigint,
    );
    const second = await startTestServer(restartEnv, { swapTokens: swapTokens() });
    try {
      const done = await until('completed after the restart', async () => {
        const e = (await (await second.call(`/executions/${id}`)).json()) as ExecutionDto;
        return bridgeOf(e)?.state === 'completed' ? e : undefined;
      });
      const arrived =
        (await onChain(
          'b',
          async (p) =>
            (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(account.address)) as bigint,
        )) - before;
      expect(bridgeOf(done)?.amountReceived).toBe(arrived.toString());
      expect(arrived).toBeGreaterThan(0n);
    } finally {
      await second.close();
    }
  });

  it('a restart while the bridge transaction is still pending: the new process follows it to the end (review M4)', async () => {
    const account = pair.a.manifest.accounts[7]!;
    await mintToken({
      devnet: pair.a,
      token: pair.a.manifest.tokens.usdc,
      to: account.address,
      amount: 10n ** 9n,
    });
    // The wallet already approved the bridge exactly: only the bridge transaction is sent.
    await onChain('a', async (p) => {
      const signer = new Wallet(account.privateKey, p);
      const approve = new Contract(usdc(), erc20Abi, signer).getFunction('approve');
      await waitMined(approve(pair.a.manifest.contracts.devnetBridge, 10_000_000n));
    });
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bridge-pending-')), 'data');
    const restartEnv = { ...env, DATA_DIR: dataDir, WALLET_PRIVATE_KEY: account.privateKey };
    const first = await startTestServer(
      { ...restartEnv, RECEIPT_TIMEOUT_MS: '1500' },
      { swapTokens: swapTokens() },
    );
    let id: string;
    await onChain('a', (p) => p.send('evm_setAutomine', [false]));
    try {
      const res = await first.call('/bridge/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromChain: 'devnet', toChain: 'devnet-b', token: 'USDC', amount: '10' }),
      });
      const body = (await res.json()) as BridgeExecutionDto;
      expect([res.status, body.execution.status]).toEqual([202, 'pending']);
      expect(body.approval).toBeNull();
      id = body.execution.id;
    } finally {
      await first.close();
      await onChain('a', async (p) => {
        await p.send('evm_mine', []);
        await p.send('evm_setAutomine', [true]);
      });
    }
    const bBefore = await onChain(
      'b',
      async (p) =>
        (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(account.address)) as bigint,
    );
    const second = await startTestServer(restartEnv, { swapTokens: swapTokens() });
    try {
      const done = await until('completed after the restart', async () => {
        const e = (await (await second.call(`/executions/${id}`)).json()) as ExecutionDto;
        return bridgeOf(e)?.state === 'completed' ? e : undefined;
      });
      expect(done.status).toBe('confirmed');
      const arrived =
        (await onChain(
          'b',
          async (p) =>
            (await new Contract(usdc(), erc20Abi, p).getFunction('balanceOf')(account.address)) as bigint,
        )) - bBefore;
      expect(arrived).toBeGreaterThan(0n);
      expect(bridgeOf(done)).toMatchObject({
        amountReceived: arrived.toString(),
        quoteId: expect.stringMatching(/^bq_/),
      });
      expect(
        await onChain('a', (p) =>
          new Contract(usdc(), erc20Abi, p).getFunction('allowance')(
            account.address,
            pair.a.manifest.contracts.devnetBridge,
          ),
        ),
      ).toBe(0n);
    } finally {
      await second.close();
    }
  });

  it('refuses a body with neither form, or both', async () => {
    const none = await execute({});
    expect(none.status).toBe(422);
    const both = await execute({ quoteId: 'bq_x', amount: '1' });
    expect(both.status).toBe(422);
    const unknown = await execute({ quoteId: 'bq_unknown' });
    expect(unknown.status).toBe(404);
  });
});
