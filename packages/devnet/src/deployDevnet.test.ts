import { type JsonRpcProvider, MaxUint256, parseEther, parseUnits, ZeroAddress } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contractAt,
  devSigner,
  isAlive,
  localProvider,
  sendWithMargin,
  tagSpawnedProcesses,
  waitForNoTaggedProcesses,
} from '../test/helpers.js';
import {
  buyTaxTokenAbi,
  erc20Abi,
  erc721Abi,
  erc4626Abi,
  honeypotTokenAbi,
  multicall3Abi,
  quoterV2Abi,
  switchableTokenAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3SwapRouterAbi,
  wethAbi,
} from './abis.js';
import { multicall3CreationBytecode } from './artifacts/multicall3Bytecode.js';
import { MULTICALL3_ADDRESS } from './constants.js';
import { mintToken } from './mintToken.js';
import { type StartDevnetReturnType, startDevnet } from './startDevnet.js';
import { waitMined } from './waitMined.js';

// Behaviour of everything deployDevnet() puts on chain, exercised with real signed transactions.
const tag = tagSpawnedProcesses();
let devnet: StartDevnetReturnType;
let provider: JsonRpcProvider;
let snapshotId: string;

beforeAll(async () => {
  devnet = await startDevnet();
  provider = localProvider(devnet);
});
afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
  if (devnet?.pid !== undefined) expect(isAlive(devnet.pid)).toBe(false);
});
beforeEach(async () => {
  snapshotId = await devnet.snapshot();
});
afterEach(async () => {
  await devnet.revert(snapshotId);
});

const deadline = (): bigint => BigInt(Math.floor(Date.now() / 1000) + 3_600);

describe('deployed layout', () => {
  it('has code at every manifest address and tokens with the advertised metadata', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const addresses = [
      ...Object.values(contracts),
      ...Object.values(devnet.manifest.nfts).map((n) => n.address),
      ...Object.values(tokens).map((t) => t.address),
      ...Object.values(pools.v2),
      ...Object.values(pools.v3).map((p) => p.address),
    ];
    for (const address of addresses) expect((await provider.getCode(address)).length).toBeGreaterThan(2);
    for (const token of Object.values(tokens)) {
      const contract = contractAt(token.address, erc20Abi, provider);
      expect(await contract.symbol()).toBe(token.symbol);
      expect(await contract.name()).toBe(token.name);
      expect(Number(await contract.decimals())).toBe(token.decimals);
    }
    expect(tokens.usdc.decimals).toBe(6);
    expect(tokens.dai.decimals).toBe(18);
    expect(tokens.wbtc.decimals).toBe(8);
  });

  it('prices the V2 pairs at ETH ≈ 3,000 USD and BTC ≈ 60,000 USD', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, provider);
    const ethInUsdc = (
      await router.getAmountsOut(parseEther('0.001'), [contracts.weth, tokens.usdc.address])
    )[1];
    expect(ethInUsdc).toBeGreaterThan(parseUnits('2.95', 6));
    expect(ethInUsdc).toBeLessThan(parseUnits('3', 6));
    const ethInDai = (
      await router.getAmountsOut(parseEther('0.001'), [contracts.weth, tokens.dai.address])
    )[1];
    expect(ethInDai).toBeGreaterThan(parseUnits('2.95', 18));
    const btcInEth = (
      await router.getAmountsOut(parseUnits('0.001', 8), [tokens.wbtc.address, contracts.weth])
    )[1];
    expect(btcInEth).toBeGreaterThan(parseEther('0.0199'));
    expect(btcInEth).toBeLessThan(parseEther('0.02'));
    const factory = contractAt(contracts.uniswapV2Factory, uniswapV2FactoryAbi, provider);
    for (const [name, pair] of Object.entries(pools.v2)) {
      const [symbolA, symbolB] = name.split('/');
      const bySymbol = (s: string | undefined): string =>
        s === 'WETH' ? contracts.weth : Object.values(tokens).find((t) => t.symbol === s)!.address;
      expect(await factory.getPair(bySymbol(symbolA), bySymbol(symbolB))).toBe(pair);
      const [r0, r1] = await contractAt(pair, uniswapV2PairAbi, provider).getReserves();
      expect(r0).toBeGreaterThan(0n);
      expect(r1).toBeGreaterThan(0n);
    }
    expect(Object.keys(pools.v2)).toEqual(
      expect.arrayContaining([
        'WETH/USDC',
        'WETH/DAI',
        'WETH/WBTC',
        'USDC/DAI',
        'WETH/HONEY',
        'WETH/FEE',
        'WETH/TAX',
        'WETH/SWITCH',
        'WETH/THIN',
        'WETH/BTAX',
      ]),
    );
  });

  it('pins every address: tokens added later never move what was deployed before them', () => {
    const { contracts, tokens, pools } = devnet.manifest;
    expect(contracts).toEqual({
      weth: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
      uniswapV2Factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      uniswapV2Router02: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      uniswapV3Factory: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      uniswapV3SwapRouter: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
      uniswapV3QuoterV2: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
      uniswapV3PositionManager: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
      // Layout 6: appended after the ERC-721, nothing above moved.
      devnetBridge: '0x4631BCAbD6dF18D94796344963cB60d44a4136b6',
    });
    expect(Object.fromEntries(Object.entries(tokens).map(([key, token]) => [key, token.address]))).toEqual({
      usdc: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
      dai: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
      wbtc: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
      honeypot: '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e',
      feeToken: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
      vault: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82',
      highTax: '0x9A676e781A523b5d0C0e43731313A708CB607508',
      switchable: '0x04C89607413713Ec9775E14b954286519d836FEf',
      thin: '0x4C4a2f8c81640e47606d3fd77B353E87Ba015584',
      lonely: '0x21dF544947ba3E8b3c32561399E88B52Dc8b2823',
      buyTax: '0x2B0d36FACD61B71CC05ab8F3D2355ec3631C0dd5',
      feeVault: '0xAA292E8611aDF267e563f334Ee42320aC96D0463',
      cappedVault: '0x5c74c94173F05dA1720953407cbb920F3DF9f887',
    });
    expect(pools.v2).toEqual({
      'WETH/USDC': '0x5815C528EeA756e757418790c6Bc827d370366D9',
      'WETH/DAI': '0xf95716C9c3E3ab77Bf1b222BCab61C26Dd7c37D7',
      'WETH/WBTC': '0xF14602C63bE619b125DB2dF520b9c3F0f60A6d6e',
      'USDC/DAI': '0xcb18e04F6B3d673784baf026B0f6a7D28e320692',
      'WETH/HONEY': '0xec8831853BB48F813A0E7862367E126032F7C970',
      'WETH/FEE': '0x49f7125ED9B2fb98a6883DDc32cDcdc9207e768e',
      'WETH/TAX': '0x681764d529Fbd48280eE6Eb677f123294AdF8b65',
      'WETH/SWITCH': '0x49cfb378c8Ce55a4dAF977d9De9170E292390921',
      'WETH/THIN': '0x25673Ab513139223d35489C4Eae80cd0817d93BA',
      'WETH/BTAX': '0x2Aa7B07d83ef371734997cCBe7d348B5fb362630',
    });
    expect(pools.v3).toEqual({
      'WETH/USDC/3000': { address: '0x0e0FC52368C72e2E5411aAB6Cc7F90E55e72A341', fee: 3000 },
      'WETH/USDC/500': { address: '0x06D9085C893226f34EEC1CCc6D4c34A38648743E', fee: 500 },
      'WETH/WBTC/3000': { address: '0x821144EFF0c2E9824bC3446e1390D4928B542C41', fee: 3000 },
    });
    expect(devnet.manifest.nfts.collectible.address).toBe('0xD84379CEae14AA33C123Af12424A37803F885889');
  });

  it('prices the WETH/USDC 0.3% V3 pool at ≈ 3,000 USD with full-range liquidity', async () => {
    const pool = devnet.manifest.pools.v3['WETH/USDC/3000']!;
    expect(pool.fee).toBe(3000);
    const contract = contractAt(pool.address, uniswapV3PoolAbi, provider);
    expect(Number(await contract.fee())).toBe(3000);
    expect(await contract.liquidity()).toBeGreaterThan(0n);
    const { sqrtPriceX96 } = (await contract.slot0()) as { sqrtPriceX96: bigint };
    const wethIsToken0 = (await contract.token0()) === devnet.manifest.contracts.weth;
    // USDC base units per WETH wei × 1e12 = USD per ETH; price = (sqrtP / 2^96)^2, scaled by bigint maths.
    const priceX192 = sqrtPriceX96 * sqrtPriceX96;
    const usdPerEth = wethIsToken0 ? (priceX192 * 10n ** 12n) >> 192n : ((10n ** 12n) << 192n) / priceX192;
    expect(usdPerEth).toBeGreaterThanOrEqual(2_999n);
    expect(usdPerEth).toBeLessThanOrEqual(3_000n);
  });

  it('funds every account with 10,000 ETH', async () => {
    for (const account of devnet.manifest.accounts) {
      expect(await provider.getBalance(account.address)).toBe(parseEther('10000'));
    }
  });
});

describe('Uniswap V2', () => {
  it('swaps ETH for USDC with the constant-product output', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const signer = devSigner(devnet, provider, 1);
    const pair = contractAt(pools.v2['WETH/USDC']!, uniswapV2PairAbi, provider);
    const [r0, r1] = await pair.getReserves();
    const wethIsToken0 = (await pair.token0()) === contracts.weth;
    const [reserveIn, reserveOut] = wethIsToken0 ? [r0, r1] : [r1, r0];
    const amountIn = parseEther('1');
    const expected = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);

    const usdc = contractAt(tokens.usdc.address, erc20Abi, provider);
    const before = await usdc.balanceOf(signer.address);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const tx = await sendWithMargin(
      router.swapExactETHForTokens,
      [expected, [contracts.weth, tokens.usdc.address], signer.address, deadline()],
      { value: amountIn },
    );
    expect((await waitMined(tx)).status).toBe(1);
    const received = (await usdc.balanceOf(signer.address)) - before;
    expect(received).toBe(expected);
    expect(received).toBeGreaterThan(parseUnits('2980', 6));
  });
});

describe('Uniswap V3', () => {
  it('exactInputSingle returns exactly what QuoterV2 quoted', async () => {
    const { contracts, tokens } = devnet.manifest;
    const signer = devSigner(devnet, provider, 2);
    const amountIn = parseEther('2');
    await waitMined(contractAt(contracts.weth, wethAbi, signer).deposit({ value: amountIn }));
    await waitMined(
      contractAt(contracts.weth, wethAbi, signer).approve(contracts.uniswapV3SwapRouter, amountIn),
    );

    const quoter = contractAt(contracts.uniswapV3QuoterV2, quoterV2Abi, provider);
    const [quoted] = await quoter.quoteExactInputSingle.staticCall({
      tokenIn: contracts.weth,
      tokenOut: tokens.usdc.address,
      amountIn,
      fee: 3000,
      sqrtPriceLimitX96: 0,
    });
    expect(quoted).toBeGreaterThan(parseUnits('5900', 6));
    expect(quoted).toBeLessThan(parseUnits('6000', 6));

    const usdc = contractAt(tokens.usdc.address, erc20Abi, provider);
    const before = await usdc.balanceOf(signer.address);
    const router = contractAt(contracts.uniswapV3SwapRouter, uniswapV3SwapRouterAbi, signer);
    const params = {
      tokenIn: contracts.weth,
      tokenOut: tokens.usdc.address,
      fee: 3000,
      recipient: signer.address,
      deadline: deadline(),
      amountIn,
      amountOutMinimum: quoted,
      sqrtPriceLimitX96: 0,
    };
    // anvil estimates at the latest block's timestamp; when the swap is mined in a new second the pool also
    // writes an oracle observation (~20k gas more). Real wallets add a margin for exactly this.
    const tx = await sendWithMargin(router.exactInputSingle, [params]);
    expect((await waitMined(tx)).status).toBe(1);
    expect((await usdc.balanceOf(signer.address)) - before).toBe(quoted);
  });
});

describe('honeypot token', () => {
  it('can be bought from its V2 pair but not sold back', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const signer = devSigner(devnet, provider, 3);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const honey = contractAt(tokens.honeypot.address, [...erc20Abi, ...honeypotTokenAbi], signer);
    const path = [contracts.weth, tokens.honeypot.address];

    const buy = await sendWithMargin(router.swapExactETHForTokens, [0, path, signer.address, deadline()], {
      value: parseEther('0.1'),
    });
    expect((await waitMined(buy)).status).toBe(1);
    const bought: bigint = await honey.balanceOf(signer.address);
    expect(bought).toBeGreaterThan(parseEther('900'));

    await waitMined(honey.approve(contracts.uniswapV2Router02, MaxUint256));
    // The router's transferFrom into the pair is what reverts (not, say, a bad deadline or path).
    await expect(
      router.swapExactTokensForETHSupportingFeeOnTransferTokens(
        bought,
        0,
        [...path].reverse(),
        signer.address,
        deadline(),
      ),
    ).rejects.toThrow(/TRANSFER_FROM_FAILED/);
    expect(await honey.balanceOf(signer.address)).toBe(bought);
    // Selling straight into the pair reverts with the token's own error; ordinary transfers still work.
    await expect(honey.transfer.staticCall(pools.v2['WETH/HONEY']!, 1n)).rejects.toMatchObject({
      revert: { name: 'SellBlocked' },
    });
    const other = devnet.manifest.accounts[4]!.address;
    await waitMined(honey.transfer(other, 1n));
    expect(await honey.balanceOf(other)).toBe(1n);
    expect(await honey.balanceOf(signer.address)).toBe(bought - 1n);
  });

  it('has no exempt seller: the deployer (token owner, accounts[0]) cannot sell either', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const owner = devSigner(devnet, provider, 0);
    const honey = contractAt(tokens.honeypot.address, [...erc20Abi, ...honeypotTokenAbi], owner);
    expect(await honey.owner()).toBe(owner.address);
    expect(await honey.isPair(pools.v2['WETH/HONEY']!)).toBe(true);
    const amount = parseEther('1000');
    await mintToken({ devnet, token: tokens.honeypot, to: owner.address as `0x${string}`, amount });
    await expect(honey.transfer.staticCall(pools.v2['WETH/HONEY']!, 1n)).rejects.toMatchObject({
      revert: { name: 'SellBlocked' },
    });
    await waitMined(honey.approve(contracts.uniswapV2Router02, MaxUint256));
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, owner);
    await expect(
      router.swapExactTokensForETHSupportingFeeOnTransferTokens(
        amount,
        0,
        [tokens.honeypot.address, contracts.weth],
        owner.address,
        deadline(),
      ),
    ).rejects.toThrow(/TRANSFER_FROM_FAILED/);
    expect(await honey.balanceOf(owner.address)).toBe(amount);
  });
});

describe('fee-on-transfer token', () => {
  it('burns exactly 5% of every transfer', async () => {
    const { tokens } = devnet.manifest;
    const [sender, recipient] = [devSigner(devnet, provider, 4), devnet.manifest.accounts[5]!.address];
    await mintToken({
      devnet,
      token: tokens.feeToken,
      to: sender.address as `0x${string}`,
      amount: parseEther('1000'),
    });
    const fee = contractAt(tokens.feeToken.address, erc20Abi, sender);
    const supplyBefore: bigint = await fee.totalSupply();
    const recipientBefore: bigint = await fee.balanceOf(recipient);

    await waitMined(fee.transfer(recipient, parseEther('100')));
    expect(await fee.balanceOf(sender.address)).toBe(parseEther('900'));
    expect((await fee.balanceOf(recipient)) - recipientBefore).toBe(parseEther('95'));
    expect(supplyBefore - (await fee.totalSupply())).toBe(parseEther('5'));
  });

  it('is tradable through the fee-supporting V2 router functions', async () => {
    const { contracts, tokens } = devnet.manifest;
    const signer = devSigner(devnet, provider, 4);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const fee = contractAt(tokens.feeToken.address, erc20Abi, provider);
    const path = [contracts.weth, tokens.feeToken.address];
    const [, pairOut] = await router.getAmountsOut(parseEther('0.01'), path);
    const tx = await sendWithMargin(
      router.swapExactETHForTokensSupportingFeeOnTransferTokens,
      [0, path, signer.address, deadline()],
      { value: parseEther('0.01') },
    );
    expect((await waitMined(tx)).status).toBe(1);
    expect(await fee.balanceOf(signer.address)).toBe(pairOut - (pairOut * 500n) / 10_000n);
  });
});

describe('high-tax token', () => {
  it('buys are untaxed; a sell into its flagged pair succeeds but the pair receives only 5%', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    const signer = devSigner(devnet, provider, 6);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const tax = contractAt(tokens.highTax.address, erc20Abi, signer);
    const buyPath = [contracts.weth, tokens.highTax.address];
    const [, quoted] = await router.getAmountsOut(parseEther('0.01'), buyPath);
    await waitMined(
      sendWithMargin(router.swapExactETHForTokens, [0, buyPath, signer.address, deadline()], {
        value: parseEther('0.01'),
      }),
    );
    const bought: bigint = await tax.balanceOf(signer.address);
    expect(bought).toBe(quoted);
    const pair = pools.v2['WETH/TAX']!;
    const pairBefore: bigint = await tax.balanceOf(pair);
    await waitMined(tax.transfer(pair, 1_000n));
    expect((await tax.balanceOf(pair)) - pairBefore).toBe(50n);
  });
});

describe('buy-tax token', () => {
  it('a buy out of its pair keeps 10%: the pair’s Transfer shows the full amount, then 90% is burned from the buyer; sells are untaxed', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    expect(await wethReserves(pools.v2['WETH/BTAX']!)).toEqual([parseEther('500'), parseEther('5000000')]);
    const signer = devSigner(devnet, provider, 7);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const token = contractAt(tokens.buyTax.address, [...erc20Abi, ...buyTaxTokenAbi], signer);
    expect(await token.buyTaxBps()).toBe(9_000n);
    const path = [contracts.weth, tokens.buyTax.address];
    const [, poolOut] = await router.getAmountsOut(parseEther('0.01'), path);
    const receipt = await waitMined(
      sendWithMargin(
        router.swapExactETHForTokensSupportingFeeOnTransferTokens,
        [0, path, signer.address, deadline()],
        { value: parseEther('0.01') },
      ),
    );
    const kept = poolOut - (poolOut * 9_000n) / 10_000n;
    expect(await token.balanceOf(signer.address)).toBe(kept);
    const transfers = receipt.logs
      .filter((l) => l.address === tokens.buyTax.address)
      .map((l) => token.interface.parseLog(l))
      .filter((e) => e?.name === 'Transfer')
      .map((e) => [e?.args[0], e?.args[1], e?.args[2]]);
    expect(transfers).toEqual([
      [pools.v2['WETH/BTAX'], signer.address, poolOut],
      [signer.address, ZeroAddress, poolOut - kept],
    ]);
    // A sell into the pair: the pair receives everything sent.
    const pairBefore: bigint = await token.balanceOf(pools.v2['WETH/BTAX']!);
    await waitMined(token.transfer(pools.v2['WETH/BTAX']!, 1_000n));
    expect((await token.balanceOf(pools.v2['WETH/BTAX']!)) - pairBefore).toBe(1_000n);
  });

  it('only the owner (the deployer) may change the buy tax, at most 100%', async () => {
    const { tokens } = devnet.manifest;
    const stranger = contractAt(tokens.buyTax.address, buyTaxTokenAbi, devSigner(devnet, provider, 7));
    await expect(stranger.setBuyTaxBps.staticCall(0)).rejects.toMatchObject({
      revert: { name: 'OnlyOwner' },
    });
    const owner = contractAt(tokens.buyTax.address, buyTaxTokenAbi, devSigner(devnet, provider, 0));
    await expect(owner.setBuyTaxBps.staticCall(10_001)).rejects.toMatchObject({
      revert: { name: 'TaxTooHigh', args: [10_001n] },
    });
    await waitMined(owner.setBuyTaxBps(300));
    expect(await owner.buyTaxBps()).toBe(300n);
  });
});

/** A V2 pair's reserves as (WETH, other token). */
async function wethReserves(pair: string): Promise<[bigint, bigint]> {
  const contract = contractAt(pair, uniswapV2PairAbi, provider);
  const [r0, r1] = await contract.getReserves();
  return (await contract.token0()) === devnet.manifest.contracts.weth ? [r0, r1] : [r1, r0];
}

describe('pricing depth and history (appended last)', () => {
  it('the 100-WETH pairs and the 0.05% USDC pool are deepened at their own price; every V3 pool answers a 30-minute observe', async () => {
    const { pools } = devnet.manifest;
    expect(await wethReserves(pools.v2['WETH/HONEY']!)).toEqual([parseEther('500'), parseEther('5000000')]);
    expect(await wethReserves(pools.v2['WETH/TAX']!)).toEqual([parseEther('500'), parseEther('5000000')]);
    // FEE arrives 5% short both times: 950,000 then 3,800,000.
    expect(await wethReserves(pools.v2['WETH/FEE']!)).toEqual([parseEther('500'), parseEther('4750000')]);
    const oracle = [
      'function observe(uint32[]) view returns (int56[], uint160[])',
      'function slot0() view returns (uint160, int24 tick, uint16, uint16 cardinality, uint16 cardinalityNext, uint8, bool)',
      'function liquidity() view returns (uint128)',
    ] as const;
    const latest = await provider.getBlock('latest');
    expect(Math.abs((latest?.timestamp ?? 0) - Math.floor(Date.now() / 1000))).toBeLessThan(120);
    for (const pool of Object.values(pools.v3)) {
      const contract = contractAt(pool.address, oracle, provider);
      const slot0 = await contract.slot0();
      expect(Number(slot0.cardinalityNext)).toBe(256);
      const [cumulatives] = (await contract.observe([1800, 0])) as [bigint[]];
      // Nothing traded in the window: the mean tick is the current tick.
      expect(((cumulatives[1] as bigint) - (cumulatives[0] as bigint)) / 1800n).toBe(slot0.tick);
    }
    // Full range, 500 WETH : 1,500,000 USDC: L = √(500e18 · 1.5e12).
    const usdc500 = contractAt(pools.v3['WETH/USDC/500']!.address, oracle, provider);
    expect(await usdc500.liquidity()).toBeGreaterThan(27_386_000_000_000_000n);
  });
});

describe('switchable token', () => {
  it('trades like a plain token through a deep WETH/SWITCH pair until anyone switches it off', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    // 100 : 1,000,000 seeded, then deepened to 500 : 5,000,000 at the end of the deployment (pricing depth).
    expect(await wethReserves(pools.v2['WETH/SWITCH']!)).toEqual([parseEther('500'), parseEther('5000000')]);
    const signer = devSigner(devnet, provider, 5);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
    const path = [contracts.weth, tokens.switchable.address];
    const [, quoted] = await router.getAmountsOut(parseEther('0.1'), path);
    await waitMined(
      sendWithMargin(router.swapExactETHForTokens, [0, path, signer.address, deadline()], {
        value: parseEther('0.1'),
      }),
    );
    const token = contractAt(tokens.switchable.address, [...erc20Abi, ...switchableTokenAbi], signer);
    expect(await token.balanceOf(signer.address)).toBe(quoted);

    // Any account may flip it (devnet only); while blocked every transfer and swap reverts, mints still work.
    const stranger = contractAt(
      tokens.switchable.address,
      switchableTokenAbi,
      devSigner(devnet, provider, 8),
    );
    await waitMined(stranger.setBlocked(true));
    expect(await token.blocked()).toBe(true);
    const other = devnet.manifest.accounts[9]!.address;
    await expect(token.transfer.staticCall(other, 1n)).rejects.toMatchObject({
      revert: { name: 'TransfersBlocked', args: [signer.address, other] },
    });
    await expect(
      router.swapExactETHForTokens.estimateGas(0, path, signer.address, deadline(), { value: 10n ** 15n }),
    ).rejects.toThrow(/TRANSFER_FAILED/);
    await mintToken({ devnet, token: tokens.switchable, to: other as `0x${string}`, amount: 7n });

    await waitMined(stranger.setBlocked(false));
    await waitMined(token.transfer(other, 1n));
    expect(await token.balanceOf(other)).toBe(8n);
  });

  it('a swap that passes simulation reverts once mined behind setBlocked(true) (automine off)', async () => {
    const { contracts, tokens } = devnet.manifest;
    const trader = devSigner(devnet, provider, 6);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, trader);
    const path = [contracts.weth, tokens.switchable.address];
    const args = [0, path, trader.address, deadline()] as const;
    const gasLimit =
      ((await router.swapExactETHForTokens.estimateGas(...args, { value: parseEther('0.01') })) * 13n) / 10n;
    await provider.send('evm_setAutomine', [false]);
    try {
      const swap = await router.swapExactETHForTokens(...args, { value: parseEther('0.01'), gasLimit });
      // anvil orders its pool by max fee per gas: a higher one puts the switch ahead of the swap in the block.
      const switcher = contractAt(
        tokens.switchable.address,
        switchableTokenAbi,
        devSigner(devnet, provider, 8),
      );
      const flip = await switcher.setBlocked(true, {
        gasLimit: 100_000n,
        maxFeePerGas: swap.maxFeePerGas! * 10n,
        maxPriorityFeePerGas: swap.maxFeePerGas! * 10n,
      });
      await provider.send('evm_mine', []);
      const [swapReceipt, flipReceipt] = await Promise.all([
        provider.getTransactionReceipt(swap.hash),
        provider.getTransactionReceipt(flip.hash),
      ]);
      expect(flipReceipt?.status).toBe(1);
      expect(swapReceipt?.status).toBe(0);
      expect(swapReceipt?.blockNumber).toBe(flipReceipt?.blockNumber);
      expect(swapReceipt!.index).toBeGreaterThan(flipReceipt!.index);
      expect(await contractAt(tokens.switchable.address, erc20Abi, provider).balanceOf(trader.address)).toBe(
        0n,
      );
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
  });
});

describe('thin and lonely tokens', () => {
  it('THIN has one V2 pair holding only 0.5 WETH, at 1 THIN = 0.001 WETH', async () => {
    const { contracts, tokens, pools } = devnet.manifest;
    expect(await wethReserves(pools.v2['WETH/THIN']!)).toEqual([parseEther('0.5'), parseEther('500')]);
    const router = contractAt(contracts.uniswapV2Router02, uniswapV2RouterAbi, provider);
    const [, wethOut] = await router.getAmountsOut(parseEther('1'), [tokens.thin.address, contracts.weth]);
    expect(wethOut).toBeGreaterThan(parseEther('0.00099'));
    expect(wethOut).toBeLessThan(parseEther('0.001'));
    const v3 = contractAt(contracts.uniswapV3Factory, uniswapV3FactoryAbi, provider);
    for (const fee of [500, 3000, 10000]) {
      expect(await v3.getPool(contracts.weth, tokens.thin.address, fee)).toBe(ZeroAddress);
    }
  });

  it('LONE has no pool at all (no V2 pair against any token, no V3 pool)', async () => {
    const { contracts, tokens } = devnet.manifest;
    const v2 = contractAt(contracts.uniswapV2Factory, uniswapV2FactoryAbi, provider);
    const v3 = contractAt(contracts.uniswapV3Factory, uniswapV3FactoryAbi, provider);
    const others = [contracts.weth, ...Object.values(tokens).map((t) => t.address)].filter(
      (address) => address !== tokens.lonely.address,
    );
    for (const other of others) {
      expect(await v2.getPair(tokens.lonely.address, other)).toBe(ZeroAddress);
      for (const fee of [500, 3000, 10000])
        expect(await v3.getPool(tokens.lonely.address, other, fee)).toBe(ZeroAddress);
    }
    expect(await contractAt(tokens.lonely.address, erc20Abi, provider).totalSupply()).toBe(0n);
  });
});

describe('ERC-4626 vault', () => {
  it('takes a USDC deposit and redeems the shares for the assets', async () => {
    const { tokens } = devnet.manifest;
    const signer = devSigner(devnet, provider, 6);
    const vault = contractAt(tokens.vault.address, erc4626Abi, signer);
    expect(await vault.asset()).toBe(tokens.usdc.address);
    // Donated yield: one share is worth 1.05 USDC (minus OpenZeppelin's virtual-share rounding).
    const perShare: bigint = await vault.convertToAssets(parseUnits('1', 6));
    expect(perShare).toBeGreaterThan(parseUnits('1.049', 6));
    expect(perShare).toBeLessThanOrEqual(parseUnits('1.05', 6));

    const assets = parseUnits('1000', 6);
    await mintToken({ devnet, token: tokens.usdc, to: signer.address as `0x${string}`, amount: assets });
    const usdc = contractAt(tokens.usdc.address, erc20Abi, signer);
    await waitMined(usdc.approve(tokens.vault.address, assets));
    const expectedShares: bigint = await vault.previewDeposit(assets);
    await waitMined(vault.deposit(assets, signer.address));
    expect(await vault.balanceOf(signer.address)).toBe(expectedShares);
    expect(await usdc.balanceOf(signer.address)).toBe(0n);

    const expectedAssets: bigint = await vault.previewRedeem(expectedShares);
    await waitMined(vault.redeem(expectedShares, signer.address, signer.address));
    expect(await vault.balanceOf(signer.address)).toBe(0n);
    expect(await usdc.balanceOf(signer.address)).toBe(expectedAssets);
    expect(assets - expectedAssets).toBeLessThanOrEqual(2n);
  });
});

describe('ERC-4626 vaults for yield', () => {
  it('the plain vault: a donation of the asset raises the share price (convertToAssets and previewRedeem)', async () => {
    const { tokens } = devnet.manifest;
    const vault = contractAt(tokens.vault.address, erc4626Abi, provider);
    const one = parseUnits('1', 6);
    const before: bigint = await vault.convertToAssets(one);
    const exitBefore: bigint = await vault.previewRedeem(one);
    const totalAssets: bigint = await vault.totalAssets();
    const totalSupply: bigint = await vault.totalSupply();
    // Donate 10% of the vault's assets straight to it (a transfer, no shares minted).
    const donation = totalAssets / 10n;
    const donor = devSigner(devnet, provider, 6);
    await mintToken({ devnet, token: tokens.usdc, to: donor.address as `0x${string}`, amount: donation });
    await waitMined(
      contractAt(tokens.usdc.address, erc20Abi, donor).transfer(tokens.vault.address, donation),
    );
    const after: bigint = await vault.convertToAssets(one);
    expect(await vault.totalSupply()).toBe(totalSupply);
    // OpenZeppelin's virtual offset: assets per share = one * (totalAssets + 1) / (totalSupply + 1), rounded down.
    expect(after).toBe((one * (totalAssets + donation + 1n)) / (totalSupply + 1n));
    expect(after).toBeGreaterThan(before);
    expect(await vault.previewRedeem(one)).toBeGreaterThan(exitBefore);
  });

  it('the fee vault: previewDeposit and previewRedeem include the 2% entry and 0.5% exit fees, convert* do not', async () => {
    const { tokens } = devnet.manifest;
    const signer = devSigner(devnet, provider, 6);
    const vault = contractAt(tokens.feeVault.address, erc4626Abi, signer);
    expect(await vault.asset()).toBe(tokens.usdc.address);
    // Seeded with 100,000 USDC, of which the 2% fee on the total (rounded up) bought no shares.
    const seed = parseUnits('100000', 6);
    expect(await vault.totalSupply()).toBe(seed - (seed * 200n + 10_199n) / 10_200n);
    const assets = parseUnits('1000', 6);
    const ideal: bigint = await vault.convertToShares(assets);
    const preview: bigint = await vault.previewDeposit(assets);
    // Fee on the total: ceil(1000 × 200 / 10200) USDC stays out of the shares.
    const fee = (assets * 200n + 10_199n) / 10_200n;
    expect(preview).toBe(await vault.convertToShares(assets - fee));
    expect(preview).toBeLessThan(ideal);
    await mintToken({ devnet, token: tokens.usdc, to: signer.address as `0x${string}`, amount: assets });
    await waitMined(
      contractAt(tokens.usdc.address, erc20Abi, signer).approve(tokens.feeVault.address, assets),
    );
    await waitMined(vault.deposit(assets, signer.address));
    const shares: bigint = await vault.balanceOf(signer.address);
    expect(shares).toBe(preview);
    const gross: bigint = await vault.convertToAssets(shares);
    const exit: bigint = await vault.previewRedeem(shares);
    expect(exit).toBe(gross - (gross * 50n + 10_049n) / 10_050n);
    await waitMined(vault.redeem(shares, signer.address, signer.address));
    expect(await contractAt(tokens.usdc.address, erc20Abi, provider).balanceOf(signer.address)).toBe(exit);
  });

  it('the capped vault: maxDeposit is what is left under the 1,000 USDC cap, and a larger deposit reverts', async () => {
    const { tokens } = devnet.manifest;
    const signer = devSigner(devnet, provider, 6);
    const vault = contractAt(tokens.cappedVault.address, erc4626Abi, signer);
    expect(await vault.asset()).toBe(tokens.usdc.address);
    expect(await vault.totalAssets()).toBe(parseUnits('500', 6));
    expect(await vault.maxDeposit(signer.address)).toBe(parseUnits('500', 6));
    const request = parseUnits('600', 6);
    await mintToken({ devnet, token: tokens.usdc, to: signer.address as `0x${string}`, amount: request });
    await waitMined(
      contractAt(tokens.usdc.address, erc20Abi, signer).approve(tokens.cappedVault.address, request),
    );
    await expect(vault.deposit.estimateGas(request, signer.address)).rejects.toThrow();
    await waitMined(vault.deposit(parseUnits('500', 6), signer.address));
    expect(await vault.maxDeposit(signer.address)).toBe(0n);
  });
});

describe('ERC-721 collectible', () => {
  it('is an OpenZeppelin ERC-721: open mint, operator approval set and cleared with ApprovalForAll events', async () => {
    const { nfts } = devnet.manifest;
    const owner = devSigner(devnet, provider, 6);
    const operator = devnet.manifest.accounts[7]!.address;
    const nft = contractAt(nfts.collectible.address, erc721Abi, owner);
    expect(await nft.name()).toBe(nfts.collectible.name);
    expect(await nft.symbol()).toBe(nfts.collectible.symbol);
    expect(await nft.supportsInterface('0x80ac58cd')).toBe(true);
    await waitMined(nft.mint(owner.address, 7n));
    expect(await nft.ownerOf(7n)).toBe(owner.address);
    const receipt = await waitMined(nft.setApprovalForAll(operator, true));
    expect(receipt.logs).toHaveLength(1);
    expect(nft.interface.parseLog(receipt.logs[0]!)?.args.toArray()).toEqual([owner.address, operator, true]);
    expect(await nft.isApprovedForAll(owner.address, operator)).toBe(true);
    await waitMined(nft.setApprovalForAll(operator, false));
    expect(await nft.isApprovedForAll(owner.address, operator)).toBe(false);
  });
});

describe('Multicall3', () => {
  it('runs the public Multicall3 runtime at the canonical address', async () => {
    const code = await provider.getCode(MULTICALL3_ADDRESS);
    // The creation code is a 32-byte constructor that returns the runtime appended to it.
    expect(code).toBe(`0x${multicall3CreationBytecode.slice(2 + 64)}`);
  });

  it('aggregate3 batches calls and reports individual failures', async () => {
    const { contracts, tokens } = devnet.manifest;
    const multicall = contractAt(MULTICALL3_ADDRESS, multicall3Abi, provider);
    const erc20 = contractAt(tokens.usdc.address, erc20Abi, provider).interface;
    const honeypot = contractAt(tokens.honeypot.address, honeypotTokenAbi, provider).interface;
    const results = await multicall.aggregate3.staticCall([
      { target: tokens.usdc.address, allowFailure: false, callData: erc20.encodeFunctionData('decimals') },
      { target: contracts.weth, allowFailure: false, callData: erc20.encodeFunctionData('symbol') },
      {
        target: MULTICALL3_ADDRESS,
        allowFailure: false,
        callData: multicall.interface.encodeFunctionData('getChainId'),
      },
      {
        target: tokens.honeypot.address,
        allowFailure: true,
        callData: honeypot.encodeFunctionData('setPair', [contracts.weth, true]),
      },
    ]);
    expect(results.map((r: { success: boolean }) => r.success)).toEqual([true, true, true, false]);
    expect(erc20.decodeFunctionResult('decimals', results[0].returnData)[0]).toBe(6n);
    expect(erc20.decodeFunctionResult('symbol', results[1].returnData)[0]).toBe('WETH');
    expect(multicall.interface.decodeFunctionResult('getChainId', results[2].returnData)[0]).toBe(31_337n);
  });
});

describe('snapshot / revert', () => {
  it('restores balances and nonces, and rejects an unknown id', async () => {
    const signer = devSigner(devnet, provider, 7);
    const id = await devnet.snapshot();
    await waitMined(
      signer.sendTransaction({ to: devnet.manifest.accounts[8]!.address, value: parseEther('1') }),
    );
    expect(await provider.getBalance(signer.address)).toBeLessThan(parseEther('9999'));
    await devnet.revert(id);
    expect(await provider.getBalance(signer.address)).toBe(parseEther('10000'));
    expect(await provider.getTransactionCount(signer.address)).toBe(0);
    await expect(devnet.revert('0xdead')).rejects.toMatchObject({ code: 'DEVNET_INVALID_PARAMETER' });
    await expect(devnet.revert('nope')).rejects.toMatchObject({ code: 'DEVNET_INVALID_PARAMETER' });
  });
});
