import { compileContracts, erc20Abi, erc4626Abi, mintToken, waitMined } from '@org/devnet';
import { Contract, ContractFactory, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { checkDepositPreflight } from './checkDepositPreflight.js';
import { measureVaultApy } from './measureVaultApy.js';
import { readDepositPreflight } from './readDepositPreflight.js';
import { readVaultStates } from './readVaultStates.js';
import { sampleVaultSharePrices } from './sampleVaultSharePrices.js';
import { MemorySharePriceStore } from './store/MemorySharePriceStore.js';

// The yield module's chain reads against the devnet's three USDC vaults (plain, 2%/0.5% fees, capped) and a freshly
// deployed empty one. Every expectation is read from the chain with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;
let owner: Address;
let signer: Wallet;
let emptyVault: Address;
const vaultAt = (address: string) => new Contract(address, erc4626Abi, reader);

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const account = env.devnet.manifest.accounts[5]!;
  owner = account.address as Address;
  signer = new Wallet(account.privateKey, reader);
  const { tokens } = env.devnet.manifest;
  await mintToken({ devnet: env.devnet, token: tokens.usdc, to: owner, amount: 5_000_000_000n });
  for (const vault of [tokens.vault.address, tokens.feeVault.address]) {
    await waitMined(
      new Contract(tokens.usdc.address, erc20Abi, signer).getFunction('approve')(vault, 1_000_000_000n),
    );
    await waitMined(new Contract(vault, erc4626Abi, signer).getFunction('deposit')(1_000_000_000n, owner));
  }
  const { contracts } = await compileContracts({});
  const factory = new ContractFactory(
    contracts.DevnetVault.abi as never,
    contracts.DevnetVault.bytecode,
    signer,
  );
  const deployed = await factory.deploy(tokens.usdc.address, 'Empty', 'EMPTY');
  await waitMined(deployed.deploymentTransaction()!);
  emptyVault = (await deployed.getAddress()) as Address;
});
afterAll(async () => {
  reader?.destroy();
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('readVaultStates', () => {
  it('reads each vault and the position at one block: exit value by previewRedeem (fees included), maxRedeem, maxDeposit', async () => {
    const { tokens } = env.devnet.manifest;
    const lone = (tokens as unknown as Record<string, { address: Address }>).lonely!.address;
    const vaults = [
      tokens.vault.address,
      tokens.feeVault.address,
      tokens.cappedVault.address,
      lone,
    ] as Address[];
    const read = await readVaultStates({ provider: env.provider, chain: env.chain, vaults, owner });
    const block = await reader.getBlock(Number(read.blockNumber));
    expect(read.timestamp).toBe(block!.timestamp * 1000);
    const [plain, fee, capped, notAVault] = read.vaults;
    for (const [state, address] of [
      [plain, tokens.vault.address],
      [fee, tokens.feeVault.address],
      [capped, tokens.cappedVault.address],
    ] as const) {
      const v = vaultAt(address);
      const shares = (await v.getFunction('balanceOf')(owner)) as bigint;
      expect(state).toEqual({
        vault: address,
        asset: tokens.usdc.address,
        assetSymbol: 'USDC',
        assetDecimals: 6,
        shareSymbol: (await v.getFunction('symbol')()) as string,
        shareDecimals: 6,
        totalAssets: await v.getFunction('totalAssets')(),
        totalSupply: await v.getFunction('totalSupply')(),
        assetsPerShare: await v.getFunction('convertToAssets')(parseUnits('1', 6)),
        maxDeposit: await v.getFunction('maxDeposit')(owner),
        position: {
          shares,
          exitAssets: shares === 0n ? 0n : await v.getFunction('previewRedeem')(shares),
          convertedAssets: shares === 0n ? 0n : await v.getFunction('convertToAssets')(shares),
          maxRedeem: await v.getFunction('maxRedeem')(owner),
          maxDeposit: await v.getFunction('maxDeposit')(owner),
        },
        unreadableReason: null,
      });
    }
    // The fee vault's exit value is below its ideal value (0.5% exit fee); the capped vault has 500 USDC room.
    expect(fee!.position!.exitAssets!).toBeLessThan(fee!.position!.convertedAssets!);
    expect(capped!.maxDeposit).toBe(500_000_000n);
    expect(capped!.position!.shares).toBe(0n);
    // A plain ERC-20 is not a vault: named, never valued.
    expect(notAVault).toMatchObject({
      asset: null,
      assetsPerShare: null,
      unreadableReason: expect.stringContaining('asset()'),
    });
  });

  it('needs Multicall3', async () => {
    await expect(
      readVaultStates({
        provider: env.provider,
        chain: { ...env.chain, contracts: { ...env.chain.contracts, multicall3: null } },
        vaults: [],
      }),
    ).rejects.toMatchObject({ code: 'YIELD_NOT_CONFIGURED' });
  });
});

describe('sampleVaultSharePrices + measureVaultApy', () => {
  it('samples at chain time; after a donation and a day the APY is the share-price growth, annualised', async () => {
    const { tokens } = env.devnet.manifest;
    const store = new MemorySharePriceStore();
    const vault = tokens.vault.address as Address;
    const first = await sampleVaultSharePrices({
      provider: env.provider,
      chain: env.chain,
      vaults: [vault, emptyVault],
      store,
    });
    expect(first.recorded).toEqual([vault, emptyVault]);
    expect(measureVaultApy({ samples: await store.list({ chainId: 31337, vault }) })).toMatchObject({
      apy: null,
      reason: 'needs two share-price samples at least a day apart',
    });
    // Same block again: stored once.
    const again = await sampleVaultSharePrices({
      provider: env.provider,
      chain: env.chain,
      vaults: [vault],
      store,
    });
    expect(again.recorded).toEqual([]);
    expect(again.skipped).toEqual([{ vault, reason: `block ${first.blockNumber} was already sampled` }]);

    const before = (await vaultAt(vault).getFunction('convertToAssets')(1_000_000n)) as bigint;
    const donation = ((await vaultAt(vault).getFunction('totalAssets')()) as bigint) / 1000n; // +0.1%
    await mintToken({ devnet: env.devnet, token: tokens.usdc, to: vault, amount: donation });
    await reader.send('evm_increaseTime', [86_400]);
    await reader.send('evm_mine', []);
    const second = await sampleVaultSharePrices({
      provider: env.provider,
      chain: env.chain,
      vaults: [vault],
      store,
    });
    expect(second.recorded).toEqual([vault]);
    const after = (await vaultAt(vault).getFunction('convertToAssets')(1_000_000n)) as bigint;
    expect(after).toBeGreaterThan(before);
    const samples = await store.list({ chainId: 31337, vault });
    expect(samples.map((s) => s.assetsPerShare)).toEqual([before, after]);
    const blockTimes = await Promise.all(
      samples.map(async (s) => (await reader.getBlock(s.blockNumber))!.timestamp * 1000),
    );
    expect(samples.map((s) => s.at)).toEqual(blockTimes);
    const apy = measureVaultApy({ samples });
    const dt = (samples[1]!.at - samples[0]!.at) / 1000;
    expect(dt).toBeGreaterThanOrEqual(86_400);
    expect(apy.apy).toBeCloseTo(((Number(after) / Number(before)) ** (31_536_000 / dt) - 1) * 100, 6);
    expect(apy.apy as number).toBeGreaterThan(40); // +0.1% a day ≈ 44% a year
  });
});

describe('readDepositPreflight + checkDepositPreflight', () => {
  const preflight = async (vault: string, amount: bigint) => {
    const read = await readDepositPreflight({
      provider: env.provider,
      chain: env.chain,
      vault: vault as Address,
      receiver: owner,
      amount,
    });
    expect(read.unreadableReason).toBeNull();
    expect(read.asset).toBe(env.devnet.manifest.tokens.usdc.address);
    const v = vaultAt(vault);
    expect(read.reads).toEqual({
      maxDeposit: await v.getFunction('maxDeposit')(owner),
      previewShares: await v.getFunction('previewDeposit')(amount),
      convertShares: await v.getFunction('convertToShares')(amount),
      totalSupply: await v.getFunction('totalSupply')(),
      shareDecimals: 6,
    });
    return checkDepositPreflight({ amount, reads: read.reads! });
  };

  it('the plain vault passes; the capped one is refused over its maxDeposit; the fee one beyond tolerance; the empty one for its supply', async () => {
    const { tokens } = env.devnet.manifest;
    expect(await preflight(tokens.vault.address, 100_000_000n)).toMatchObject({ ok: true, shortfallBps: 0 });
    expect(await preflight(tokens.cappedVault.address, 400_000_000n)).toMatchObject({ ok: true });
    expect(await preflight(tokens.cappedVault.address, 600_000_000n)).toMatchObject({
      ok: false,
      code: 'DEPOSIT_ABOVE_MAX',
    });
    expect(await preflight(tokens.feeVault.address, 100_000_000n)).toMatchObject({
      ok: false,
      code: 'DEPOSIT_PREVIEW_UNFAVOURABLE',
      shortfallBps: 197, // 2% of the total = 200/10200 = 1.96…% rounded up
    });
    expect(await preflight(emptyVault, 100_000_000n)).toMatchObject({
      ok: false,
      code: 'VAULT_SUPPLY_TOO_SMALL',
    });
  });

  it('a contract that is not a vault has no reads (refuse, never guess)', async () => {
    const read = await readDepositPreflight({
      provider: env.provider,
      chain: env.chain,
      vault: env.devnet.manifest.tokens.usdc.address as Address,
      receiver: owner,
      amount: 1n,
    });
    expect(read.reads).toBeNull();
    expect(read.unreadableReason).toContain('previewDeposit()');
  });
});
