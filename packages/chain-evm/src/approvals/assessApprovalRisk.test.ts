import { parseEther } from '@org/governor';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { assessApprovalRisk } from './assessApprovalRisk.js';
import { MAX_ALLOWANCE } from './constants.js';
import { scanApprovals } from './scanApprovals.js';
import { MemoryApprovalScanStore } from './store/MemoryApprovalScanStore.js';
import { type Granter, grantOnChain } from './testing/grantOnChain.js';

let env: SwapDevnet;
let owner: Granter;
const PROXY = getAddress('0x00000000000000000000000000000000000e1967') as `0x${string}`;
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const USDC = (n: bigint) => n * 1_000_000n;

beforeAll(async () => {
  env = await startSwapDevnet();
  const { accounts, tokens, contracts, nfts } = env.devnet.manifest;
  owner = grantOnChain({ provider: env.provider, privateKey: accounts[4]!.privateKey });
  // An upgradeable proxy spender: some code, and an EIP-1967 implementation slot that is set.
  await env.provider.send('anvil_setCode', [PROXY, '0x6080604052600080fd']);
  await env.provider.send('anvil_setStorageAt', [
    PROXY,
    IMPLEMENTATION_SLOT,
    `0x${contracts.uniswapV3QuoterV2.slice(2).toLowerCase().padStart(64, '0')}`,
  ]);
  await owner.call(tokens.usdc.address, 'mint', [owner.address, USDC(6_000n)]);
  await owner.call(tokens.lonely.address, 'mint', [owner.address, parseEther('50')]);
  // The oldest approval: then two days of chain time pass.
  await owner.approve(tokens.dai.address, PROXY, 10n ** 18n);
  await env.provider.send('evm_increaseTime', [2 * 86_400]);
  await env.provider.send('evm_mine', []);
  await owner.approve(tokens.usdc.address, contracts.uniswapV2Router02, MAX_ALLOWANCE);
  await owner.approve(tokens.usdc.address, accounts[7]!.address, USDC(600n));
  await owner.approve(tokens.lonely.address, contracts.uniswapV3SwapRouter, parseEther('1'));
  await owner.call(nfts.collectible.address, 'mint', [owner.address, 42n]);
  await owner.setApprovalForAll(nfts.collectible.address, contracts.uniswapV3QuoterV2, true);
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('assessApprovalRisk on the devnet', () => {
  it('scores every approval with the documented factors, worst first; value at risk priced by the gateway module', async () => {
    const { accounts, tokens, contracts, nfts } = env.devnet.manifest;
    const scan = await scanApprovals({
      provider: env.provider,
      chain: env.chain,
      owner: owner.address,
      store: new MemoryApprovalScanStore(),
      fromBlock: 0,
    });
    const minLiquidityWei = parseEther('10');
    const risk = await assessApprovalRisk({
      provider: env.provider,
      chain: env.chain,
      owner: owner.address,
      approvals: scan.approvals,
      blockNumber: scan.blockNumber,
      minLiquidityWei,
      maxAgeSeconds: 86_400,
    });
    const price = async (amount: bigint) =>
      (
        await priceInNative({
          provider: env.provider,
          chain: env.chain,
          amounts: [{ token: tokens.usdc.address, amount }],
          minLiquidityWei,
        })
      ).totalWei;
    const row = (spender: string) => risk.approvals.find((a) => a.spender === spender);
    const factors = (spender: string) => row(spender)?.factors.map((f) => f.factor);

    // Unlimited USDC to the V2 router: known, a contract, ~2 ETH of USDC exposed.
    expect(row(contracts.uniswapV2Router02)).toMatchObject({
      balance: USDC(6_000n),
      valueAtRiskWei: await price(USDC(6_000n)),
      spenderCode: 'contract',
      stale: false,
      score: 55,
      level: 'high',
    });
    expect(factors(contracts.uniswapV2Router02)).toEqual(['unlimited', 'value_at_risk_high']);
    // 600 USDC to an EOA: unknown, no code, ~0.2 ETH.
    expect(row(accounts[7]!.address)).toMatchObject({
      valueAtRiskWei: await price(USDC(600n)),
      spenderCode: 'none',
      score: 65,
      level: 'high',
    });
    expect(factors(accounts[7]!.address)).toEqual([
      'unknown_spender',
      'spender_without_code',
      'value_at_risk_medium',
    ]);
    // LONE has no pool: the value is unknown (null), never 0.
    expect(row(contracts.uniswapV3SwapRouter)).toMatchObject({
      valueAtRiskWei: null,
      score: 15,
      level: 'low',
    });
    // The upgradeable proxy: no DAI held (0 at risk, known), approved two days ago (stale).
    expect(row(PROXY)).toMatchObject({
      valueAtRiskWei: 0n,
      spenderCode: 'upgradeable',
      stale: true,
      score: 45,
    });
    expect(factors(PROXY)).toEqual(['unknown_spender', 'upgradeable_spender', 'stale']);
    // The NFT operator: every token of the collection, never priced.
    const nft = risk.approvals.find((a) => a.token === nfts.collectible.address);
    expect(nft).toMatchObject({ kind: 'operator', valueAtRiskWei: null, score: 65 });

    // Worst first; equal scores → unknown value before known.
    expect(risk.approvals.map((a) => a.score)).toEqual([65, 65, 55, 45, 15]);
    expect(risk.approvals[0]?.token).toBe(nfts.collectible.address);
    // USDC counted once: min(6,000, MAX + 600) = 6,000 USDC; the total is unknown (LONE and the NFTs).
    expect(risk.summary).toMatchObject({
      totalValueAtRiskWei: null,
      pricedValueAtRiskWei: (await price(USDC(6_000n))) as bigint,
      unpricedTokens: 1,
      operatorCollections: 1,
      counts: { critical: 0, high: 3, medium: 1, low: 1 },
    });
    const cutoff = risk.summary.staleBeforeBlock as number;
    expect(row(PROXY)?.lastApprovalBlock).toBeLessThan(cutoff);
    expect(row(contracts.uniswapV2Router02)?.lastApprovalBlock).toBeGreaterThanOrEqual(cutoff);
  });

  it('with nothing approved there is nothing to read beyond the timestamp', async () => {
    const risk = await assessApprovalRisk({
      provider: env.provider,
      chain: env.chain,
      owner: env.devnet.manifest.accounts[9]!.address,
      approvals: [],
      blockNumber: Number(await env.provider.send('eth_blockNumber', [])),
      minLiquidityWei: parseEther('10'),
      maxAgeSeconds: 86_400,
    });
    expect(risk.approvals).toEqual([]);
    expect(risk.summary).toMatchObject({ totalValueAtRiskWei: 0n, staleBeforeBlock: null });
  });
});
