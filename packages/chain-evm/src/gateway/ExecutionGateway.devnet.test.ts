import { startRpcProxy, waitMined } from '@org/devnet';
import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { createTokenSecurityService } from '@org/token-safety';
import { Contract, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChainInfo } from '../chains/chains.js';
import { buildSwapTransaction } from '../swap/buildSwapTransaction.js';
import { computeAmountOutMin } from '../swap/computeAmountOutMin.js';
import { quoteSwap } from '../swap/quoteSwap.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { createOnChainEvidenceSource } from '../token-evidence/createOnChainEvidenceSource.js';
import { ExecutionGateway } from './ExecutionGateway.js';
import { createGatewaySteps } from './steps/createGatewaySteps.js';
import { createMemoryNonceManager } from './steps/createMemoryNonceManager.js';
import { priceInNative } from './steps/priceInNative.js';
import { fetchReceipt } from './steps/fetchReceipt.js';
import { waitForReceipt } from './steps/waitForReceipt.js';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import type { ExecutionIntent } from './types.js';

// The gateway with its real steps against the devnet (anvil + real Uniswap). Effects are read from the chain with
// a separate provider, never through the gateway.

let env: SwapDevnet;
let chain: ChainInfo;
let reader: JsonRpcProvider;
let snapshot = '';
const erc20 = ['function balanceOf(address) view returns (uint256)'];

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

function setup(policy: { maxPerTx?: bigint; dailyLimit?: bigint } = {}) {
  const account = env.devnet.manifest.accounts[3]!;
  const governor = new Governor({
    ledger: new MemorySpendLedger(),
    policy: {
      maxPerTx: policy.maxPerTx ?? parseEther('0.05'),
      dailyLimit: policy.dailyLimit ?? parseEther('0.5'),
    },
  });
  const { weth, uniswapV2Router02, uniswapV2Factory } = env.devnet.manifest.contracts;
  const tokenSafety = createTokenSecurityService({
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
  const store = new MemoryExecutionStore();
  const gateway = new ExecutionGateway({
    privateKey: account.privateKey,
    chains: [chain],
    provider: async () => env.provider,
    governor,
    tokenSafety: { getReport: ({ chain: id, address }) => tokenSafety.getReport({ chain: id, address }) },
    store,
    nonces: createMemoryNonceManager({ provider: async () => env.provider }),
    steps: createGatewaySteps({ minLiquidityWei: parseEther('10') }),
    settings: { receiptTimeoutMs: 10_000 },
  });
  return { gateway, governor, store, address: account.address };
}

async function swapIntent(
  tokenOut: `0x${string}`,
  amountIn: bigint,
  deadline?: bigint,
): Promise<{ intent: ExecutionIntent; min: bigint }> {
  const quote = await quoteSwap({ provider: env.provider, chain, tokenIn: 'native', tokenOut, amountIn });
  const min = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps: 100 });
  const tx = buildSwapTransaction({
    chain,
    quote,
    amountOutMin: min,
    recipient: env.devnet.manifest.accounts[3]!.address,
    deadline: deadline ?? BigInt(Math.floor(Date.now() / 1000) + 600),
  });
  return {
    min,
    intent: {
      chainId: 31337,
      action: 'swap',
      to: tx.to,
      data: tx.data,
      value: tx.value,
      spends: [],
      acquires: [{ token: tokenOut, amount: min }],
      description: 'test swap',
    },
  };
}

describe('ExecutionGateway on the devnet', () => {
  it('ETH → USDC: simulated, reserved, signed, mined; USDC arrives; the governor is charged value + the fee paid', async () => {
    const { gateway, governor, address } = setup();
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const before = (await new Contract(usdc, erc20, reader).getFunction('balanceOf')(address)) as bigint;
    const nonceBefore = await reader.getTransactionCount(address);
    const { intent, min } = await swapIntent(usdc, parseEther('0.01'));
    const { record, receipt } = await gateway.execute(intent);
    expect(record.status).toBe('confirmed');
    expect(receipt?.status).toBe(1);
    const after = (await new Contract(usdc, erc20, reader).getFunction('balanceOf')(address)) as bigint;
    expect(after - before).toBeGreaterThanOrEqual(min);
    expect(await reader.getTransactionCount(address)).toBe(nonceBefore + 1);
    const mined = await reader.getTransactionReceipt(record.minedHash as string);
    expect(mined?.status).toBe(1);
    const fee = (mined?.gasUsed ?? 0n) * (mined?.gasPrice ?? 0n);
    expect(record.feeWei).toBe(fee);
    const status = await governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(parseEther('0.01') + fee);
  });

  it('calldata that does not do what its intent says (F7) is refused: nothing signed, the nonce unchanged on chain', async () => {
    const { gateway, governor, address } = setup();
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const attacker = env.devnet.manifest.accounts[9]!.address;
    const balanceOf = (who: string) =>
      new Contract(usdc, erc20, reader).getFunction('balanceOf')(who) as Promise<bigint>;
    const attackerBefore = await balanceOf(attacker);
    const latest = await reader.getTransactionCount(address, 'latest');
    const pending = await reader.getTransactionCount(address, 'pending');
    const { intent, min } = await swapIntent(usdc, parseEther('0.01'));
    const wallet = address.slice(2).toLowerCase();
    expect(intent.data.toLowerCase()).toContain(wallet);
    const tampered: [string, ExecutionIntent][] = [
      [
        'recipient',
        {
          ...intent,
          data: intent.data.toLowerCase().replace(wallet, attacker.slice(2).toLowerCase()) as `0x${string}`,
        },
      ],
      ['minimum out below the declared one', { ...intent, acquires: [{ token: usdc, amount: min + 1n }] }],
      ['native value above the amount in', { ...intent, value: intent.value + 1n }],
      ['trailing bytes', { ...intent, data: `${intent.data}00` }],
    ];
    for (const [what, bad] of tampered) {
      const { record, receipt } = await gateway.execute(bad);
      expect({ what, status: record.status, code: record.code }).toEqual({
        what,
        status: 'blocked',
        code: 'INTENT_INVALID',
      });
      expect(receipt).toBeNull();
      expect(record.transactions).toEqual([]);
    }
    expect(await reader.getTransactionCount(address, 'latest')).toBe(latest);
    expect(await reader.getTransactionCount(address, 'pending')).toBe(pending);
    expect(await balanceOf(attacker)).toBe(attackerBefore);
    const status = await governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.committed).toBe(0n);
    // The honest intent still runs (the refusals were about the calldata, not the route).
    expect((await gateway.execute(intent)).record.status).toBe('confirmed');
    expect(await reader.getTransactionCount(address, 'latest')).toBe(latest + 1);
  });

  it('wrap and unwrap through the gateway move exactly what they declare; transfer() dressed as an unwrap is never signed', async () => {
    const { gateway, address } = setup();
    const weth = env.devnet.manifest.contracts.weth as `0x${string}`;
    const attacker = env.devnet.manifest.accounts[9]!.address;
    const wethOf = (who: string) =>
      new Contract(weth, erc20, reader).getFunction('balanceOf')(who) as Promise<bigint>;
    const amount = parseEther('0.01');
    const before = await wethOf(address);
    const wrapped = await gateway.execute({
      chainId: 31337,
      action: 'wrap',
      to: weth,
      data: '0xd0e30db0',
      value: amount,
      spends: [],
      acquires: [],
      description: 'wrap 0.01 ETH',
    });
    expect(wrapped.record).toMatchObject({ status: 'confirmed', code: null });
    expect(await wethOf(address)).toBe(before + amount);

    const weth9 = new Interface(['function withdraw(uint256)', 'function transfer(address,uint256)']);
    const nonce = await reader.getTransactionCount(address, 'pending');
    const attack = await gateway.execute({
      chainId: 31337,
      action: 'unwrap',
      to: weth,
      data: weth9.encodeFunctionData('transfer', [attacker, before + amount]) as `0x${string}`,
      value: 0n,
      spends: [],
      acquires: [],
      description: 'unwrap (a transfer in disguise)',
    });
    expect(attack.record).toMatchObject({ status: 'blocked', code: 'INTENT_INVALID', transactions: [] });
    expect(await reader.getTransactionCount(address, 'pending')).toBe(nonce);
    expect(await wethOf(attacker)).toBe(0n);

    const unwrapped = await gateway.execute({
      chainId: 31337,
      action: 'unwrap',
      to: weth,
      data: weth9.encodeFunctionData('withdraw', [amount]) as `0x${string}`,
      value: 0n,
      spends: [{ token: weth, amount }],
      acquires: [],
      description: 'unwrap 0.01 WETH',
    });
    expect(unwrapped.record.status).toBe('confirmed');
    expect(await wethOf(address)).toBe(before);
  });

  it('above the per-transaction cap → PER_TX_LIMIT_EXCEEDED and the wallet nonce is unchanged', async () => {
    const { gateway, address } = setup();
    const nonceBefore = await reader.getTransactionCount(address);
    const { intent } = await swapIntent(env.devnet.manifest.tokens.usdc.address, parseEther('0.06'));
    const { record } = await gateway.execute(intent);
    expect(record).toMatchObject({ status: 'blocked', code: 'PER_TX_LIMIT_EXCEEDED' });
    expect(await reader.getTransactionCount(address)).toBe(nonceBefore);
  });

  it('buying the honeypot → TOKEN_UNSAFE, nothing sent', async () => {
    const { gateway, address } = setup();
    const nonceBefore = await reader.getTransactionCount(address);
    const { intent } = await swapIntent(env.devnet.manifest.tokens.honeypot.address, parseEther('0.01'));
    const { record } = await gateway.execute(intent);
    expect(record).toMatchObject({ status: 'blocked', code: 'TOKEN_UNSAFE' });
    expect(await reader.getTransactionCount(address)).toBe(nonceBefore);
  });

  it('a swap whose simulation reverts (expired deadline) → SIMULATION_REVERTED with the router’s reason, no reservation', async () => {
    const { gateway, governor, address } = setup();
    const nonceBefore = await reader.getTransactionCount(address);
    const { intent } = await swapIntent(env.devnet.manifest.tokens.dai.address, parseEther('0.01'), 1n);
    const { record } = await gateway.execute(intent);
    expect(record.status).toBe('blocked');
    expect(record.code).toBe('SIMULATION_REVERTED');
    expect(record.reason).toMatch(/EXPIRED|Transaction too old/);
    expect((await governor.status()).openReservations).toEqual([]);
    expect(await reader.getTransactionCount(address)).toBe(nonceBefore);
  });

  it('concurrent executions from one wallet get contiguous nonces; a daily cap fitting N confirms exactly N', async () => {
    const { gateway, address } = setup({ maxPerTx: parseEther('0.05'), dailyLimit: parseEther('0.035') });
    const nonceBefore = await reader.getTransactionCount(address);
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const intents = await Promise.all(Array.from({ length: 6 }, () => swapIntent(usdc, parseEther('0.01'))));
    const results = await Promise.all(intents.map(({ intent }) => gateway.execute(intent)));
    const confirmed = results.filter((r) => r.record.status === 'confirmed');
    // Each reserves 0.01 ETH + its worst-case fee (well under 0.0016 ETH on the devnet): exactly 3 fit in 0.035.
    expect(confirmed).toHaveLength(3);
    expect(results.filter((r) => r.record.code === 'DAILY_LIMIT_EXCEEDED')).toHaveLength(3);
    expect(confirmed.map((r) => r.record.nonce).sort()).toEqual([
      nonceBefore,
      nonceBefore + 1,
      nonceBefore + 2,
    ]);
    expect(await reader.getTransactionCount(address)).toBe(nonceBefore + 3);
  });
});

describe('priceInNative on the devnet', () => {
  it('prices USDC and WBTC from their pools, two round trips; the thin pool and the pool-less token are unknown', async () => {
    const { usdc, wbtc } = env.devnet.manifest.tokens;
    const tokens = env.devnet.manifest.tokens as unknown as Record<string, { address: `0x${string}` }>;
    let calls = 0;
    const counting = {
      send: (m: string, p: unknown[]) => {
        calls++;
        return env.provider.send(m, p);
      },
    };
    const priced = await priceInNative({
      provider: counting,
      chain,
      amounts: [
        { token: usdc.address, amount: 100_000_000n },
        { token: wbtc.address, amount: 100_000_000n },
      ],
      minLiquidityWei: parseEther('10'),
    });
    // One batch of pool reads for both tokens, then one of the band sales of the V3 pools that passed the other rules
    // (depth is what selling across the band pays), at the first batch's block.
    expect(calls).toBe(2);
    const [usdcValue, wbtcValue] = priced.items.map((i) => i.valueWei as bigint);
    // 100 USDC ≈ 0.0333 ETH; 1 WBTC ≈ 20 ETH (the highest route is charged, so never below the spot).
    expect(usdcValue).toBeGreaterThan(parseEther('0.0332'));
    expect(usdcValue).toBeLessThan(parseEther('0.0336'));
    expect(wbtcValue).toBeGreaterThan(parseEther('19.9'));
    expect(wbtcValue).toBeLessThan(parseEther('20.2'));
    expect(priced.totalWei).toBe((usdcValue as bigint) + (wbtcValue as bigint));
    for (const name of ['thin', 'lonely']) {
      const token = tokens[name]?.address as `0x${string}`;
      const unknown = await priceInNative({
        provider: env.provider,
        chain,
        amounts: [{ token, amount: 10n ** 18n }],
        minLiquidityWei: parseEther('10'),
      });
      expect(unknown.totalWei).toBeNull();
    }
    const thin = await priceInNative({
      provider: env.provider,
      chain,
      amounts: [{ token: tokens.thin?.address as `0x${string}`, amount: 10n ** 18n }],
      minLiquidityWei: parseEther('0.01'),
    });
    // The same pool is a price source once the floor allows its depth: 0.5 WETH pays ≈ 0.0127 WETH within 5%.
    expect(thin.totalWei).not.toBeNull();
  });
});

describe('waitForReceipt on the devnet', () => {
  it('a transaction mined and reverted reads status 0 (never success); an unknown hash times out as null', async () => {
    const wallet = new Wallet(env.devnet.manifest.accounts[4]!.privateKey, env.provider);
    const data = new Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [
      env.devnet.manifest.accounts[5]!.address,
      10n ** 30n,
    ]);
    // A fixed gas limit skips ethers' own estimate, so the failing transfer is mined (and reverts) on chain.
    const sent = await wallet.sendTransaction({
      to: env.devnet.manifest.tokens.usdc.address,
      data,
      gasLimit: 100_000n,
    });
    const receipt = await waitForReceipt({
      provider: env.provider,
      chainId: 31337,
      hashes: [sent.hash as `0x${string}`],
      timeoutMs: 5_000,
    });
    expect(receipt).toMatchObject({ status: 0, transactionHash: sent.hash });
    expect((await reader.getTransactionReceipt(sent.hash))?.status).toBe(0);
    const none = await waitForReceipt({
      provider: env.provider,
      chainId: 31337,
      hashes: [`0x${'ab'.repeat(32)}`],
      timeoutMs: 300,
    });
    expect(none).toBeNull();
  });
});

describe('fetchReceipt on the devnet', () => {
  it('a mined hash → its receipt; an unknown hash → null; a node that is down → RPC error, never null', async () => {
    const wallet = new Wallet(env.devnet.manifest.accounts[4]!.privateKey, env.provider);
    const sent = await wallet.sendTransaction({ to: env.devnet.manifest.accounts[5]!.address, value: 1n });
    await waitMined(sent);
    const mined = await fetchReceipt({
      provider: env.provider,
      chainId: 31337,
      hash: sent.hash as `0x${string}`,
    });
    expect(mined).toMatchObject({ status: 1, transactionHash: sent.hash });
    expect(mined?.blockNumber).toBe((await reader.getTransactionReceipt(sent.hash))?.blockNumber);
    expect(
      await fetchReceipt({ provider: env.provider, chainId: 31337, hash: `0x${'ab'.repeat(32)}` }),
    ).toBeNull();
    const proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
    const viaProxy = new JsonRpcProvider(proxy.url, 31337, {
      staticNetwork: true,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    try {
      proxy.down = true;
      await expect(
        fetchReceipt({
          provider: viaProxy,
          chainId: 31337,
          hash: sent.hash as `0x${string}`,
          timeoutMs: 2_000,
        }),
      ).rejects.toMatchObject({ name: 'RpcError' });
      proxy.down = false;
      proxy.intercept = () => ({ result: { transactionHash: sent.hash, status: '0x2' } });
      await expect(
        fetchReceipt({ provider: viaProxy, chainId: 31337, hash: sent.hash as `0x${string}` }),
      ).rejects.toMatchObject({ code: 'RPC_ERROR' });
    } finally {
      viaProxy.destroy();
      await proxy.close();
    }
  });
});
