import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { erc20Abi, erc4626Abi, mintToken, type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YieldCompareDto, YieldOpportunitiesDto, YieldPortfolioDto } from '../src/dto/yield.js';
import type { YieldCompoundDto } from '../src/dto/yieldCompound.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// The review's compound reproductions (M7, M8, M13) over HTTP on the devnet: the plain vault and the fee vault (2%
// entry, 0.5% exit), their yield measured by the server's own sampler from a 0.05%-a-day donation. Every effect is
// read on chain with a fresh provider.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
let wallet: `0x${string}`;
let env: Record<string, string>;
const E6 = 1_000_000n;
const swapTokens = () => new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]);

const vaultAt = (address: string) => new Contract(address, erc4626Abi, reader);
const usdc = () => new Contract(devnet.manifest.tokens.usdc.address, erc20Abi, reader);
const nonce = () => reader.getTransactionCount(wallet, 'pending');

async function compound(
  target: TestServer,
  body: Record<string, unknown>,
): Promise<{ status: number; body: YieldCompoundDto & { code?: string; detail?: string } }> {
  const res = await target.call('/yield/compound', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as YieldCompoundDto & { code?: string } };
}

/** A day of chain time, a 0.05% donation to each vault, and the server's next sample of both. */
async function dayOfYield(vaults: readonly string[], samplesBefore: number): Promise<void> {
  await reader.send('evm_increaseTime', [86_400]);
  for (const vault of vaults) {
    const totalAssets = (await vaultAt(vault).getFunction('totalAssets')()) as bigint;
    await mintToken({
      devnet,
      token: devnet.manifest.tokens.usdc,
      to: vault as `0x${string}`,
      amount: totalAssets / 2_000n,
    });
  }
  await sampled(vaults, samplesBefore + 1);
}

async function sampled(vaults: readonly string[], count: number): Promise<void> {
  await until(`${count} share-price samples`, async () => {
    const body = (await (
      await server.call('/yield/opportunities?source=onchain')
    ).json()) as YieldOpportunitiesDto;
    return vaults.every((v) => (body.items.find((i) => i.vault === v)?.vaultDetails?.samples ?? 0) >= count)
      ? true
      : undefined;
  });
}

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  const t = devnet.manifest.tokens;
  wallet = devnet.manifest.accounts[7]!.address;
  env = {
    ...swapServerEnv(devnet, devnet.rpcUrl, 7),
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'yield-fees-')), 'data'),
    DEFAULT_CHAIN: 'devnet',
    PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
    YIELD_VAULTS_DEVNET: [t.vault.address, t.feeVault.address].join(','),
    YIELD_SAMPLE_INTERVAL_SECONDS: '1',
    // The fee vault's 2% entry fee is within the pre-flight's tolerance: only the economics can refuse it.
    YIELD_DEPOSIT_TOLERANCE_BPS: '250',
    YIELD_MIN_HISTORY_DAYS: '2',
    GOVERNOR_MAX_PER_TX: '1',
    GOVERNOR_DAILY_LIMIT: '10',
    GOVERNOR_SESSION_LIMIT: '10',
    RPC_TIMEOUT_MS: '5000',
  };
  server = await startTestServer(env, { swapTokens: swapTokens() });
  await mintToken({ devnet, token: t.usdc, to: wallet, amount: 2_000n * E6 });
  await sampled([t.vault.address, t.feeVault.address], 1);
  await dayOfYield([t.vault.address, t.feeVault.address], 1);
}, 180_000);

afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

describe('POST /yield/compound counts what it costs', () => {
  it('a one-day donation is no rate (M8): 409 YIELD_RATE_UNKNOWN, the same history the ranking excludes; nothing signed', async () => {
    const vault = devnet.manifest.tokens.vault.address;
    const n0 = await nonce();
    const { status, body } = await compound(server, { vault, amount: '100' });
    expect([status, body.code]).toEqual([409, 'YIELD_RATE_UNKNOWN']);
    expect(body.detail).toMatch(/1 days of daily share-price samples; YIELD_MIN_HISTORY_DAYS asks 2/);
    const compare = (await (
      await server.call('/yield/compare?asset=USDC&source=onchain&chain=devnet')
    ).json()) as YieldCompareDto;
    const row = compare.rows.find((r) => r.opportunity.vault === vault);
    expect(row?.exclusions.map((e) => e.code)).toContain('HISTORY_TOO_SHORT');
    expect(await nonce()).toBe(n0);
  });

  it('the fee vault (M7): its 2% + 0.5% fees outweigh 30 days of yield → skipped GAIN_BELOW_GAS, nothing signed', async () => {
    const { feeVault, vault } = devnet.manifest.tokens;
    await dayOfYield([feeVault.address, vault.address], 2);
    const n0 = await nonce();
    const { status, body } = await compound(server, { vault: feeVault.address, amount: '1000' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'skipped', skipReason: 'GAIN_BELOW_GAS', execution: null });
    const e = body.economics!;
    // The fees as measured on chain: amount less previewRedeem(previewDeposit(amount)).
    const shares = (await vaultAt(feeVault.address).getFunction('previewDeposit')(1_000n * E6)) as bigint;
    const back = (await vaultAt(feeVault.address).getFunction('previewRedeem')(shares)) as bigint;
    expect(e.vaultFeeBps).toBe(Number(((1_000n * E6 - back) * 10_000n + 1_000n * E6 - 1n) / (1_000n * E6)));
    expect(e.vaultFeeBps).toBeGreaterThanOrEqual(240);
    // The gain alone beats the gas × 3 (what made it "pay" before): the fees are what refuse it.
    expect(BigInt(e.gain.wei)).toBeGreaterThan(BigInt(e.gas.wei) * 3n);
    expect(BigInt(e.vaultFees.wei)).toBeGreaterThan(BigInt(e.gain.wei));
    expect(await nonce()).toBe(n0);
    expect(await usdc().getFunction('allowance')(wallet, feeVault.address)).toBe(0n);
  });
});

describe('GET /yield/portfolio', () => {
  it('a position at a loss shows a negative value, never 0 (M13)', async () => {
    const { feeVault } = devnet.manifest.tokens;
    // Over ten years the same yield outweighs the fees: the deposit is made, and its fees are an immediate loss.
    await server.close();
    server = await startTestServer(
      { ...env, YIELD_COMPOUND_HORIZON_DAYS: '3650' },
      { swapTokens: swapTokens() },
    );
    const done = await compound(server, { vault: feeVault.address, amount: '1000' });
    expect([done.status, done.body.status]).toEqual([200, 'confirmed']);
    const res = await server.call('/yield/portfolio?chains=devnet');
    const position = ((await res.json()) as YieldPortfolioDto).positions.find(
      (p) => p.vault === feeVault.address,
    );
    const shares = (await vaultAt(feeVault.address).getFunction('balanceOf')(wallet)) as bigint;
    const exit = (await vaultAt(feeVault.address).getFunction('previewRedeem')(shares)) as bigint;
    const earned = position?.costBasis.earned;
    expect(earned?.amountBase).toBe((exit - 1_000n * E6).toString());
    expect(BigInt(earned?.amountBase ?? '0')).toBeLessThan(-20n * E6);
    // Priced by its size, with its sign.
    expect(BigInt(earned?.eth?.wei ?? '0')).toBeLessThan(0n);
    expect(earned?.eth?.eth).toMatch(/^-0\.00[5-9]/);
    expect(Number(earned?.usd)).toBeLessThan(-20);
  });
});
