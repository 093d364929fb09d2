import { erc20Abi, mintToken, quoterV2Abi } from '@org/devnet';
import { Contract, JsonRpcProvider, parseEther, parseUnits } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { buildApproveTransaction } from './buildApproveTransaction.js';
import { buildSwapExactOutput } from './buildSwapExactOutput.js';
import { sendFromDevnetAccount } from './testing/sendFromDevnetAccount.js';
import { type SwapDevnet, startSwapDevnet } from './testing/startSwapDevnet.js';

let env: SwapDevnet;
let reader: JsonRpcProvider;
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

const me = () => env.devnet.manifest.accounts[2] as { address: Address; privateKey: string };
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600);
const balanceOf = (token: string, owner: string) =>
  new Contract(token, erc20Abi, reader).getFunction('balanceOf')(owner) as Promise<bigint>;
async function quotedIn(tokenIn: string, tokenOut: string, amount: bigint, fee: number): Promise<bigint> {
  const quoter = new Contract(env.devnet.manifest.contracts.uniswapV3QuoterV2, quoterV2Abi, reader);
  const [amountIn] = (await quoter.getFunction('quoteExactOutputSingle').staticCall({
    tokenIn,
    tokenOut,
    amount,
    fee,
    sqrtPriceLimitX96: 0n,
  })) as [bigint];
  return amountIn;
}

describe('buildSwapExactOutput on the devnet', () => {
  it('ETH → exactly 3,000 USDC: pays the quoted input, the rest of amountInMaximum is refunded', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const amountOut = parseUnits('3000', 6);
    const needed = await quotedIn(env.devnet.manifest.contracts.weth, usdc, amountOut, 3000);
    const amountInMaximum = (needed * 105n) / 100n;
    const tx = buildSwapExactOutput({
      chain: env.chain,
      tokenIn: 'native',
      tokenOut: usdc,
      fee: 3000,
      amountOut,
      amountInMaximum,
      recipient: me().address,
      deadline: deadline(),
    });
    expect(tx.value).toBe(amountInMaximum);
    const [eth0, usdc0] = [await reader.getBalance(me().address), await balanceOf(usdc, me().address)];
    const receipt = await sendFromDevnetAccount({ provider: env.provider, privateKey: me().privateKey, tx });
    const [eth1, usdc1] = [await reader.getBalance(me().address), await balanceOf(usdc, me().address)];
    expect(usdc1 - usdc0).toBe(amountOut);
    expect(eth0 - eth1 - receipt.gasUsed * receipt.gasPrice).toBe(needed);
    expect(await reader.getBalance(env.devnet.manifest.contracts.uniswapV3SwapRouter)).toBe(0n);
  });

  it('USDC → exactly 0.1 ETH (native out), and an amountInMaximum below the need reverts', async () => {
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const weth = env.devnet.manifest.contracts.weth;
    const router = env.devnet.manifest.contracts.uniswapV3SwapRouter;
    const amountOut = parseEther('0.1');
    const needed = await quotedIn(usdc, weth, amountOut, 500);
    const amountInMaximum = needed + 1_000_000n;
    await mintToken({ devnet: env.devnet, token: usdc, to: me().address, amount: amountInMaximum });
    const approve = buildApproveTransaction({ token: usdc, spender: router, amount: amountInMaximum });
    await sendFromDevnetAccount({ provider: env.provider, privateKey: me().privateKey, tx: approve });
    const build = (max: bigint) =>
      buildSwapExactOutput({
        chain: env.chain,
        tokenIn: usdc,
        tokenOut: 'native',
        fee: 500,
        amountOut,
        amountInMaximum: max,
        recipient: me().address,
        deadline: deadline(),
      });
    await expect(reader.call({ ...build(needed - 1n), from: me().address })).rejects.toThrow();
    const eth0 = await reader.getBalance(me().address);
    const receipt = await sendFromDevnetAccount({
      provider: env.provider,
      privateKey: me().privateKey,
      tx: build(amountInMaximum),
    });
    const eth1 = await reader.getBalance(me().address);
    expect(eth1 - eth0 + receipt.gasUsed * receipt.gasPrice).toBe(amountOut);
    expect(await balanceOf(usdc, me().address)).toBe(amountInMaximum - needed);
  });

  it('amountInMaximum and recipient are required and validated', () => {
    const base = {
      chain: env.chain,
      tokenIn: 'native' as const,
      tokenOut: env.devnet.manifest.tokens.usdc.address,
      fee: 500,
      amountOut: 1n,
      amountInMaximum: 1n,
      recipient: me().address as string,
      deadline: deadline(),
    };
    const { amountInMaximum: _m, ...noMax } = base;
    const { recipient: _r, ...noRecipient } = base;
    expect(() => buildSwapExactOutput(noMax as typeof base)).toThrow(
      expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }),
    );
    expect(() => buildSwapExactOutput(noRecipient as typeof base)).toThrow(
      expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }),
    );
    expect(() => buildSwapExactOutput({ ...base, amountInMaximum: 0n })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
    expect(() => buildSwapExactOutput({ ...base, tokenOut: env.devnet.manifest.contracts.weth })).toThrow(
      expect.objectContaining({ code: 'SWAP_SAME_TOKEN' }),
    );
  });
});
