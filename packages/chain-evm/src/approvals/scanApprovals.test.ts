import { type RpcProxy, startRpcProxy } from '@org/devnet';
import { Contract, getAddress, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcProvider } from '../rpc/createRpcProvider.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { MAX_ALLOWANCE } from './constants.js';
import { scanApprovals } from './scanApprovals.js';
import { MemoryApprovalScanStore } from './store/MemoryApprovalScanStore.js';
import { type Granter, grantOnChain } from './testing/grantOnChain.js';
import { oldStyleTokens } from './testing/oldStyleTokens.js';

// Approvals granted directly on chain by plain ethers transactions; the scan must list exactly the live ones.
let env: SwapDevnet;
let proxy: RpcProxy;
let viaProxy: JsonRpcProvider;
let owner: Granter;
const BYTES32 = getAddress('0x00000000000000000000000000000000000b3232') as `0x${string}`;
const NOSYMBOL = getAddress('0x0000000000000000000000000000000000005e55') as `0x${string}`;
const E18 = 10n ** 18n;

beforeAll(async () => {
  env = await startSwapDevnet();
  const code = oldStyleTokens();
  await env.provider.send('anvil_setCode', [BYTES32, code.Bytes32Token]);
  await env.provider.send('anvil_setCode', [NOSYMBOL, code.NoSymbolToken]);
  proxy = await startRpcProxy({ upstream: env.devnet.rpcUrl });
  viaProxy = createRpcProvider({ url: proxy.url, chainId: 31337 });
  const { accounts, tokens, contracts, nfts } = env.devnet.manifest;
  owner = grantOnChain({ provider: env.provider, privateKey: accounts[5]!.privateKey });
  const eoa = grantOnChain({ provider: env.provider, privateKey: accounts[7]!.privateKey });
  const stranger = grantOnChain({ provider: env.provider, privateKey: accounts[6]!.privateKey });
  await owner.approve(tokens.usdc.address, contracts.uniswapV2Router02, MAX_ALLOWANCE);
  await owner.approve(tokens.dai.address, contracts.uniswapV3SwapRouter, 500n * E18);
  await owner.approve(tokens.wbtc.address, contracts.uniswapV3QuoterV2, 1n << 255n);
  await owner.call(tokens.usdc.address, 'mint', [owner.address, 5_000_000_000n]);
  await owner.approve(tokens.usdc.address, eoa.address, 1_000_000_000n);
  // The spender uses part of it: OpenZeppelin 5 emits no Approval here, so the last log still says 1,000.
  await eoa.call(tokens.usdc.address, 'transferFrom', [owner.address, eoa.address, 400_000_000n]);
  await owner.approve(tokens.dai.address, accounts[8]!.address, 5n * E18);
  await owner.approve(tokens.dai.address, accounts[8]!.address, 0n);
  await owner.call(nfts.collectible.address, 'mint', [owner.address, 1n]);
  await owner.setApprovalForAll(nfts.collectible.address, accounts[9]!.address, true);
  await owner.approve(BYTES32, accounts[8]!.address, 7n);
  await owner.approve(NOSYMBOL, accounts[8]!.address, 8n);
  // Someone else's approval is not the owner's.
  await stranger.approve(tokens.usdc.address, contracts.uniswapV2Router02, MAX_ALLOWANCE);
});
afterAll(async () => {
  viaProxy?.destroy();
  await proxy?.close();
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('scanApprovals on the devnet', () => {
  it('lists exactly the live approvals with the exact on-chain amounts, kinds, names and metadata', async () => {
    const { accounts, tokens, contracts, nfts } = env.devnet.manifest;
    const store = new MemoryApprovalScanStore();
    proxy.reset();
    const scan = await scanApprovals({
      provider: viaProxy,
      chain: env.chain,
      owner: owner.address,
      store,
      fromBlock: 0,
    });
    const usdc = new Contract(
      tokens.usdc.address,
      ['function allowance(address,address) view returns (uint256)'],
      env.provider,
    );
    expect(await usdc.getFunction('allowance')(owner.address, accounts[7]!.address)).toBe(600_000_000n);
    const view = scan.approvals.map((a) => ({
      token: a.token,
      spender: a.spender,
      kind: a.kind,
      allowance: a.allowance,
      unlimited: a.unlimited,
      symbol: a.symbol,
      decimals: a.decimals,
      spenderName: a.spenderName,
    }));
    expect(view).toEqual(
      expect.arrayContaining([
        {
          token: tokens.usdc.address,
          spender: contracts.uniswapV2Router02,
          kind: 'erc20',
          allowance: MAX_ALLOWANCE,
          unlimited: true,
          symbol: 'USDC',
          decimals: 6,
          spenderName: 'Uniswap V2: Router02',
        },
        {
          token: tokens.dai.address,
          spender: contracts.uniswapV3SwapRouter,
          kind: 'erc20',
          allowance: 500n * E18,
          unlimited: false,
          symbol: 'DAI',
          decimals: 18,
          spenderName: 'Uniswap V3: SwapRouter',
        },
        {
          token: tokens.wbtc.address,
          spender: contracts.uniswapV3QuoterV2,
          kind: 'erc20',
          allowance: 1n << 255n,
          unlimited: true,
          symbol: 'WBTC',
          decimals: 8,
          spenderName: null,
        },
        {
          token: tokens.usdc.address,
          spender: accounts[7]!.address,
          kind: 'erc20',
          allowance: 600_000_000n,
          unlimited: false,
          symbol: 'USDC',
          decimals: 6,
          spenderName: null,
        },
        {
          token: nfts.collectible.address,
          spender: accounts[9]!.address,
          kind: 'operator',
          allowance: null,
          unlimited: true,
          symbol: 'DNFT',
          decimals: null,
          spenderName: null,
        },
        {
          token: BYTES32,
          spender: accounts[8]!.address,
          kind: 'erc20',
          allowance: 7n,
          unlimited: false,
          symbol: 'MKR',
          decimals: 18,
          spenderName: null,
        },
        {
          token: NOSYMBOL,
          spender: accounts[8]!.address,
          kind: 'erc20',
          allowance: 8n,
          unlimited: false,
          symbol: null,
          decimals: 18,
          spenderName: null,
        },
      ]),
    );
    expect(view).toHaveLength(7); // the zeroed DAI approval and the stranger's are not listed
    expect(scan.unreadable).toEqual([]);
    expect(scan.stats.candidates).toBe(8);
    const latest = scan.approvals.find((a) => a.spender === accounts[7]!.address);
    const receipt = await env.provider.getTransactionReceipt(latest?.lastApprovalTxHash as string);
    expect(receipt?.blockNumber).toBe(latest?.lastApprovalBlock);
    // One eth_getLogs for the whole (short) chain, one Multicall3 batch for 8 pairs + 7 tokens' metadata.
    expect(proxy.count('eth_getLogs')).toBe(1);
    expect(scan.stats).toMatchObject({ logRequests: 1, multicallBatches: 1 });
  });

  it('incremental: a second scan after K new blocks asks eth_getLogs for exactly those K blocks and re-reads the pairs', async () => {
    const { accounts, tokens } = env.devnet.manifest;
    const store = new MemoryApprovalScanStore();
    const first = await scanApprovals({
      provider: viaProxy,
      chain: env.chain,
      owner: owner.address,
      store,
      fromBlock: 0,
    });
    const K = 4;
    await owner.approve(tokens.wbtc.address, accounts[8]!.address, 3n);
    await env.provider.send('anvil_mine', [`0x${(K - 1).toString(16)}`]);
    proxy.reset();
    const second = await scanApprovals({ provider: viaProxy, chain: env.chain, owner: owner.address, store });
    const asked = proxy.requests
      .filter((r) => r.method === 'eth_getLogs')
      .map((r) => r.params[0] as { fromBlock: string; toBlock: string });
    expect(asked).toHaveLength(1);
    expect(Number(asked[0]?.fromBlock)).toBe(first.blockNumber + 1);
    expect(Number(asked[0]?.toBlock)).toBe(first.blockNumber + K);
    expect(second.blockNumber).toBe(first.blockNumber + K);
    expect(second.scannedRanges).toEqual([
      { fromBlock: first.blockNumber + 1, toBlock: first.blockNumber + K },
    ]);
    expect(second.fromBlock).toBe(0);
    expect(second.approvals).toHaveLength(first.approvals.length + 1);
    expect(second.approvals.some((a) => a.spender === accounts[8]!.address && a.allowance === 3n)).toBe(true);
    // Nothing new: no eth_getLogs at all, the known pairs are still re-read.
    proxy.reset();
    const third = await scanApprovals({ provider: viaProxy, chain: env.chain, owner: owner.address, store });
    expect(proxy.count('eth_getLogs')).toBe(0);
    expect(proxy.count('eth_call')).toBe(1);
    expect(third.approvals).toHaveLength(second.approvals.length);
  });

  it('a scan that fails in eth_getLogs commits nothing: the next scan reads the same range again', async () => {
    const store = new MemoryApprovalScanStore();
    proxy.intercept = (r) =>
      r.method === 'eth_getLogs' ? { error: { code: -32000, message: 'no' } } : undefined;
    try {
      await expect(
        scanApprovals({ provider: viaProxy, chain: env.chain, owner: owner.address, store, fromBlock: 0 }),
      ).rejects.toMatchObject({ code: 'LOG_SCAN_FAILED' });
    } finally {
      proxy.intercept = undefined;
    }
    expect(await store.load({ chainId: 31337, owner: owner.address })).toBeNull();
  });

  it('a pair whose token lost its code is listed as unreadable, never as "no approval"', async () => {
    const store = new MemoryApprovalScanStore();
    const snapshot = await env.devnet.snapshot();
    try {
      await env.provider.send('anvil_setCode', [NOSYMBOL, '0x']);
      const scan = await scanApprovals({
        provider: viaProxy,
        chain: env.chain,
        owner: owner.address,
        store,
        fromBlock: 0,
      });
      expect(scan.unreadable.map((c) => c.token)).toEqual([NOSYMBOL]);
      expect(scan.approvals.some((a) => a.token === NOSYMBOL)).toBe(false);
    } finally {
      await env.devnet.revert(snapshot);
    }
  });

  it('refuses an owner that is not an address and a start above the head', async () => {
    const store = new MemoryApprovalScanStore();
    await expect(
      scanApprovals({ provider: viaProxy, chain: env.chain, owner: '0x12', store }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    await expect(
      scanApprovals({
        provider: viaProxy,
        chain: env.chain,
        owner: owner.address,
        store,
        fromBlock: 10 ** 9,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
  });
});
