import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { erc20Abi, erc4626Abi, mintToken, type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, Interface, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { YieldOpportunitiesDto, YieldPortfolioDto } from '../src/dto/yield.js';
import type { YieldCompoundDto } from '../src/dto/yieldCompound.js';
import { ChainProviders } from '../src/services/ChainProviders.js';
import { learnVaultAssets } from '../src/yield/learnVaultAssets.js';
import { VaultAssetBook } from '../src/yield/VaultAssetBook.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { startTestServer, TEST_OPERATOR_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// POST /yield/compound over HTTP on the devnet: the three USDC vaults (plain, 2% entry fee, capped) are
// YIELD_VAULTS_DEVNET; the plain vault's yield is measured by the server's own sampler (a first sample, a day of
// chain time and a 0.1% donation, a second sample). Every effect is read on chain with a fresh provider.
const E6 = 1_000_000n;
let devnet: StartDevnetReturnType;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;
let serverEnv: Record<string, string>;

const usdc = () => new Contract(devnet.manifest.tokens.usdc.address, erc20Abi, reader);
const vaultAt = (address: string) => new Contract(address, erc4626Abi, reader);
const sharesOf = async (vault: string) => (await vaultAt(vault).getFunction('balanceOf')(wallet)) as bigint;
const usdcOf = async () => (await usdc().getFunction('balanceOf')(wallet)) as bigint;
const allowanceTo = async (vault: string) => (await usdc().getFunction('allowance')(wallet, vault)) as bigint;
const nonce = () => reader.getTransactionCount(wallet, 'pending');
const mintUsdc = (amount: bigint) =>
  mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: wallet, amount });

async function compound(
  body: Record<string, unknown>,
  key?: string,
): Promise<{ status: number; body: YieldCompoundDto & { code?: string; detail?: string } }> {
  const res = await server.call('/yield/compound', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as YieldCompoundDto & { code?: string } };
}

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  const t = devnet.manifest.tokens;
  wallet = devnet.manifest.accounts[6]!.address;
  serverEnv = {
    ...swapServerEnv(devnet, devnet.rpcUrl, 6),
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'yield-compound-')), 'data'),
    DEFAULT_CHAIN: 'devnet',
    PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
    YIELD_VAULTS_DEVNET: [t.vault.address, t.feeVault.address, t.cappedVault.address].join(','),
    YIELD_SAMPLE_INTERVAL_SECONDS: '1',
    // 1 ETH = 3,000 devnet USDC: a deposit over 300 USDC is over the per-transaction cap.
    GOVERNOR_MAX_PER_TX: '0.1',
    GOVERNOR_DAILY_LIMIT: '10',
    GOVERNOR_SESSION_LIMIT: '10',
    YIELD_COMPOUND_HORIZON_DAYS: '365',
    // Two samples a day apart are the history this file's compounds need (the rate needs what the ranking needs).
    YIELD_MIN_HISTORY_DAYS: '1',
    RPC_TIMEOUT_MS: '5000',
  };
  server = await startTestServer(serverEnv, {
    swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
  });
  // The plain vault's yield, measured by the server: one sample, a day later a 0.1% donation, a second sample.
  const samples = async () =>
    (
      (await (await server.call('/yield/opportunities?source=onchain')).json()) as YieldOpportunitiesDto
    ).items.find((i) => i.vault === t.vault.address)?.vaultDetails?.samples ?? 0;
  await until('the first share-price sample', async () => ((await samples()) >= 1 ? true : undefined));
  await reader.send('evm_increaseTime', [86_400]);
  const totalAssets = (await vaultAt(t.vault.address).getFunction('totalAssets')()) as bigint;
  await mintToken({ devnet, token: t.usdc, to: t.vault.address, amount: totalAssets / 1000n });
  await until('the second share-price sample', async () => ((await samples()) >= 2 ? true : undefined));
}, 120_000);

afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

describe('POST /yield/compound', () => {
  it('no idle USDC and no amount → 200 skipped NO_IDLE_BALANCE, nothing read further or signed', async () => {
    expect(await usdcOf()).toBe(0n);
    const n0 = await nonce();
    const { status, body } = await compound({ vault: devnet.manifest.tokens.vault.address });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'skipped',
      skipReason: 'NO_IDLE_BALANCE',
      amount: { amountBase: '0' },
      execution: null,
      approval: null,
    });
    expect(await nonce()).toBe(n0);
  });

  it('deposits the idle USDC: an exact approval, then the deposit; the shares read on chain are the ones reported and previewed, and the journal has the cost basis', async () => {
    const vault = devnet.manifest.tokens.vault.address;
    await mintUsdc(250n * E6);
    const idle = await usdcOf();
    expect(idle).toBe(250n * E6);
    const previewed = (await vaultAt(vault).getFunction('previewDeposit')(idle)) as bigint;
    const before = await sharesOf(vault);
    const n0 = await nonce();
    const { status, body } = await compound({ vault });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'confirmed',
      skipReason: null,
      vault,
      amount: { token: devnet.manifest.tokens.usdc.address, amountBase: idle.toString(), amount: '250.0' },
      economics: { pays: true },
      preflight: { shortfallBps: 0, minShares: previewed.toString() },
      approval: { status: 'confirmed', action: 'approve' },
      execution: { status: 'confirmed', action: 'deposit' },
    });
    // Read directly: the shares minted, the USDC gone, the exact approval used up, two transactions.
    const minted = (await sharesOf(vault)) - before;
    expect(minted).toBeGreaterThan(0n);
    expect(body.sharesReceived).toBe(minted.toString());
    expect(minted).toBe(previewed);
    expect(await usdcOf()).toBe(0n);
    expect(await allowanceTo(vault)).toBe(0n);
    expect(await nonce()).toBe(n0 + 2);
    const approveTx = await reader.getTransaction(body.approval?.txHash as string);
    const approveCall = new Interface(erc20Abi).parseTransaction({ data: approveTx!.data });
    expect(approveCall?.name).toBe('approve');
    expect(approveCall?.args[0]).toBe(vault);
    expect(approveCall?.args[1]).toBe(idle);
    // The economics in numbers: the gain over the horizon beats (the worst-case gas + the vault's fees) × 3; the
    // plain vault charges no fee (its round trip loses at most a unit of rounding).
    const e = body.economics!;
    expect(e.vaultFeeBps).toBeLessThanOrEqual(1);
    expect(BigInt(e.gain.wei)).toBeGreaterThanOrEqual(BigInt(e.requiredGain.wei));
    expect(BigInt(e.requiredGain.wei)).toBe(
      ((BigInt(e.gas.wei) + BigInt(e.vaultFees.wei)) * 30_000n + 9_999n) / 10_000n,
    );
    expect(BigInt(e.ratePpb)).toBeGreaterThan(100_000_000n); // the 0.1%-a-day donation: over 10% a year
    // The journal: the portfolio's cost basis is this deposit.
    const portfolio = (await (
      await server.call('/yield/portfolio?chains=devnet')
    ).json()) as YieldPortfolioDto;
    const position = portfolio.positions.find((p) => p.vault === vault);
    expect(position?.shares.amountBase).toBe(minted.toString());
    expect(position?.costBasis).toMatchObject({ deposits: 1, costBasis: { amountBase: idle.toString() } });
  });

  it('is skipped with the numbers when the gas would eat the gain: nothing signed', async () => {
    const vault = devnet.manifest.tokens.vault.address;
    await mintUsdc(E6);
    const n0 = await nonce();
    const { status, body } = await compound({ vault, amount: '0.01' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'skipped',
      skipReason: 'GAIN_BELOW_GAS',
      approval: null,
      execution: null,
      economics: { pays: false, minGainFactorBps: 30_000, horizonSeconds: String(365 * 86_400) },
    });
    const e = body.economics!;
    expect(BigInt(e.gain.wei)).toBeLessThan(BigInt(e.requiredGain.wei));
    expect(BigInt(e.gas.wei)).toBeGreaterThan(0n);
    // It would pay only after a longer horizon than the one counted.
    expect(BigInt(e.paysAfterSeconds as string)).toBeGreaterThan(BigInt(e.horizonSeconds));
    expect(await nonce()).toBe(n0);
    expect(await allowanceTo(vault)).toBe(0n);
  });

  it('refused for the capped vault (maxDeposit) and the fee vault (beyond the tolerance): 409 with the code, nothing signed', async () => {
    const { cappedVault, feeVault } = devnet.manifest.tokens;
    await mintUsdc(700n * E6);
    const n0 = await nonce();
    const capped = await compound({ vault: cappedVault.address, amount: '600' });
    expect(capped.status).toBe(409);
    expect(capped.body.code).toBe('DEPOSIT_ABOVE_MAX');
    const maxDeposit = (await vaultAt(cappedVault.address).getFunction('maxDeposit')(wallet)) as bigint;
    expect(maxDeposit).toBeLessThan(600n * E6);
    expect((capped.body as unknown as { maxDeposit: string }).maxDeposit).toBe(maxDeposit.toString());
    const fee = await compound({ vault: feeVault.address, amount: '100' });
    expect(fee.status).toBe(409);
    expect(fee.body.code).toBe('DEPOSIT_PREVIEW_UNFAVOURABLE');
    expect((fee.body as unknown as { shortfallBps: number }).shortfallBps).toBeGreaterThan(50);
    expect(await nonce()).toBe(n0);
    expect(await allowanceTo(cappedVault.address)).toBe(0n);
    expect(await allowanceTo(feeVault.address)).toBe(0n);
  });

  it('refused over the governor’s per-transaction cap: 403 with its code, nothing signed, the USDC still idle', async () => {
    const vault = devnet.manifest.tokens.vault.address;
    const n0 = await nonce();
    const idle = await usdcOf();
    expect(idle).toBeGreaterThanOrEqual(400n * E6);
    const { status, body } = await compound({ vault, amount: '400' });
    expect(status).toBe(403);
    expect(body.code).toBe('PER_TX_LIMIT_EXCEEDED');
    expect(await nonce()).toBe(n0);
    expect(await allowanceTo(vault)).toBe(0n);
    expect(await usdcOf()).toBe(idle);
  });

  it('a repeat with the same Idempotency-Key deposits once and answers the first answer again', async () => {
    const vault = devnet.manifest.tokens.vault.address;
    const before = await sharesOf(vault);
    const idle = await usdcOf();
    const n0 = await nonce();
    const first = await compound({ vault, amount: '100' }, 'compound-once-1');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('confirmed');
    const again = await compound({ vault, amount: '100' }, 'compound-once-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await nonce()).toBe(n0 + 2);
    expect(await usdcOf()).toBe(idle - 100n * E6);
    expect((await sharesOf(vault)) - before).toBe(BigInt(first.body.sharesReceived as string));
    // The same key with another body is refused.
    const other = await compound({ vault, amount: '101' }, 'compound-once-1');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await nonce()).toBe(n0 + 2);
  });

  it('validates: a vault not configured → 404 VAULT_NOT_CONFIGURED; bad input → 422; minShares above the preview → 409', async () => {
    const n0 = await nonce();
    const unlisted = await compound({ vault: devnet.manifest.tokens.usdc.address, amount: '1' });
    expect(unlisted.status).toBe(404);
    expect(unlisted.body.code).toBe('VAULT_NOT_CONFIGURED');
    for (const body of [
      {},
      { vault: 'nope' },
      { vault: devnet.manifest.tokens.vault.address, amount: '-1' },
      { vault: devnet.manifest.tokens.vault.address, amount: '1', minShares: '1.5' },
    ]) {
      const res = await compound(body);
      expect(res.status).toBe(422);
    }
    const greedy = await compound({
      vault: devnet.manifest.tokens.vault.address,
      amount: '10',
      minShares: (100n * E6).toString(),
    });
    expect(greedy.status).toBe(409);
    expect(greedy.body.code).toBe('DEPOSIT_BELOW_MIN_SHARES');
    const tooMuch = await compound({ vault: devnet.manifest.tokens.vault.address, amount: '100000' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await nonce()).toBe(n0);
  });

  it('shares minted below the preview (a donation mined just before the deposit) → 502 DEPOSIT_SHARES_SHORT with the execution; the journal still records what was minted', async () => {
    const { vault, usdc: usdcToken } = devnet.manifest.tokens;
    const donor = new Wallet(devnet.manifest.accounts[7]!.privateKey, reader);
    const donorAddress = devnet.manifest.accounts[7]!.address;
    await mintToken({ devnet, token: usdcToken, to: donorAddress, amount: 20_000n * E6 });
    await mintUsdc(50n * E6);
    const before = await sharesOf(vault.address);
    const latest = await reader.getTransactionCount(wallet, 'latest');
    await reader.send('evm_setAutomine', [false]);
    try {
      const answer = compound({ vault: vault.address, amount: '50' });
      // The exact approval: mined on its own.
      await until('the approval in the pool', async () => ((await nonce()) > latest ? true : undefined));
      await reader.send('evm_mine', []);
      // The deposit waits in the pool; a donation paying a higher tip is mined ahead of it in the same block.
      await until('the deposit in the pool', async () => ((await nonce()) > latest + 1 ? true : undefined));
      const donation = await new Contract(usdcToken.address, erc20Abi, donor).getFunction('transfer')(
        vault.address,
        20_000n * E6,
        { maxPriorityFeePerGas: 10n ** 12n, maxFeePerGas: 10n ** 13n },
      );
      await reader.send('evm_mine', []);
      const { status, body } = await answer;
      const minted = (await sharesOf(vault.address)) - before;
      const donationReceipt = await reader.getTransactionReceipt(donation.hash);
      expect(donationReceipt?.status).toBe(1);
      expect(status).toBe(502);
      expect(body).toMatchObject({
        code: 'DEPOSIT_SHARES_SHORT',
        sharesReceived: minted.toString(),
        executionId: expect.any(String),
      });
      const min = BigInt((body as unknown as { minShares: string }).minShares);
      expect(minted).toBeGreaterThan(0n);
      expect(minted).toBeLessThan(min);
      const record = (await (
        await server.call(`/executions/${(body as unknown as { executionId: string }).executionId}`)
      ).json()) as { status: string; action: string };
      expect(record).toMatchObject({ status: 'confirmed', action: 'deposit' });
      // Recorded from the receipt: the cost basis counts the three deposits made (250 + 100 + 50 USDC).
      const portfolio = (await (
        await server.call('/yield/portfolio?chains=devnet')
      ).json()) as YieldPortfolioDto;
      const position = portfolio.positions.find((p) => p.vault === vault.address);
      expect(position?.costBasis).toMatchObject({
        deposits: 3,
        costBasis: { amountBase: (400n * E6).toString() },
      });
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
  });

  it('learnVaultAssets reads every configured vault’s asset at start (what the deposit module checks a held deposit against after a restart); a vault that is not one is reported', async () => {
    const { vault, feeVault, cappedVault, usdc: usdcToken, dai } = devnet.manifest.tokens;
    const config = loadConfig({ WEB3_API_KEY: 'x'.repeat(32), RPC_URL_DEVNET: devnet.rpcUrl });
    const providers = new ChainProviders({
      rpcUrls: config.rpcUrls,
      timeoutMs: 5_000,
      registry: config.chains,
      defaultChainId: config.defaultChainId,
    });
    const book = new VaultAssetBook();
    const failures: { chainId: number; error: string }[] = [];
    try {
      await learnVaultAssets({
        providers,
        vaults: new Map([[31337, [vault.address, feeVault.address, cappedVault.address, dai.address]]]),
        book,
        onFailure: (f) => failures.push(f),
      });
    } finally {
      providers.destroy();
    }
    for (const v of [vault, feeVault, cappedVault]) {
      expect(book.assetOf({ chainId: 31337, vault: v.address })).toBe(usdcToken.address);
    }
    expect(book.assetOf({ chainId: 31337, vault: dai.address })).toBeNull();
    expect(failures).toEqual([{ chainId: 31337, error: `${dai.address} did not answer asset()` }]);
    // The asset of a vault never changes in the book.
    expect(book.learn({ chainId: 31337, vault: vault.address, asset: dai.address })).toBe(false);
    expect(book.assetOf({ chainId: 31337, vault: vault.address })).toBe(usdcToken.address);
  });
});

describe('POST /yield/compound held for the operator (G3): the approval is held with the deposit', () => {
  const tokens = () => new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]);
  /** The same database (the measured yield), on a new process holding every action for an operator. */
  async function restart(extra: Record<string, string> = {}) {
    await server.close();
    server = await startTestServer(
      { ...serverEnv, CONFIRM_MODE: 'all', APPROVAL_RESET_INTERVAL_MS: '300', ...extra },
      { swapTokens: tokens() },
    );
  }
  /** A held deposit of `amount` USDC: 202, and nothing approved or sent (allowance 0, the nonce exactly n0). */
  async function heldDeposit(amount: string, n0: number) {
    const vault = devnet.manifest.tokens.vault.address;
    // The new process reads its vaults' assets at start (a job): until it has, a deposit is refused — with nothing
    // sent, the nonce exactly unchanged (nothing is approved before the deposit is decided).
    const { status, body } = await until(
      'the held deposit',
      async () => {
        const answer = await compound({ vault, amount });
        if (answer.status !== 422) return answer;
        expect(answer.body).toMatchObject({ code: expect.any(String) });
        expect(await nonce()).toBe(n0);
        return undefined;
      },
      { ms: 15_000, intervalMs: 250 },
    );
    expect(status).toBe(202);
    expect(body).toMatchObject({
      approval: null,
      execution: { status: 'awaiting_confirmation', action: 'deposit' },
    });
    expect(await allowanceTo(vault)).toBe(0n);
    expect(await nonce()).toBe(n0);
    const queue = (await (
      await server.call('/confirmations?status=pending', {
        key: null,
        headers: { 'X-Operator-Key': TEST_OPERATOR_KEY },
      })
    ).json()) as { items: { id: string; executionId: string }[] };
    const held = queue.items.find((c) => c.executionId === body.execution?.id);
    expect(held).toBeDefined();
    return { confirmation: held?.id as string, execution: body.execution?.id as string };
  }
  /** Several beats of the resetter and of the held-actions job: nothing sent, nothing approved, nothing deposited. */
  async function nothingSent(n0: number, usdcBefore: bigint) {
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await nonce()).toBe(n0);
    expect(await allowanceTo(devnet.manifest.tokens.vault.address)).toBe(0n);
    expect(await usdcOf()).toBe(usdcBefore);
  }

  it('CONFIRM_MODE=all: held with nothing approved; approved by the operator → the approval, then the deposit (both confirmed)', async () => {
    await restart();
    const vault = devnet.manifest.tokens.vault.address;
    await mintUsdc(200n * E6);
    const n0 = await nonce();
    const usdcBefore = await usdcOf();
    const sharesBefore = await sharesOf(vault);
    const held = await heldDeposit('200', n0);
    const approved = await server.operator(`/confirmations/${held.confirmation}/approve`, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const page = (await (await server.call('/executions?limit=10')).json()) as {
      items: { id: string; action: string; status: string; nonce: number | null; txHash: string | null }[];
    };
    const approval = page.items.find((e) => e.action === 'approve' && e.nonce === n0);
    const deposit = page.items.find((e) => e.id === held.execution);
    expect(approval).toMatchObject({ status: 'confirmed' });
    expect(deposit).toMatchObject({ status: 'confirmed', nonce: n0 + 1 });
    const receipts = await Promise.all(
      [approval, deposit].map((e) => reader.getTransactionReceipt(e?.txHash as string)),
    );
    expect(receipts.map((r) => r?.status)).toEqual([1, 1]);
    expect(await nonce()).toBe(n0 + 2);
    expect(await usdcOf()).toBe(usdcBefore - 200n * E6);
    expect(await sharesOf(vault)).toBeGreaterThan(sharesBefore);
    expect(await allowanceTo(vault)).toBe(0n);
  });

  it('held, then denied: nothing was ever approved (allowance 0, nonce exactly unchanged)', async () => {
    await mintUsdc(100n * E6);
    const n0 = await nonce();
    const usdcBefore = await usdcOf();
    const held = await heldDeposit('100', n0);
    const denied = await server.operator(`/confirmations/${held.confirmation}/deny`, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(denied.status).toBe(200);
    await nothingSent(n0, usdcBefore);
  });

  it('held, then left to expire: nothing was ever approved (allowance 0, nonce exactly unchanged)', async () => {
    await restart({ CONFIRM_TTL_SECONDS: '1' });
    const n0 = await nonce();
    const usdcBefore = await usdcOf();
    const held = await heldDeposit('100', n0);
    await until(
      'the held deposit expired',
      async () => {
        const record = (await (await server.call(`/executions/${held.execution}`)).json()) as {
          code: string;
        };
        return record.code === 'CONFIRMATION_EXPIRED' ? true : undefined;
      },
      { ms: 20_000, intervalMs: 200 },
    );
    await nothingSent(n0, usdcBefore);
  });
});
