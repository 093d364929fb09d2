import { type LifiAdversary, type LifiFixture, startLifiFixture } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBridgeQuote } from './checkBridgeQuote.js';
import { checkBridgeRequote } from './checkBridgeRequote.js';
import { createLifiClient, type LifiClient } from './createLifiClient.js';
import { resolveBridgeAllowlist } from './resolveBridgeAllowlist.js';
import { ACROSS_REQUEST, ATTACKER, acrossQuote, USDC_BASE } from './testing/acrossQuote.js';
import {
  BRIDGE,
  NATIVE,
  STATIC_FIXTURE_CHAINS,
  USDC,
  USDC_REQUEST,
  WALLET,
} from './testing/staticFixtureChains.js';
import type { BridgeQuoteRequest } from './types.js';

// Every check refused by a quote that lies in exactly one way: adversarial quotes served over HTTP by the LI.FI
// fixture (devnet bridge calldata), and quotes for the real diamond's Across V3 and cBridge facets.
let lifi: LifiFixture;
let client: LifiClient;
beforeAll(async () => {
  lifi = await startLifiFixture({ chains: STATIC_FIXTURE_CHAINS });
  client = createLifiClient({ baseUrl: lifi.url });
});
afterAll(async () => {
  await lifi?.close();
});

const devnetRequest: BridgeQuoteRequest = {
  fromChainId: 31_337,
  toChainId: 31_338,
  fromToken: USDC,
  toToken: USDC,
  fromAmount: 1_000_000_000n,
  wallet: WALLET,
  slippageBps: 50,
  maxPriceImpactBps: 300,
};
const devnetPolicy = {
  allowlist: resolveBridgeAllowlist({ chainId: 31_337, configured: [BRIDGE] }),
  maxSlippageBps: 100,
};

describe('adversarial quotes from the fixture, each refused with its own code', () => {
  it('an honest quote passes every check (so each refusal below is that lie’s alone)', async () => {
    const checked = checkBridgeQuote({
      quote: await client.getQuote(USDC_REQUEST),
      request: devnetRequest,
      ...devnetPolicy,
    });
    expect(checked).toMatchObject({ ok: true, nativeFeeWei: 0n, spender: BRIDGE });
    if (checked.ok) expect(checked.decoded.bridgeData.receiver).toBe(WALLET);
  });

  const table: [LifiAdversary, string][] = [
    ['to-not-allowlisted', 'BRIDGE_TARGET_NOT_ALLOWED'],
    ['spender-not-allowlisted', 'BRIDGE_SPENDER_NOT_ALLOWED'],
    ['receiver-not-us', 'BRIDGE_RECEIVER_NOT_ALLOWED'],
    ['destination-call', 'BRIDGE_DESTINATION_CALL'],
    ['source-swaps', 'BRIDGE_SOURCE_SWAPS'],
    ['wrong-value', 'BRIDGE_VALUE_MISMATCH'],
    ['slippage-one', 'BRIDGE_SLIPPAGE_TOO_HIGH'],
    ['lower-minimum', 'BRIDGE_MIN_OUT_TOO_LOW'],
    ['wrong-destination-chain', 'BRIDGE_DESTINATION_CHAIN_MISMATCH'],
    ['wrong-sending-asset', 'BRIDGE_SENDING_ASSET_MISMATCH'],
    ['wrong-min-amount', 'BRIDGE_AMOUNT_MISMATCH'],
    ['output-below-minimum', 'BRIDGE_OUTPUT_BELOW_MINIMUM'],
    ['wrong-receiving-asset', 'BRIDGE_RECEIVING_ASSET_MISMATCH'],
    ['wrong-chain-id', 'BRIDGE_CHAIN_MISMATCH'],
    ['wrong-from', 'BRIDGE_SENDER_MISMATCH'],
    ['unknown-selector', 'BRIDGE_CALLDATA_UNKNOWN'],
  ];
  it.each(table)('%s → %s', async (adversary, code) => {
    lifi.scriptQuote({ adversary });
    const quote = await client.getQuote(USDC_REQUEST);
    const checked = checkBridgeQuote({ quote, request: devnetRequest, ...devnetPolicy });
    expect(checked).toMatchObject({ ok: false, refusal: { code } });
  });

  it('native ETH: value must be exactly the amount', async () => {
    const native = { ...USDC_REQUEST, fromToken: NATIVE, toToken: NATIVE, fromAmount: 10n ** 18n };
    const request = { ...devnetRequest, fromToken: NATIVE, toToken: NATIVE, fromAmount: 10n ** 18n };
    expect(checkBridgeQuote({ quote: await client.getQuote(native), request, ...devnetPolicy }).ok).toBe(
      true,
    );
    lifi.scriptQuote({ adversary: 'wrong-value' });
    expect(
      checkBridgeQuote({ quote: await client.getQuote(native), request, ...devnetPolicy }),
    ).toMatchObject({
      refusal: { code: 'BRIDGE_VALUE_MISMATCH' },
    });
  });

  it('a re-quote within the ceiling but below what the slippage asked allows: only the re-quote check sees it', async () => {
    const first = await client.getQuote(USDC_REQUEST);
    lifi.scriptQuote({ adversary: 'lower-minimum', dropBps: 10 });
    const second = await client.getQuote(USDC_REQUEST);
    // On its own the second quote is acceptable (its minimum is within the 100 bps ceiling)…
    expect(checkBridgeQuote({ quote: second, request: devnetRequest, ...devnetPolicy }).ok).toBe(true);
    // …but against the first quote's output less the 50 bps asked, it dropped.
    const requote = checkBridgeRequote({ first: first.estimate, second: second.estimate, slippageBps: 50 });
    expect(requote).toEqual({
      refusal: { code: 'BRIDGE_REQUOTE_DROPPED', reason: expect.stringContaining('993006000') },
      floor: 994_005_000n,
      firstToAmount: 999_000_000n,
      firstToAmountMin: 994_005_000n,
      secondToAmountMin: 993_006_000n,
    });
    const again = await client.getQuote(USDC_REQUEST);
    expect(
      checkBridgeRequote({ first: first.estimate, second: again.estimate, slippageBps: 50 }).refusal,
    ).toBeNull();
  });

  it('the quote’s own words must match the request too (BRIDGE_QUOTE_MISMATCH)', async () => {
    const quote = await client.getQuote(USDC_REQUEST);
    for (const request of [
      { ...devnetRequest, fromAmount: 999n },
      { ...devnetRequest, toChainId: 10 },
      { ...devnetRequest, wallet: ATTACKER },
    ]) {
      expect(checkBridgeQuote({ quote, request, ...devnetPolicy })).toMatchObject({
        refusal: { code: 'BRIDGE_QUOTE_MISMATCH' },
      });
    }
  });
});

describe('the real diamond’s facets (Across V3, cBridge) on Base', () => {
  const policy = { allowlist: resolveBridgeAllowlist({ chainId: 8453 }), maxSlippageBps: 100 };
  const check = (
    options: Parameters<typeof acrossQuote>[0],
    extra: Partial<Parameters<typeof checkBridgeQuote>[0]> = {},
  ) => checkBridgeQuote({ quote: acrossQuote(options), request: ACROSS_REQUEST, ...policy, ...extra });

  it('honest Across V3 and cBridge quotes to the pinned diamond pass (cBridge only for the same asset)', () => {
    expect(check({}).ok).toBe(true);
    expect(check({ cbridge: true }, { request: { ...ACROSS_REQUEST, sameAsset: true } }).ok).toBe(true);
  });

  it('cBridge’s own maxSlippage is bounded by the slippage asked; without the same asset it is unknown', () => {
    const same = { request: { ...ACROSS_REQUEST, sameAsset: true } };
    // 50 bps asked = 5,000 millionths: exactly that passes, one more is refused.
    expect(check({ cbridge: true, maxSlippage: 5_000 }, same).ok).toBe(true);
    expect(check({ cbridge: true, maxSlippage: 5_001 }, same)).toMatchObject({
      ok: false,
      refusal: { code: 'BRIDGE_SLIPPAGE_TOO_HIGH' },
    });
    // The review's G5 quote: 100% in the calldata while the JSON says 0.5%.
    expect(check({ cbridge: true, maxSlippage: 1_000_000 }, same)).toMatchObject({
      ok: false,
      refusal: { code: 'BRIDGE_SLIPPAGE_TOO_HIGH', reason: expect.stringContaining('100%') },
    });
    // The calldata does not name the asset delivered: another asset than the one sent cannot be proven.
    expect(check({ cbridge: true })).toMatchObject({
      ok: false,
      refusal: { code: 'BRIDGE_CALLDATA_UNKNOWN' },
    });
  });

  it('a facet whose calldata proves no minimum is refused, never skipped (Across after source swaps)', () => {
    const swaps = { swaps: [{ sendingAssetId: USDC_BASE, fromAmount: 25_000_000n }] };
    expect(
      check(
        { ...swaps, cbridge: true },
        { allowSourceSwaps: true, request: { ...ACROSS_REQUEST, sameAsset: true } },
      ),
    ).toMatchObject({ ok: false, refusal: { code: 'BRIDGE_CALLDATA_UNKNOWN' } });
  });

  it.each([
    ['Across receiverAddress elsewhere', { receiverAddress: ATTACKER }, 'BRIDGE_RECEIVER_NOT_ALLOWED'],
    ['refund to someone else', { refundAddress: ATTACKER }, 'BRIDGE_REFUND_ADDRESS_MISMATCH'],
    ['a destination message (flag false)', { message: '0xdeadbeef' as const }, 'BRIDGE_DESTINATION_CALL'],
    ['another delivered asset', { receivingAssetId: ATTACKER }, 'BRIDGE_RECEIVING_ASSET_MISMATCH'],
    ['an output below the minimum', { outputAmount: 24_865_049n }, 'BRIDGE_OUTPUT_BELOW_MINIMUM'],
    [
      'source swaps',
      { swaps: [{ sendingAssetId: USDC_BASE, fromAmount: 25_000_000n }] },
      'BRIDGE_SOURCE_SWAPS',
    ],
    ['cBridge to someone else', { cbridge: true, receiver: ATTACKER }, 'BRIDGE_RECEIVER_NOT_ALLOWED'],
  ] as const)('%s → %s', (_name, options, code) => {
    expect(check(options)).toMatchObject({ ok: false, refusal: { code } });
  });

  it('source swaps, when allowed, must still spend the asset and amount asked (and prove what arrives)', () => {
    const swaps = (sendingAssetId: `0x${string}`, fromAmount: bigint) => ({
      swaps: [{ sendingAssetId, fromAmount }],
    });
    // Across recomputes its output after the swap: the calldata proves no minimum.
    expect(check(swaps(USDC_BASE, 25_000_000n), { allowSourceSwaps: true })).toMatchObject({
      refusal: { code: 'BRIDGE_CALLDATA_UNKNOWN' },
    });
    expect(check(swaps(ATTACKER, 25_000_000n), { allowSourceSwaps: true })).toMatchObject({
      refusal: { code: 'BRIDGE_SENDING_ASSET_MISMATCH' },
    });
    expect(check(swaps(USDC_BASE, 50_000_000n), { allowSourceSwaps: true })).toMatchObject({
      refusal: { code: 'BRIDGE_AMOUNT_MISMATCH' },
    });
    expect(
      check({ ...swaps(USDC_BASE, 25_000_000n), hasSourceSwaps: false }, { allowSourceSwaps: true }),
    ).toMatchObject({
      refusal: { code: 'BRIDGE_CALLDATA_UNKNOWN' },
    });
  });

  it('another receiver only when the request names it and the operator allowlisted it', () => {
    const friend = '0x1111111111111111111111111111111111111111' as const;
    const paysFriend = acrossQuote({ receiver: friend, receiverAddress: friend });
    const quote = { ...paysFriend, action: { ...paysFriend.action, toAddress: friend } };
    const request = { ...ACROSS_REQUEST, receiver: friend };
    expect(checkBridgeQuote({ quote, request, ...policy })).toMatchObject({
      refusal: { code: 'BRIDGE_RECEIVER_NOT_ALLOWED' },
    });
    expect(checkBridgeQuote({ quote, request, ...policy, allowedReceivers: [friend] }).ok).toBe(true);
    // The refund still goes to the wallet, never to the receiver.
    expect(
      checkBridgeQuote({
        quote,
        request: { ...request, wallet: friend },
        ...policy,
        allowedReceivers: [friend],
      }),
    ).toMatchObject({ refusal: { code: 'BRIDGE_QUOTE_MISMATCH' } });
  });

  it('a Base quote is refused where the diamond is not pinned (Sepolia) or on Linea’s other diamond', () => {
    expect(
      checkBridgeQuote({
        quote: acrossQuote(),
        request: ACROSS_REQUEST,
        ...policy,
        allowlist: resolveBridgeAllowlist({ chainId: 11155111 }),
      }),
    ).toMatchObject({
      refusal: {
        code: 'BRIDGE_TARGET_NOT_ALLOWED',
        reason: expect.stringContaining('nothing is allowlisted'),
      },
    });
    expect(
      checkBridgeQuote({
        quote: acrossQuote(),
        request: ACROSS_REQUEST,
        ...policy,
        allowlist: resolveBridgeAllowlist({ chainId: 59144 }),
      }),
    ).toMatchObject({ refusal: { code: 'BRIDGE_TARGET_NOT_ALLOWED' } });
  });
});
