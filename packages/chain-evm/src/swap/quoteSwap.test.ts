import { erc20Abi, mintToken, quoterV2Abi, uniswapV2RouterAbi } from '@org/devnet';
import { Contract, Interface, JsonRpcProvider, parseEther, parseUnits } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { multicall3Interface } from '../multicall/multicall3Interface.js';
import { buildApproveTransaction } from './buildApproveTransaction.js';
import { buildSwapTransaction } from './buildSwapTransaction.js';
import { computeAmountOutMin } from './computeAmountOutMin.js';
import { decodeReceivedAmounts } from './decodeReceivedAmounts.js';
import { quoteSwap } from './quoteSwap.js';
import { sendFromDevnetAccount } from './testing/sendFromDevnetAccount.js';
import { type SwapDevnet, startSwapDevnet } from './testing/startSwapDevnet.js';
import type { SwapQuote } from './types.js';

let env: SwapDevnet;
let reader: JsonRpcProvider; // an independent provider: chain effects are read through it, not the code under test
let snap: string;

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
beforeEach(async () => {
  snap = await env.devnet.snapshot();
});
afterEach(async () => {
  await env.devnet.revert(snap);
});
afterAll(async () => {
  env?.provider.destroy();
  reader?.destroy();
  await env?.devnet.stop();
});

const account = () => env.devnet.manifest.accounts[1] as { address: Address; privateKey: string };
const tokens = () => env.devnet.manifest.tokens;
const weth = () => env.devnet.manifest.contracts.weth;
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600);
const balanceOf = (token: string, owner: string): Promise<bigint> =>
  new Contract(token, erc20Abi, reader).getFunction('balanceOf')(owner) as Promise<bigint>;
const allowance = (token: string, owner: string, spender: string): Promise<bigint> =>
  new Contract(token, erc20Abi, reader).getFunction('allowance')(owner, spender) as Promise<bigint>;

/** The same address with one letter's case flipped: an invalid EIP-55 checksum. */
function flipFirstLetterCase(address: string): Address {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const ch = address[i] as string;
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return `${address.slice(0, i)}${flipped}${address.slice(i + 1)}` as Address;
}

async function fundAndApprove(token: Address, amount: bigint, spender: Address): Promise<void> {
  await mintToken({ devnet: env.devnet, token, to: account().address, amount });
  await sendFromDevnetAccount({
    provider: env.provider,
    privateKey: account().privateKey,
    tx: buildApproveTransaction({ token, spender, amount }),
  });
  expect(await allowance(token, account().address, spender)).toBe(amount);
}

/** Executes a quote with our builders; returns the receipt and the independent balance change of token out. */
async function execute(quote: SwapQuote, slippageBps = 50) {
  const amountOutMin = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps });
  const tx = buildSwapTransaction({
    chain: env.chain,
    quote,
    amountOutMin,
    recipient: account().address,
    deadline: deadline(),
  });
  const who = account().address;
  const read = () => (quote.tokenOut === 'native' ? reader.getBalance(who) : balanceOf(quote.tokenOut, who));
  const before = await read();
  const receipt = await sendFromDevnetAccount({
    provider: env.provider,
    privateKey: account().privateKey,
    tx,
  });
  let received = (await read()) - before;
  if (quote.tokenOut === 'native') received += receipt.gasUsed * receipt.gasPrice;
  return { receipt, received, amountOutMin, tx };
}

describe('quoteSwap + builders on the devnet: the quote is what executes', () => {
  it('ETH → USDC on the best route: received = quote, ≥ amountOutMin, = Transfer-log decoding', async () => {
    const amountIn = parseEther('1');
    const quote = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: tokens().usdc.address,
      amountIn,
    });
    expect(new Set(quote.candidates.map((c) => c.route.protocol))).toEqual(new Set(['v2', 'v3']));
    for (const c of quote.candidates) expect(quote.amountOut >= c.amountOut).toBe(true);
    expect(quote.route.path).toEqual([weth(), tokens().usdc.address]);
    expect(quote.route.pools[0]).not.toBeNull();
    const ethBefore = await reader.getBalance(account().address);
    const { receipt, received, amountOutMin } = await execute(quote);
    expect(received).toBe(quote.amountOut);
    expect(received >= amountOutMin).toBe(true);
    expect(decodeReceivedAmounts({ logs: receipt.logs, recipient: account().address })).toEqual([
      { token: tokens().usdc.address, amount: received },
    ]);
    const ethAfter = await reader.getBalance(account().address);
    expect(ethBefore - ethAfter).toBe(amountIn + receipt.gasUsed * receipt.gasPrice);
  });

  it('USDC → DAI (best of direct and two-hop): exact approval consumed, received = quote', async () => {
    const amountIn = parseUnits('1000', 6);
    const router = env.chain.contracts.uniswapV2?.router02 as Address;
    const quote = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: tokens().usdc.address,
      tokenOut: tokens().dai.address,
      amountIn,
    });
    expect(quote.candidates.some((c) => c.route.path.length === 3)).toBe(true);
    expect(quote.route.router).toBe(router);
    await fundAndApprove(tokens().usdc.address, amountIn, quote.route.router);
    const { receipt, received, amountOutMin } = await execute(quote);
    expect(received).toBe(quote.amountOut);
    expect(received >= amountOutMin).toBe(true);
    const [decoded] = decodeReceivedAmounts({
      logs: receipt.logs,
      recipient: account().address,
      token: tokens().dai.address,
    });
    expect(decoded?.amount).toBe(received);
    expect(await allowance(tokens().usdc.address, account().address, quote.route.router)).toBe(0n);
  });

  it('USDC → ETH (native out) on every quoted protocol: native received = quote; no ERC-20 Transfer to us', async () => {
    const amountIn = parseUnits('300', 6);
    const quote = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: tokens().usdc.address,
      tokenOut: 'native',
      amountIn,
    });
    const bestV2 = quote.candidates.find((c) => c.route.protocol === 'v2');
    const bestV3 = quote.candidates.find((c) => c.route.protocol === 'v3');
    expect(bestV2 && bestV3).toBeTruthy();
    for (const candidate of [bestV2, bestV3]) {
      const id = await env.devnet.snapshot();
      const asQuote: SwapQuote = { ...quote, ...candidate };
      await fundAndApprove(tokens().usdc.address, amountIn, asQuote.route.router);
      const { receipt, received, amountOutMin } = await execute(asQuote);
      expect(received).toBe(asQuote.amountOut);
      expect(received >= amountOutMin).toBe(true);
      expect(decodeReceivedAmounts({ logs: receipt.logs, recipient: account().address })).toEqual([]);
      expect(await allowance(tokens().usdc.address, account().address, asQuote.route.router)).toBe(0n);
      await env.devnet.revert(id);
    }
  });

  it('selling the 5% fee token with the supporting function: received = quote (fee declared), ≥ min', async () => {
    const fee = tokens().feeToken.address;
    const usdc = tokens().usdc.address;
    const amountIn = parseEther('10000');
    const naive = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: fee,
      tokenOut: usdc,
      amountIn,
    });
    const targets: string[] = [];
    let batches = 0;
    const recording = {
      send: (method: string, params: unknown[]) => {
        const [{ data }] = params as [{ data: string }];
        const [calls] = multicall3Interface.decodeFunctionData('aggregate3', data) as unknown as [[string][]];
        // The route quotes are the first batch; the second is the band sales of the hops' price sources.
        if (batches++ === 0) targets.push(...calls.map((c) => c[0]));
        return env.provider.send(method, params);
      },
    };
    const quote = await quoteSwap({
      provider: recording,
      chain: env.chain,
      tokenIn: fee,
      tokenOut: usdc,
      amountIn,
      transferFeeBps: { tokenIn: 500 },
    });
    // V3 pools refuse tokens that take a fee on transfer: no QuoterV2 call is even made.
    expect(targets).not.toContain(env.devnet.manifest.contracts.uniswapV3QuoterV2);
    expect(targets).toContain(env.devnet.manifest.contracts.uniswapV2Router02);
    expect(quote.feeOnTransfer).toBe(true);
    expect(quote.candidates.every((c) => c.route.protocol === 'v2')).toBe(true); // V3 pools refuse such tokens
    expect(quote.route.path).toEqual([fee, weth(), usdc]);
    expect(naive.amountOut > quote.amountOut).toBe(true); // without the declared fee the quote is too high
    await fundAndApprove(fee, amountIn, quote.route.router);
    // The plain V2 function cannot execute a fee-on-transfer sell: the supporting variant is required.
    const plain = buildSwapTransaction({
      chain: env.chain,
      quote: { ...quote, feeOnTransfer: false },
      amountOutMin: 0n,
      recipient: account().address,
      deadline: deadline(),
    });
    await expect(reader.call({ ...plain, from: account().address })).rejects.toThrow();
    const { receipt, received, amountOutMin, tx } = await execute(quote, 100);
    expect(tx.data.slice(0, 10)).not.toBe(plain.data.slice(0, 10));
    expect(received).toBe(quote.amountOut);
    expect(received >= amountOutMin).toBe(true);
    expect(decodeReceivedAmounts({ logs: receipt.logs, recipient: account().address, token: usdc })).toEqual([
      { token: usdc, amount: received },
    ]);
    expect(await allowance(fee, account().address, quote.route.router)).toBe(0n);
  });

  it('a token out with a buy tax is quoted on V2 only (V3, like plain V2, checks the pool’s output, not what arrives)', async () => {
    const usdc = tokens().usdc.address;
    const amountIn = parseEther('1');
    const untaxed = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn,
    });
    expect(untaxed.candidates.some((c) => c.route.protocol === 'v3')).toBe(true);
    const targets: string[] = [];
    let batches = 0;
    const recording = {
      send: (method: string, params: unknown[]) => {
        const [{ data }] = params as [{ data: string }];
        const [calls] = multicall3Interface.decodeFunctionData('aggregate3', data) as unknown as [[string][]];
        // The route quotes are the first batch; the second is the band sales of the hops' price sources.
        if (batches++ === 0) targets.push(...calls.map((c) => c[0]));
        return env.provider.send(method, params);
      },
    };
    const taxed = await quoteSwap({
      provider: recording,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn,
      transferFeeBps: { tokenOut: 300 },
    });
    expect(targets).not.toContain(env.devnet.manifest.contracts.uniswapV3QuoterV2);
    expect(taxed.candidates.map((c) => c.route.protocol)).toEqual(['v2']);
    expect(taxed.feeOnTransfer).toBe(true);
    const tx = buildSwapTransaction({
      chain: env.chain,
      quote: taxed,
      amountOutMin: 1n,
      recipient: account().address,
      deadline: deadline(),
    });
    expect(tx.to).toBe(env.devnet.manifest.contracts.uniswapV2Router02);
    // The recipient gets the pool's output minus the fee (the pool's own quote is unchanged).
    const poolOut = untaxed.candidates.find((c) => c.route.protocol === 'v2')?.amountOut as bigint;
    expect(taxed.amountOut).toBe(poolOut - (poolOut * 300n) / 10_000n);
  });
});

describe('best-route selection (independent reads of every route)', () => {
  async function independentOutputs(path: Address[], amountIn: bigint) {
    const c = env.devnet.manifest.contracts;
    const v2 = new Contract(c.uniswapV2Router02, uniswapV2RouterAbi, reader);
    const quoter = new Contract(c.uniswapV3QuoterV2, quoterV2Abi, reader);
    const out: { protocol: string; fee: number; amountOut: bigint }[] = [];
    try {
      const amounts = (await v2.getFunction('getAmountsOut')(amountIn, path)) as bigint[];
      out.push({ protocol: 'v2', fee: 0, amountOut: amounts[amounts.length - 1] as bigint });
    } catch {}
    for (const fee of [500, 3000, 10000]) {
      try {
        const [amountOut] = (await quoter.getFunction('quoteExactInputSingle').staticCall({
          tokenIn: path[0],
          tokenOut: path[1],
          amountIn,
          fee,
          sqrtPriceLimitX96: 0n,
        })) as [bigint];
        out.push({ protocol: 'v3', fee, amountOut });
      } catch {}
    }
    return out.sort((a, b) => (a.amountOut > b.amountOut ? -1 : 1));
  }

  it('picks V3 0.05% for a small ETH → USDC trade and V2 for ETH → WBTC (the deeper pool)', async () => {
    for (const [tokenOut, amountIn, protocol] of [
      [tokens().usdc.address, parseEther('0.1'), 'v3'],
      [tokens().wbtc.address, parseEther('1'), 'v2'],
    ] as const) {
      const quote = await quoteSwap({
        provider: env.provider,
        chain: env.chain,
        tokenIn: 'native',
        tokenOut,
        amountIn,
      });
      const direct = await independentOutputs([weth(), tokenOut], amountIn);
      expect(direct.length).toBeGreaterThan(1);
      expect(direct[0]!.amountOut > direct[direct.length - 1]!.amountOut).toBe(true);
      expect(quote.amountOut).toBe(direct[0]!.amountOut);
      expect(quote.route.protocol).toBe(protocol);
      if (protocol === 'v3') expect(quote.route.fees).toEqual([direct[0]!.fee]);
      expect(quote.candidates.map((c) => c.amountOut).sort((a, b) => (a > b ? -1 : 1))).toEqual(
        quote.candidates.map((c) => c.amountOut),
      );
    }
  });

  it('price impact grows with size and matches the constant-product figure of the V2 pair', async () => {
    const usdc = tokens().usdc.address;
    const small = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn: parseEther('0.1'),
    });
    const big = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      amountIn: parseEther('100'),
    });
    const v2 = big.candidates.find((c) => c.route.protocol === 'v2' && c.route.path.length === 2);
    // Pair 1,000 WETH : 3,000,000 USDC; 100 ETH in: impact = 1 − 1000·1000 / (1000·1000 + 100·997) ≈ 906.6 bps,
    // less the probe's own (1/100 size) ≈ 9 bps.
    expect(v2?.priceImpactBps).toBeGreaterThanOrEqual(890n);
    expect(v2?.priceImpactBps).toBeLessThanOrEqual(907n);
    expect((small.priceImpactBps ?? 10_000n) < (big.priceImpactBps ?? 0n)).toBe(true);
    expect(big.blockNumber).toBe(BigInt(await reader.getBlockNumber()));
  });
});

describe('one RPC per quote; typed errors without RPC', () => {
  function counting() {
    const methods: string[] = [];
    return {
      methods,
      provider: {
        send: (method: string, params: unknown[]) => {
          methods.push(method);
          return env.provider.send(method, params);
        },
      },
    };
  }

  it('a quote (two-hop routes, 3 V3 tiers, pools, probes and block) is ONE eth_call, plus one for the V3 band sales', async () => {
    for (const [tokenIn, tokenOut, amountIn] of [
      ['native', tokens().usdc.address, parseEther('1')],
      [tokens().usdc.address, tokens().dai.address, 10n ** 9n],
    ] as const) {
      const c = counting();
      const quote = await quoteSwap({ provider: c.provider, chain: env.chain, tokenIn, tokenOut, amountIn });
      expect(c.methods).toEqual(['eth_call', 'eth_call']);
      expect(quote.amountOut > 0n).toBe(true);
    }
  });

  it('readAlso: further reads ride in the quote batch (no extra request), answered in order at the quote block', async () => {
    const amountIn = 10n ** 9n;
    const router = env.chain.contracts.uniswapV2?.router02 as Address;
    await fundAndApprove(tokens().usdc.address, 123_456n, router);
    const erc20 = new Interface(erc20Abi);
    const c = counting();
    const quote = await quoteSwap({
      provider: c.provider,
      chain: env.chain,
      tokenIn: tokens().usdc.address,
      tokenOut: tokens().dai.address,
      amountIn,
      readAlso: [
        {
          target: tokens().usdc.address,
          callData: erc20.encodeFunctionData('allowance', [account().address, router]) as `0x${string}`,
          allowFailure: true,
        },
        // A call that reverts (no such function on the token) fails alone, not the quote.
        { target: tokens().usdc.address, callData: '0xdeadbeef', allowFailure: true },
      ],
    });
    expect(c.methods).toEqual(['eth_call', 'eth_call']);
    expect(quote.alsoRead).toHaveLength(2);
    expect(quote.alsoRead?.[0]?.success).toBe(true);
    expect(BigInt(quote.alsoRead?.[0]?.returnData ?? '0x')).toBe(
      await allowance(tokens().usdc.address, account().address, router),
    );
    expect(quote.alsoRead?.[1]?.success).toBe(false);
    // The same quote as without the extra reads (they do not shift the batch's other results).
    const plain = await quoteSwap({
      provider: env.provider,
      chain: env.chain,
      tokenIn: tokens().usdc.address,
      tokenOut: tokens().dai.address,
      amountIn,
    });
    expect(plain.alsoRead).toBeUndefined();
    expect({ ...quote, alsoRead: undefined }).toEqual({ ...plain, alsoRead: undefined });
  });

  it('amount 0 / negative, same token, bad checksum, no route → typed errors', async () => {
    const c = counting();
    const usdc = tokens().usdc.address;
    const base = { provider: c.provider, chain: env.chain };
    await expect(
      quoteSwap({ ...base, tokenIn: 'native', tokenOut: usdc, amountIn: 0n }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(
      quoteSwap({ ...base, tokenIn: 'native', tokenOut: usdc, amountIn: -1n }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(quoteSwap({ ...base, tokenIn: usdc, tokenOut: usdc, amountIn: 1n })).rejects.toMatchObject({
      code: 'SWAP_SAME_TOKEN',
    });
    await expect(
      quoteSwap({ ...base, tokenIn: 'native', tokenOut: weth(), amountIn: 1n }),
    ).rejects.toMatchObject({ code: 'SWAP_SAME_TOKEN' });
    const badChecksum = flipFirstLetterCase(usdc);
    expect(badChecksum.toLowerCase()).toBe(usdc.toLowerCase());
    expect(badChecksum).not.toBe(usdc);
    await expect(
      quoteSwap({ ...base, tokenIn: 'native', tokenOut: badChecksum, amountIn: 1n }),
    ).rejects.toMatchObject({ code: 'INVALID_ADDRESS' });
    await expect(
      quoteSwap({
        ...base,
        tokenIn: usdc,
        tokenOut: 'native',
        amountIn: 1n,
        transferFeeBps: { tokenOut: 100 },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_SWAP_PARAMETER' });
    expect(c.methods).toEqual([]);
    // The vault share token has no pool at all.
    await expect(
      quoteSwap({
        ...base,
        tokenIn: tokens().vault.address,
        tokenOut: tokens().dai.address,
        amountIn: 10n ** 6n,
      }),
    ).rejects.toMatchObject({ code: 'NO_ROUTE' });
    expect(c.methods).toEqual(['eth_call']);
  });

  it('a chain without swap contracts → SWAP_NOT_CONFIGURED', async () => {
    const bare = { ...env.chain, contracts: { ...env.chain.contracts, uniswapV2: null, uniswapV3: null } };
    await expect(
      quoteSwap({
        provider: env.provider,
        chain: bare,
        tokenIn: 'native',
        tokenOut: tokens().usdc.address,
        amountIn: 1n,
      }),
    ).rejects.toMatchObject({ code: 'SWAP_NOT_CONFIGURED' });
  });
});
