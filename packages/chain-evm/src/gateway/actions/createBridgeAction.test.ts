import { encodeDevnetBridgeCall } from '@org/devnet';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { acrossQuote } from '../../bridge/testing/acrossQuote.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent } from '../types.js';
import type { ActionTable } from './ActionModule.js';
import { createBridgeAction } from './createBridgeAction.js';
import { defaultActionModules } from './defaultActionModules.js';

const devnet = resolveChain({ chain: 31_337 });
const BRIDGE: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER: Address = '0x000000000000000000000000000000000000dEaD';
const ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC_A: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_B: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const NATIVE: Address = '0x0000000000000000000000000000000000000000';
const AMOUNT = 250_000_000n;

const bridgeAction = createBridgeAction({ allowlist: { 31337: [BRIDGE] }, maxNativeFeeWei: 1_000n });
const table: ActionTable = [...defaultActionModules, bridgeAction];

interface CallOptions {
  receiver?: Address;
  sendingAssetId?: Address;
  minAmount?: bigint;
  destinationChainId?: bigint;
  hasDestinationCall?: boolean;
  hasSourceSwaps?: boolean;
  receivingAssetId?: Address;
  outputAmount?: bigint;
}

const call = (o: CallOptions = {}) =>
  encodeDevnetBridgeCall({
    bridgeData: {
      transactionId: `0x${'ab'.repeat(32)}`,
      bridge: 'devnetbridge',
      integrator: 'wallet-ops',
      referrer: NATIVE,
      sendingAssetId: o.sendingAssetId ?? USDC_A,
      receiver: o.receiver ?? WALLET,
      minAmount: o.minAmount ?? AMOUNT,
      destinationChainId: o.destinationChainId ?? 31_338n,
      hasSourceSwaps: o.hasSourceSwaps ?? false,
      hasDestinationCall: o.hasDestinationCall ?? false,
    },
    receivingAssetId: o.receivingAssetId ?? USDC_B,
    outputAmount: o.outputAmount ?? 249_000_000n,
  });

const intent = (o: Partial<ExecutionIntent> = {}, c: CallOptions = {}): ExecutionIntent => ({
  chainId: 31_337,
  action: 'bridge',
  to: BRIDGE,
  data: call(c),
  value: 0n,
  spends: [{ token: USDC_A, amount: AMOUNT }],
  acquires: [],
  bridge: { toChainId: 31_338, toToken: USDC_B, minAmountOut: 248_000_000n },
  description: 'bridge 250 USDC to devnet-b',
  ...o,
});

const check = (i: ExecutionIntent, actions: ActionTable = table) =>
  checkPolicy({ intent: i, chain: devnet, wallet: WALLET, actions });

describe('createBridgeAction (through checkPolicy)', () => {
  it('allows an honest ERC-20 transfer and an honest native one', () => {
    expect(check(intent())).toBeNull();
    expect(
      check(
        intent(
          { spends: [], value: 10n ** 17n + 1_000n, bridge: { toChainId: 31_338, toToken: NATIVE } },
          {
            sendingAssetId: NATIVE,
            minAmount: 10n ** 17n,
            receivingAssetId: NATIVE,
            outputAmount: 10n ** 17n,
          },
        ),
      ),
    ).toBeNull();
  });

  it('is refused without the module in the table, and on a chain with no allowlist', () => {
    expect(check(intent(), defaultActionModules)?.code).toBe('TARGET_NOT_ALLOWED');
    const other = createBridgeAction({ allowlist: { 1: [BRIDGE] } });
    expect(check(intent(), [...defaultActionModules, other])?.code).toBe('TARGET_NOT_ALLOWED');
  });

  it('refuses a target off the allowlist', () => {
    expect(check(intent({ to: OTHER }))).toMatchObject({ code: 'TARGET_NOT_ALLOWED' });
  });

  it('refuses an intent without its destination side', () => {
    const { bridge: _omitted, ...rest } = intent();
    expect(check(rest)).toMatchObject({
      code: 'INTENT_INVALID',
      reason: expect.stringMatching(/intent\.bridge/),
    });
  });

  it('refuses calldata it cannot decode (unknown selector, truncated)', () => {
    expect(check(intent({ data: '0xdeadbeef' }))?.code).toBe('INTENT_INVALID');
    expect(check(intent({ data: call().slice(0, 200) as `0x${string}` }))?.code).toBe('INTENT_INVALID');
    const transfer = new Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [
      ATTACKER,
      AMOUNT,
    ]) as `0x${string}`;
    expect(check(intent({ data: transfer }))?.code).toBe('INTENT_INVALID');
  });

  it('refuses a receiver that is not the wallet (BridgeData and the facet’s own receiver)', () => {
    expect(check(intent({}, { receiver: ATTACKER }))).toMatchObject({
      code: 'INTENT_INVALID',
      reason: expect.stringMatching(/pays 0xBAd/i),
    });
    // An Across call whose BridgeData names the wallet but whose own data pays (or refunds) someone else.
    const across = (o: { receiverAddress?: Address; refundAddress?: Address }) =>
      acrossQuote({
        receiver: WALLET,
        receiverAddress: WALLET,
        refundAddress: WALLET,
        destinationChainId: 31_338n,
        ...o,
      }).transactionRequest.data;
    expect(check(intent({ data: across({ receiverAddress: ATTACKER }) }))?.reason).toMatch(/as receiver/);
    expect(check(intent({ data: across({ refundAddress: ATTACKER }) }))?.reason).toMatch(/as refund/);
  });

  it('refuses another destination chain, or the source chain itself', () => {
    expect(check(intent({}, { destinationChainId: 1n }))?.code).toBe('INTENT_INVALID');
    expect(
      check(intent({ bridge: { toChainId: 31_337, toToken: USDC_B } }, { destinationChainId: 31_337n }))
        ?.reason,
    ).toMatch(/goes to chain 31337/);
  });

  it('refuses a destination call and source swaps', () => {
    expect(check(intent({}, { hasDestinationCall: true }))?.reason).toMatch(/destination chain/);
    expect(check(intent({}, { hasSourceSwaps: true }))?.reason).toMatch(/swaps on the source chain/);
  });

  it('refuses another delivered asset, or less than the intent’s minimum', () => {
    expect(check(intent({}, { receivingAssetId: ATTACKER }))?.reason).toMatch(/delivers/);
    expect(check(intent({}, { outputAmount: 1n }))?.reason).toMatch(/below the intent's minimum/);
  });

  it('spends exactly the sending asset and amount (ERC-20)', () => {
    expect(check(intent({ spends: [] }))?.code).toBe('INTENT_INVALID');
    expect(check(intent({ spends: [{ token: OTHER, amount: AMOUNT }] }))?.code).toBe('INTENT_INVALID');
    expect(check(intent({ spends: [{ token: USDC_A, amount: AMOUNT - 1n }] }))?.reason).toMatch(/takes/);
    expect(check(intent({}, { minAmount: AMOUNT * 2n }))?.reason).toMatch(/takes/);
    expect(
      check(
        intent({
          spends: [
            { token: USDC_A, amount: AMOUNT },
            { token: OTHER, amount: 1n },
          ],
        }),
      )?.code,
    ).toBe('INTENT_INVALID');
    expect(check(intent({ acquires: [{ token: USDC_A, amount: 1n }] }))?.reason).toMatch(/acquires nothing/);
  });

  it('bounds the native value: at most the fee on a token bridge; exactly the amount plus the fee on a native one', () => {
    expect(check(intent({ value: 1_000n }))).toBeNull();
    expect(check(intent({ value: 1_001n }))?.reason).toMatch(/native fee/);
    expect(check(intent({ value: 5n * 10n ** 17n }))?.code).toBe('INTENT_INVALID');
    const native = (value: bigint) =>
      check(
        intent(
          { spends: [], value, bridge: { toChainId: 31_338, toToken: NATIVE } },
          {
            sendingAssetId: NATIVE,
            minAmount: 10n ** 17n,
            receivingAssetId: NATIVE,
            outputAmount: 10n ** 17n,
          },
        ),
      );
    expect(native(10n ** 17n - 1n)?.code).toBe('INTENT_INVALID');
    expect(native(10n ** 17n + 1_001n)?.code).toBe('INTENT_INVALID');
    expect(native(10n ** 18n + 10n ** 17n)?.code).toBe('INTENT_INVALID');
  });

  it('lists the allowlist as its spenders: an exact approval to the bridge is allowed, to anyone else refused', () => {
    expect(bridgeAction.spenders(devnet)).toEqual([BRIDGE]);
    const approve = (spender: Address) =>
      check({
        chainId: 31_337,
        action: 'approve',
        to: USDC_A,
        spender,
        data: new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [
          spender,
          AMOUNT,
        ]) as `0x${string}`,
        value: 0n,
        spends: [{ token: USDC_A, amount: 0n }],
        acquires: [],
        description: 'approve',
      });
    expect(approve(BRIDGE)).toBeNull();
    expect(approve(ATTACKER)?.code).toBe('TARGET_NOT_ALLOWED');
  });

  it('a cBridge call (no delivered asset or amount in its calldata): only for the same asset, its maxSlippage within the slippage accepted', () => {
    const cbridge = (maxSlippage: number) =>
      acrossQuote({
        cbridge: true,
        maxSlippage,
        receiver: WALLET,
        destinationChainId: 31_338n,
        sendingAssetId: USDC_A,
        minAmount: AMOUNT,
      }).transactionRequest.data;
    const side = { toChainId: 31_338, toToken: USDC_B, minAmountOut: 248_000_000n };
    const same = { ...side, sameAsset: true, maxSlippageBps: 50 };
    expect(check(intent({ data: cbridge(5_000), bridge: same }))).toBeNull();
    expect(check(intent({ data: cbridge(5_001), bridge: same }))?.reason).toMatch(/5001 ppm less/);
    // The review's G5 call: 100% in the calldata.
    expect(check(intent({ data: cbridge(1_000_000), bridge: same }))?.code).toBe('INTENT_INVALID');
    // Without the caller's word that it is the same asset (or without the slippage accepted): unknown, refused.
    expect(check(intent({ data: cbridge(100), bridge: side }))?.reason).toMatch(/does not name the asset/);
    expect(check(intent({ data: cbridge(100), bridge: { ...side, sameAsset: true } }))?.reason).toMatch(
      /does not name the asset/,
    );
  });

  it('keeps the bridge side (and what follows the transfer) in the stored intent', async () => {
    const { newExecutionRecord } = await import('../pipeline/newExecutionRecord.js');
    const record = newExecutionRecord({
      id: 'x',
      at: 1,
      from: WALLET,
      idempotencyKey: null,
      intent: intent({ bridge: { ...intent().bridge!, follow: { tool: 'devnetbridge', spender: BRIDGE } } }),
    });
    expect(record.intent.bridge).toEqual({
      toChainId: 31_338,
      toToken: USDC_B,
      minAmountOut: '248000000',
      follow: { tool: 'devnetbridge', spender: BRIDGE },
    });
  });

  it('refuses a negative native fee bound when built', () => {
    expect(() => createBridgeAction({ allowlist: {}, maxNativeFeeWei: -1n })).toThrow(TypeError);
  });
});
