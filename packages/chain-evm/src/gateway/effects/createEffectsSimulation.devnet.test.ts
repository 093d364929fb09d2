import { type RpcProxy, startRpcProxy, waitMined } from '@org/devnet';
import { Contract, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { RpcError } from '../../errors/RpcError.js';
import { v2RouterInterface } from '../../swap/swapInterfaces.js';
import { type SwapDevnet, startSwapDevnet } from '../../swap/testing/startSwapDevnet.js';
import { simulateExecution } from '../steps/simulateExecution.js';
import type { Hex } from '../types.js';
import { NATIVE_ASSET } from './SimulatedEffects.js';
import { createEffectsSimulation } from './createEffectsSimulation.js';
import { simulateWithSimulateV1 } from './simulateWithSimulateV1.js';
import { simulateWithTraceCall } from './simulateWithTraceCall.js';
import { walletDeltas } from './walletDeltas.js';

// The two effects simulators against the devnet (anvil 1.7: both eth_simulateV1 and debug_traceCall), compared with
// what the same transaction then does on chain (read with a separate provider); a counting proxy in front of the
// node plays a node without one method or both.

let env: SwapDevnet;
let proxy: RpcProxy;
let proxied: JsonRpcProvider;
let snapshot = '';
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  env = await startSwapDevnet();
  proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
  proxied = new JsonRpcProvider(proxy.url, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  proxied?.destroy();
  await proxy?.close();
  env?.provider.destroy();
  await env?.devnet.stop();
});
beforeEach(async () => {
  snapshot = await env.devnet.snapshot();
  proxy.intercept = undefined;
  proxy.reset();
});
afterEach(async () => {
  await env.devnet.revert(snapshot);
});

const account = () => env.devnet.manifest.accounts[4]!;
/** A plain V2 buy of `token` for `value` wei, minimum 0, paid to the account. */
function buy(token: Address, value: bigint, deadline = BigInt(Math.floor(Date.now() / 1000) + 600)) {
  const { weth, uniswapV2Router02 } = env.devnet.manifest.contracts;
  return {
    chainId: 31337,
    from: account().address as Address,
    to: uniswapV2Router02 as Address,
    data: v2RouterInterface.encodeFunctionData('swapExactETHForTokens', [
      0n,
      [weth, token],
      account().address,
      deadline,
    ]) as Hex,
    value,
    timeoutMs: 8_000,
  };
}
const balanceOf = async (token: Address) =>
  (await new Contract(token, erc20, env.provider).getFunction('balanceOf')(account().address)) as bigint;
/** Sends the transaction for real and returns the account's balance change of `token`. */
async function executed(tx: ReturnType<typeof buy>, token: Address): Promise<bigint> {
  const before = await balanceOf(token);
  const signer = new Wallet(account().privateKey, env.provider);
  const sent = await signer.sendTransaction({ to: tx.to, data: tx.data, value: tx.value });
  await waitMined({ provider: env.provider, hash: sent.hash as Hex });
  return (await balanceOf(token)) - before;
}

describe('effects simulators on the devnet', () => {
  it('eth_simulateV1 and debug_traceCall see the same wallet deltas as the chain: ETH → USDC', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const tx = buy(usdc, 10n ** 16n);
    const v1 = await simulateWithSimulateV1({ ...tx, provider: env.provider });
    const trace = await simulateWithTraceCall({ ...tx, provider: env.provider });
    if (v1.kind !== 'effects' || trace.kind !== 'effects') throw new Error('expected effects');
    const fromV1 = walletDeltas({ wallet: tx.from, transfers: v1.effects.transfers });
    const fromTrace = walletDeltas({ wallet: tx.from, transfers: trace.effects.transfers });
    expect(fromV1.get(NATIVE_ASSET)).toBe(-(10n ** 16n));
    expect(fromTrace).toEqual(fromV1);
    expect(v1.effects.gasUsed).toBeGreaterThan(21_000n);
    expect(trace.effects.gasUsed).toBe(v1.effects.gasUsed);
    const received = fromV1.get(usdc.toLowerCase()) ?? 0n;
    expect(received).toBeGreaterThan(0n);
    expect(await executed(tx, usdc)).toBe(received);
  });

  it('a buy tax burned from the wallet (BTAX through its flagged pair) shows as what stays, not what the pool sent', async () => {
    const btax = env.devnet.manifest.tokens.buyTax.address as Address;
    const tx = buy(btax, 10n ** 15n);
    for (const simulate of [simulateWithSimulateV1, simulateWithTraceCall]) {
      const result = await simulate({ ...tx, provider: env.provider });
      if (result.kind !== 'effects') throw new Error('expected effects');
      const fromPool = result.effects.transfers.find(
        (t) => t.token === btax.toLowerCase() && t.to === tx.from.toLowerCase(),
      );
      const kept = walletDeltas({ wallet: tx.from, transfers: result.effects.transfers }).get(
        btax.toLowerCase(),
      );
      // 90% of what the pair sent is burned: the wallet keeps a tenth (rounded down in the token).
      expect(kept).toBe((fromPool?.amount ?? 0n) - ((fromPool?.amount ?? 0n) * 9_000n) / 10_000n);
    }
    const v1 = await simulateWithSimulateV1({ ...tx, provider: env.provider });
    if (v1.kind !== 'effects') throw new Error('expected effects');
    expect(await executed(tx, btax)).toBe(
      walletDeltas({ wallet: tx.from, transfers: v1.effects.transfers }).get(btax.toLowerCase()),
    );
  });

  it('WETH9 logs Deposit/Withdrawal, not Transfer: a wrap and an unwrap still show the wrapped token moving', async () => {
    const weth = env.devnet.manifest.contracts.weth as Address;
    const from = account().address as Address;
    const wrap = {
      chainId: 31337,
      from,
      to: weth,
      data: '0xd0e30db0' as Hex,
      value: 10n ** 15n,
      timeoutMs: 8_000,
    };
    for (const simulate of [simulateWithSimulateV1, simulateWithTraceCall]) {
      const result = await simulate({ ...wrap, provider: env.provider });
      if (result.kind !== 'effects') throw new Error('expected effects');
      const deltas = walletDeltas({ wallet: from, transfers: result.effects.transfers });
      expect(deltas.get(weth.toLowerCase())).toBe(10n ** 15n);
      expect(deltas.get(NATIVE_ASSET)).toBe(-(10n ** 15n));
    }
    const signer = new Wallet(account().privateKey, env.provider);
    await waitMined({ provider: env.provider, hash: (await signer.sendTransaction(wrap)).hash as Hex });
    const withdraw = `0x2e1a7d4d${(10n ** 15n).toString(16).padStart(64, '0')}` as Hex;
    const unwrap = { ...wrap, data: withdraw, value: 0n };
    for (const simulate of [simulateWithSimulateV1, simulateWithTraceCall]) {
      const result = await simulate({ ...unwrap, provider: env.provider });
      if (result.kind !== 'effects') throw new Error('expected effects');
      const deltas = walletDeltas({ wallet: from, transfers: result.effects.transfers });
      expect(deltas.get(weth.toLowerCase())).toBe(-(10n ** 15n));
      expect(deltas.get(NATIVE_ASSET)).toBe(10n ** 15n);
    }
  });

  it('a revert is a revert with its decoded reason, from either method; nothing is mined', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const expired = buy(usdc, 10n ** 16n, 1n);
    for (const simulate of [simulateWithSimulateV1, simulateWithTraceCall]) {
      expect(await simulate({ ...expired, provider: env.provider })).toMatchObject({
        kind: 'reverted',
        reason: expect.stringContaining('EXPIRED'),
      });
    }
  });

  it('a node without eth_simulateV1: debug_traceCall answers, and the method is not asked again for a while', async () => {
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' ? { error: { code: -32601, message: 'Method not found' } } : undefined;
    const simulate = createEffectsSimulation();
    const tx = { ...buy(env.devnet.manifest.tokens.usdc.address as Address, 10n ** 16n), provider: proxied };
    const first = await simulate(tx);
    expect(first.kind).toBe('effects');
    expect(first.kind === 'effects' && first.effects.source).toBe('debug_traceCall');
    expect(proxy.count()).toBe(2);
    proxy.reset();
    expect((await simulate(tx)).kind).toBe('effects');
    expect(proxy.count()).toBe(1);
    expect(proxy.count('debug_traceCall')).toBe(1);
  });

  it('a node with neither: refused EFFECTS_SIMULATION_UNSUPPORTED by default; "models only" signs on an eth_estimateGas limit', async () => {
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' || r.method === 'debug_traceCall'
        ? { error: { code: -32601, message: `the method ${r.method} does not exist/is not available` } }
        : undefined;
    const tx = { ...buy(env.devnet.manifest.tokens.usdc.address as Address, 10n ** 16n), provider: proxied };
    const simulateEffects = createEffectsSimulation();
    expect(await simulateExecution({ ...tx, mode: 'required', simulateEffects })).toMatchObject({
      ok: false,
      code: 'EFFECTS_SIMULATION_UNSUPPORTED',
    });
    expect(proxy.count('eth_estimateGas')).toBe(0);
    // A node that answered neither is asked again next time (not remembered as lacking both).
    proxy.reset();
    expect((await simulateEffects(tx)).kind).toBe('unsupported');
    expect(proxy.count('eth_simulateV1')).toBe(1);
    expect(proxy.count('debug_traceCall')).toBe(1);
    const modelsOnly = await simulateExecution({
      ...tx,
      mode: 'models-only',
      simulateEffects: createEffectsSimulation(),
    });
    expect(modelsOnly).toMatchObject({ ok: true, effects: null });
    expect(proxy.count('eth_estimateGas')).toBe(1);
  });

  it('an approval simulated first (prelude): the sale that needs it runs in the same block, only its own effects come back — as the chain then does', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address as Address;
    const { weth, uniswapV2Router02 } = env.devnet.manifest.contracts;
    await executed(buy(usdc, 10n ** 17n), usdc);
    const held = await balanceOf(usdc);
    const amount = held / 2n;
    const sell = {
      ...buy(usdc, 0n),
      data: v2RouterInterface.encodeFunctionData('swapExactTokensForETH', [
        amount,
        0n,
        [usdc, weth],
        account().address,
        2n ** 40n, // far away: the devnet's clock is not the machine's
      ]) as Hex,
    };
    const approve = {
      to: usdc,
      data: new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [
        uniswapV2Router02,
        amount,
      ]) as Hex,
      value: 0n,
    };
    // Alone, the sale reverts (no allowance); with the approval before it, it runs.
    expect((await simulateWithSimulateV1({ ...sell, provider: env.provider })).kind).toBe('reverted');
    const v1 = await simulateWithSimulateV1({ ...sell, provider: env.provider, prelude: [approve] });
    if (v1.kind !== 'effects') throw new Error('expected effects');
    const deltas = walletDeltas({ wallet: sell.from, transfers: v1.effects.transfers });
    expect(deltas.get(usdc.toLowerCase())).toBe(-amount);
    // debug_traceCall cannot run a prelude: unsupported, never effects without the approval; with no eth_simulateV1
    // the gateway's simulate step refuses (models only included: eth_estimateGas cannot run the approval first).
    expect((await simulateWithTraceCall({ ...sell, provider: env.provider, prelude: [approve] })).kind).toBe(
      'unsupported',
    );
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' ? { error: { code: -32601, message: 'Method not found' } } : undefined;
    const lacking = { ...sell, provider: proxied, prelude: [approve] };
    for (const mode of ['required', 'models-only'] as const) {
      expect(
        await simulateExecution({ ...lacking, mode, simulateEffects: createEffectsSimulation() }),
      ).toMatchObject({ ok: false, code: 'EFFECTS_SIMULATION_UNSUPPORTED' });
    }
    expect(proxy.count('eth_estimateGas')).toBe(0);
    // The chain agrees: approve, then sell; the USDC that left is what the simulation said.
    const signer = new Wallet(account().privateKey, env.provider);
    const nonce = await env.provider.getTransactionCount(account().address, 'latest');
    const approved = await signer.sendTransaction({ to: approve.to, data: approve.data, nonce });
    await waitMined({ provider: env.provider, hash: approved.hash as Hex });
    const before = await balanceOf(usdc);
    const sold = await signer.sendTransaction({ to: sell.to, data: sell.data, nonce: nonce + 1 });
    await waitMined({ provider: env.provider, hash: sold.hash as Hex });
    expect((await balanceOf(usdc)) - before).toBe(-amount);
  });

  it('a node that errs otherwise (not "method not found") is an RpcError, never "unsupported" nor "no effects"', async () => {
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' ? { error: { code: -32000, message: 'header not found' } } : undefined;
    const tx = { ...buy(env.devnet.manifest.tokens.usdc.address as Address, 10n ** 16n), provider: proxied };
    await expect(createEffectsSimulation()(tx)).rejects.toBeInstanceOf(RpcError);
    proxy.intercept = (r) => (r.method === 'eth_simulateV1' ? { result: [] } : undefined);
    await expect(simulateWithSimulateV1(tx)).rejects.toMatchObject({ code: 'RPC_ERROR' });
    proxy.intercept = (r) =>
      r.method === 'eth_simulateV1' ? { result: [{ calls: [{ status: '0x1', logs: [] }] }] } : undefined;
    await expect(simulateWithSimulateV1(tx)).rejects.toMatchObject({ code: 'RPC_ERROR' });
    proxy.intercept = (r) => (r.method === 'debug_traceCall' ? { result: { type: 'CALL' } } : undefined);
    await expect(simulateWithTraceCall(tx)).rejects.toMatchObject({ code: 'RPC_ERROR' });
  });
});
