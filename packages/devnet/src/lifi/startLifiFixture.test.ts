import { Contract, Interface, type JsonRpcProvider, parseUnits, Wallet, ZeroAddress } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localProvider, tagSpawnedProcesses, waitForNoTaggedProcesses } from '../../test/helpers.js';
import { devnetBridgeAbi, erc20Abi } from '../abis.js';
import { DEVNET_B_CHAIN_ID, DEVNET_BRIDGE_RELAYER } from '../constants.js';
import { mintToken } from '../mintToken.js';
import { type StartDevnetPairReturnType, startDevnetPair } from '../startDevnetPair.js';
import { waitMined } from '../waitMined.js';
import { LIFI_FIXTURE_ATTACKER } from './buildFixtureQuote.js';
import { lifiFixtureChain } from './lifiFixtureChain.js';
import { type LifiFixture, startLifiFixture } from './startLifiFixture.js';
import type { LifiAdversary } from './types.js';

// The devnet bridge and the LI.FI fixture that drives it: real deposits on chain A, real fills on chain B, real
// refunds on A, every balance read on both chains with fresh providers (not through the fixture).
const tag = tagSpawnedProcesses();
let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let snapshots: [string, string];
const bridgeIface = new Interface(devnetBridgeAbi);
// biome-ignore lint/suspicious/noExplicitAny: the fixture's JSON answers are read freely; each test asserts what it reads.
type Json = any;

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
});
afterAll(async () => {
  await lifi?.close();
  await pair?.stop();
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
});
beforeEach(async () => {
  snapshots = [await pair.a.snapshot(), await pair.b.snapshot()];
});
afterEach(async () => {
  await pair.a.revert(snapshots[0]);
  await pair.b.revert(snapshots[1]);
});

/** Fresh providers for each read: never the fixture's own. */
async function read<T>(side: 'a' | 'b', fn: (provider: JsonRpcProvider) => Promise<T>): Promise<T> {
  const provider = localProvider(pair[side], side === 'a' ? 31_337 : DEVNET_B_CHAIN_ID);
  try {
    return await fn(provider);
  } finally {
    provider.destroy();
  }
}
const balanceOf = (side: 'a' | 'b', token: string, owner: string) =>
  read(side, async (p) =>
    token === ZeroAddress
      ? p.getBalance(owner)
      : ((await new Contract(token, erc20Abi, p).getFunction('balanceOf')(owner)) as bigint),
  );

async function getJson(path: string, query: Record<string, string | number>) {
  const url = `${lifi.url}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`;
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

const sender = () => pair.a.manifest.accounts[3]!;
function quoteQuery(overrides: Record<string, string | number> = {}) {
  return {
    fromChain: 31_337,
    toChain: DEVNET_B_CHAIN_ID,
    fromToken: pair.a.manifest.tokens.usdc.address,
    toToken: pair.b.manifest.tokens.usdc.address,
    fromAddress: sender().address,
    fromAmount: parseUnits('1000', 6).toString(),
    slippage: '0.005',
    ...overrides,
  };
}

/** Sends a quote's transaction from `sender()` on chain A, with an exact approval first for an ERC-20. */
async function execute(quote: Json): Promise<string> {
  return read('a', async (provider) => {
    const wallet = new Wallet(sender().privateKey, provider);
    const token = quote.action.fromToken.address as string;
    if (token !== ZeroAddress) {
      await mintToken({
        devnet: pair.a,
        token: token as `0x${string}`,
        to: sender().address,
        amount: BigInt(quote.action.fromAmount),
      });
      const erc20 = new Contract(token, erc20Abi, wallet);
      await waitMined(
        erc20.getFunction('approve').send(quote.estimate.approvalAddress, quote.action.fromAmount),
      );
    }
    const tx = quote.transactionRequest;
    const receipt = await waitMined(
      wallet.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
        gasLimit: BigInt(tx.gasLimit),
      }),
    );
    return receipt.hash;
  });
}

describe('two chains', () => {
  it('are independent chains (31337, 31338) with the same layout at the same addresses', async () => {
    expect(pair.a.manifest.chainId).toBe(31_337);
    expect(pair.b.manifest.chainId).toBe(31_338);
    expect({ ...pair.b.manifest, chainId: 0, rpcUrl: '' }).toEqual({
      ...pair.a.manifest,
      chainId: 0,
      rpcUrl: '',
    });
    expect(await read('b', (p) => p.getNetwork().then((n) => n.chainId))).toBe(31_338n);
    const usdc = pair.a.manifest.tokens.usdc;
    await mintToken({ devnet: pair.a, token: usdc, to: LIFI_FIXTURE_ATTACKER, amount: 5n });
    expect(await balanceOf('a', usdc.address, LIFI_FIXTURE_ATTACKER)).toBe(5n);
    expect(await balanceOf('b', usdc.address, LIFI_FIXTURE_ATTACKER)).toBe(0n);
  });

  it('the bridge holds liquidity on both chains, and only the relayer may fill or refund', async () => {
    const { devnetBridge } = pair.a.manifest.contracts;
    for (const side of ['a', 'b'] as const) {
      expect(await balanceOf(side, pair.a.manifest.tokens.usdc.address, devnetBridge)).toBe(
        parseUnits('10000000', 6),
      );
      expect(await balanceOf(side, ZeroAddress, devnetBridge)).toBe(parseUnits('1000', 18));
      expect(await balanceOf(side, ZeroAddress, DEVNET_BRIDGE_RELAYER.address)).toBe(parseUnits('100', 18));
    }
    await read('b', async (provider) => {
      const stranger = new Wallet(pair.b.manifest.accounts[4]!.privateKey, provider);
      const bridge = new Contract(devnetBridge, devnetBridgeAbi, stranger);
      expect(await bridge.getFunction('relayer')()).toBe(DEVNET_BRIDGE_RELAYER.address);
      await expect(
        bridge.getFunction('fill').staticCall(`0x${'11'.repeat(32)}`, ZeroAddress, stranger.address, 1n),
      ).rejects.toMatchObject({ revert: { name: 'NotRelayer' } });
      await expect(bridge.getFunction('refund').staticCall(`0x${'11'.repeat(32)}`)).rejects.toMatchObject({
        revert: { name: 'NotRelayer' },
      });
    });
  });
});

describe('quotes', () => {
  it('an honest quote: LI.FI step shape, hex transaction numbers, BridgeData calldata that says what was asked', async () => {
    const { status, body } = await getJson('/v1/quote', quoteQuery());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'lifi',
      tool: 'devnetbridge',
      action: { fromChainId: 31_337, toChainId: 31_338, fromAmount: '1000000000', slippage: 0.005 },
      estimate: { approvalAddress: pair.a.manifest.contracts.devnetBridge, executionDuration: 30 },
      transactionRequest: {
        to: pair.a.manifest.contracts.devnetBridge,
        from: sender().address,
        value: '0x0',
        chainId: 31_337,
      },
    });
    expect(body.transactionRequest.gasLimit).toMatch(/^0x[0-9a-f]+$/);
    // 0.1% fee included, USDC→USDC 1:1, minimum = −0.5%.
    expect(body.estimate.toAmount).toBe('999000000');
    expect(body.estimate.toAmountMin).toBe(((999_000_000n * 995n) / 1000n).toString());
    expect(body.estimate.feeCosts[0]).toMatchObject({ amount: '1000000', included: true });
    const decoded = bridgeIface.parseTransaction({ data: body.transactionRequest.data })!;
    expect(decoded.name).toBe('startBridgeTokensViaDevnetBridge');
    const [bridgeData, devnetData] = decoded.args as Json;
    expect(bridgeData.receiver).toBe(sender().address);
    expect(bridgeData.sendingAssetId).toBe(pair.a.manifest.tokens.usdc.address);
    expect(bridgeData.minAmount).toBe(1_000_000_000n);
    expect(bridgeData.destinationChainId).toBe(31_338n);
    expect([bridgeData.hasSourceSwaps, bridgeData.hasDestinationCall]).toEqual([false, false]);
    expect(devnetData.outputAmount).toBe(999_000_000n);
  });

  const adversaries: [LifiAdversary, (honest: Json, quote: Json, decoded: Json) => void][] = [
    ['to-not-allowlisted', (_h, q) => expect(q.transactionRequest.to).toBe(LIFI_FIXTURE_ATTACKER)],
    ['spender-not-allowlisted', (_h, q) => expect(q.estimate.approvalAddress).toBe(LIFI_FIXTURE_ATTACKER)],
    [
      'receiver-not-us',
      (_h, q, d) => {
        expect(d[0].receiver).toBe(LIFI_FIXTURE_ATTACKER);
        expect(q.action.toAddress).toBe(sender().address); // the response still says ours
      },
    ],
    ['destination-call', (_h, _q, d) => expect(d[0].hasDestinationCall).toBe(true)],
    ['source-swaps', (_h, _q, d) => expect(d[0].hasSourceSwaps).toBe(true)],
    ['wrong-value', (_h, q) => expect(q.transactionRequest.value).toBe('0x6f05b59d3b20000')],
    ['slippage-one', (_h, q) => expect([q.action.slippage, q.estimate.toAmountMin]).toEqual([1, '0'])],
    [
      'lower-minimum',
      (h, q) => expect(BigInt(q.estimate.toAmountMin)).toBe(BigInt(h.estimate.toAmountMin) - 29_970_000n),
    ],
    ['wrong-destination-chain', (_h, _q, d) => expect(d[0].destinationChainId).toBe(1n)],
    [
      'wrong-sending-asset',
      (_h, _q, d) => expect(d[0].sendingAssetId).toBe(pair.a.manifest.tokens.dai.address),
    ],
    ['wrong-min-amount', (_h, _q, d) => expect(d[0].minAmount).toBe(2_000_000_000n)],
    [
      'output-below-minimum',
      (_h, q, d) => expect(d[1].outputAmount).toBe(BigInt(q.estimate.toAmountMin) - 1n),
    ],
    ['wrong-receiving-asset', (_h, _q, d) => expect(d[1].receivingAssetId).toBe(LIFI_FIXTURE_ATTACKER)],
    ['wrong-chain-id', (_h, q) => expect(q.transactionRequest.chainId).toBe(1)],
    ['wrong-from', (_h, q) => expect(q.transactionRequest.from).toBe(LIFI_FIXTURE_ATTACKER)],
  ];
  it.each(adversaries)('adversary %s lies in exactly that field', async (adversary, check) => {
    const honest = (await getJson('/v1/quote', quoteQuery())).body;
    lifi.scriptQuote({ adversary });
    const { status, body } = await getJson('/v1/quote', quoteQuery());
    expect(status).toBe(200);
    check(honest, body, bridgeIface.parseTransaction({ data: body.transactionRequest.data })!.args);
    if (adversary !== 'slippage-one') expect(body.action).toEqual(honest.action);
  });

  it('adversary unknown-selector: calldata no bridge function has', async () => {
    lifi.scriptQuote({ adversary: 'unknown-selector' });
    const { body } = await getJson('/v1/quote', quoteQuery());
    expect(body.transactionRequest.data.slice(0, 10)).toBe('0xdeadbeef');
    expect(bridgeIface.parseTransaction({ data: body.transactionRequest.data })).toBeNull();
  });

  it('validation and routing failures in LI.FI shapes: 400 code 1011, 404 no-quote with errors.failed', async () => {
    const missing = await getJson('/v1/quote', { fromChain: 31_337 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 1011, message: expect.stringContaining('toChain') });
    const unknownChain = await getJson('/v1/quote', quoteQuery({ toChain: 999 }));
    expect(unknownChain.body.code).toBe(1011);
    const tooLow = await getJson('/v1/quote', quoteQuery({ fromAmount: '10' }));
    expect(tooLow.status).toBe(404);
    expect(tooLow.body).toMatchObject({ code: 1002, errors: { filteredOut: [] } });
    const [failed] = tooLow.body.errors.failed;
    expect(Object.values(failed.subpaths).flat()).toEqual([
      expect.objectContaining({ errorType: 'NO_QUOTE', code: 'AMOUNT_TOO_LOW', tool: 'devnetbridge' }),
    ]);
    const denied = await getJson('/v1/quote', quoteQuery({ denyBridges: 'devnetbridge' }));
    expect(denied.status).toBe(404);
  });

  it('scripted failures: 429 with ratelimit headers, 500, 502 HTML, malformed JSON, hang-up', async () => {
    lifi.failNext('quote', { kind: 'rate-limit', resetSeconds: 42, limit: 75 });
    const limited = await fetch(`${lifi.url}/v1/quote`);
    expect(limited.status).toBe(429);
    expect(Object.fromEntries([...limited.headers].filter(([k]) => k.startsWith('ratelimit-')))).toEqual({
      'ratelimit-limit': '75',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '42',
    });
    expect(await limited.json()).toMatchObject({ code: 1005 });
    lifi.failNext('chains', { kind: 'server-error' });
    expect((await getJson('/v1/chains', {})).body).toMatchObject({ code: 1006 });
    lifi.failNext('tools', { kind: 'server-error', status: 502 });
    const gateway = await fetch(`${lifi.url}/v1/tools`);
    expect([gateway.status, (await gateway.text()).startsWith('<html>')]).toEqual([502, true]);
    lifi.failNext('connections', { kind: 'malformed-json' });
    await expect((await fetch(`${lifi.url}/v1/connections`)).json()).rejects.toThrow();
    lifi.failNext('status', { kind: 'hang-up' });
    await expect(fetch(`${lifi.url}/v1/status?txHash=0x${'00'.repeat(32)}`)).rejects.toThrow();
  });
});

describe('discovery', () => {
  it('/chains, /connections and /tools in LI.FI shapes', async () => {
    const { body: chains } = await getJson('/v1/chains', { chainTypes: 'EVM' });
    expect(chains.chains.map((c: Json) => [c.id, c.key, c.chainType, c.diamondAddress])).toEqual([
      [31_337, 'dva', 'EVM', pair.a.manifest.contracts.devnetBridge],
      [31_338, 'dvb', 'EVM', pair.a.manifest.contracts.devnetBridge],
    ]);
    expect((await getJson('/v1/chains', { chainTypes: 'SVM' })).body).toEqual({ chains: [] });
    const { body: connections } = await getJson('/v1/connections', { fromChain: 31_337, toToken: 'USDC' });
    expect(connections.connections).toHaveLength(1);
    expect(connections.connections[0]).toMatchObject({ fromChainId: 31_337, toChainId: 31_338 });
    expect(connections.connections[0].toTokens.map((t: Json) => t.symbol)).toEqual(['USDC']);
    const { body: tools } = await getJson('/v1/tools', {});
    expect(tools.bridges[0].supportedChains).toEqual([
      { fromChainId: 31_337, toChainId: 31_338 },
      { fromChainId: 31_338, toChainId: 31_337 },
    ]);
  });
});

describe('the relayer moves real funds', () => {
  it('USDC A→B: NOT_FOUND → PENDING → DONE/COMPLETED, the deposit on A, the payment on B', async () => {
    const unknown = await getJson('/v1/status', { txHash: `0x${'ab'.repeat(32)}`, fromChain: 31_337 });
    expect([unknown.status, unknown.body]).toEqual([200, { status: 'NOT_FOUND' }]);
    const { body: quote } = await getJson('/v1/quote', quoteQuery());
    const receiver = sender().address;
    const usdc = pair.a.manifest.tokens.usdc.address;
    const before = await balanceOf('b', usdc, receiver);
    const hash = await execute(quote);
    expect(await balanceOf('a', usdc, pair.a.manifest.contracts.devnetBridge)).toBe(
      parseUnits('10001000', 6),
    );

    const pending = await getJson('/v1/status', { txHash: hash, fromChain: 31_337, toChain: 31_338 });
    expect(pending.body).toMatchObject({
      status: 'PENDING',
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      sending: { txHash: hash, chainId: 31_337, amount: '1000000000' },
      receiving: { chainId: 31_338 },
    });
    expect(await balanceOf('b', usdc, receiver)).toBe(before);
    const done = await getJson('/v1/status', { txHash: hash, fromChain: 31_337 });
    expect(done.body).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      receiving: { chainId: 31_338, amount: '999000000' },
    });
    expect(await balanceOf('b', usdc, receiver)).toBe(before + 999_000_000n);
    const fill = await read('b', (p) => p.getTransactionReceipt(done.body.receiving.txHash));
    expect(fill?.status).toBe(1);
    expect(fill?.from).toBe(DEVNET_BRIDGE_RELAYER.address);
    // Polled again: the same answer, nothing paid twice.
    expect((await getJson('/v1/status', { txHash: hash })).body.receiving.txHash).toBe(
      done.body.receiving.txHash,
    );
    expect(await balanceOf('b', usdc, receiver)).toBe(before + 999_000_000n);
  });

  it('native ETH A→B, settled without polling', async () => {
    const { body: quote } = await getJson(
      '/v1/quote',
      quoteQuery({
        fromToken: ZeroAddress,
        toToken: ZeroAddress,
        fromAmount: parseUnits('2', 18).toString(),
      }),
    );
    expect(quote.transactionRequest.value).toBe('0x1bc16d674ec80000');
    const receiver = sender().address;
    const before = await balanceOf('b', ZeroAddress, receiver);
    const hash = await execute(quote);
    const transfer = await lifi.settle(hash as `0x${string}`);
    expect(transfer.paid).toEqual({ chainId: 31_338, token: ZeroAddress, amount: parseUnits('1.998', 18) });
    expect(await balanceOf('b', ZeroAddress, receiver)).toBe(before + parseUnits('1.998', 18));
  });

  it('REFUNDED: the deposit really comes back on chain A', async () => {
    lifi.scriptQuote({ outcome: { kind: 'refund' } });
    const { body: quote } = await getJson('/v1/quote', quoteQuery());
    const usdc = pair.a.manifest.tokens.usdc.address;
    const hash = await execute(quote);
    expect(await balanceOf('a', usdc, sender().address)).toBe(0n);
    await getJson('/v1/status', { txHash: hash });
    const done = await getJson('/v1/status', { txHash: hash });
    expect(done.body).toMatchObject({
      status: 'DONE',
      substatus: 'REFUNDED',
      receiving: { chainId: 31_337, amount: '1000000000' },
    });
    expect(await balanceOf('a', usdc, sender().address)).toBe(1_000_000_000n);
    expect(await balanceOf('b', usdc, sender().address)).toBe(0n);
    const refund = await read('a', (p) => p.getTransactionReceipt(done.body.receiving.txHash));
    expect(refund?.status).toBe(1);
  });

  it('short: COMPLETED with the promised amount in the status, less paid on chain B', async () => {
    lifi.scriptQuote({ outcome: { kind: 'short', amount: 500_000_000n } });
    const receiver = sender().address;
    const usdc = pair.b.manifest.tokens.usdc.address;
    const before = await balanceOf('b', usdc, receiver);
    const hash = await execute((await getJson('/v1/quote', quoteQuery())).body);
    const transfer = await lifi.settle(hash as `0x${string}`);
    expect(transfer.paid).toEqual({ chainId: 31_338, token: usdc, amount: 500_000_000n });
    expect((await getJson('/v1/status', { txHash: hash })).body).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      receiving: { amount: '999000000' },
    });
    expect(await balanceOf('b', usdc, receiver)).toBe(before + 500_000_000n);
  });

  it('PARTIAL: another token arrives; FAILED: nothing moves; never filled: PENDING for good', async () => {
    lifi.scriptQuote(
      { outcome: { kind: 'partial' } },
      { outcome: { kind: 'fail', substatus: 'EXPIRED' } },
      { outcome: { kind: 'never' } },
    );
    const receiver = sender().address;
    const { usdc, dai } = pair.b.manifest.tokens;
    const partial = await execute((await getJson('/v1/quote', quoteQuery())).body);
    const transfer = await lifi.settle(partial as `0x${string}`);
    expect(transfer.paid).toEqual({ chainId: 31_338, token: dai.address, amount: parseUnits('999', 18) });
    expect((await getJson('/v1/status', { txHash: partial })).body).toMatchObject({
      status: 'DONE',
      substatus: 'PARTIAL',
    });
    expect(await balanceOf('b', dai.address, receiver)).toBe(parseUnits('999', 18));
    expect(await balanceOf('b', usdc.address, receiver)).toBe(0n);

    const failed = await execute((await getJson('/v1/quote', quoteQuery())).body);
    await lifi.settle(failed as `0x${string}`);
    expect((await getJson('/v1/status', { txHash: failed })).body).toMatchObject({
      status: 'FAILED',
      substatus: 'EXPIRED',
    });

    const never = await execute((await getJson('/v1/quote', quoteQuery())).body);
    for (let i = 0; i < 4; i++) {
      expect((await getJson('/v1/status', { txHash: never })).body).toMatchObject({
        status: 'PENDING',
        substatus: 'WAIT_DESTINATION_TRANSACTION',
      });
    }
    expect(await balanceOf('b', dai.address, receiver)).toBe(parseUnits('999', 18));
    expect(lifi.transfers().find((t) => t.sourceTxHash === never)).toMatchObject({ polls: 4, paid: null });
  });
});

describe('rate limit window and API key', () => {
  it('sends ratelimit-* headers on every answer and 429 beyond the limit; a wrong key is 401', async () => {
    const limited = await startLifiFixture({
      chains: [lifiFixtureChain(pair.a)],
      rateLimit: { limit: 2, windowSeconds: 60 },
      apiKey: 'right-key',
    });
    try {
      const first = await fetch(`${limited.url}/v1/tools`);
      expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining')]).toEqual([
        '2',
        '1',
      ]);
      await fetch(`${limited.url}/v1/tools`);
      const third = await fetch(`${limited.url}/v1/tools`);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      const wrong = await fetch(`${limited.url}/v1/tools`, { headers: { 'x-lifi-api-key': 'wrong' } });
      expect([wrong.status, ((await wrong.json()) as { code: number }).code]).toEqual([401, 1010]);
      expect(limited.requests.map((r) => r.path)).toEqual(Array(4).fill('/v1/tools'));
    } finally {
      await limited.close();
    }
  });
});
