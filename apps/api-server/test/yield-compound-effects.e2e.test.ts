import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  erc4626Abi,
  mintToken,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  waitMined,
} from '@org/devnet';
import { Contract, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YieldOpportunitiesDto } from '../src/dto/yield.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// G9 / M9: a deposit's shares are checked on the simulation of the exact deposit, before it is signed — not only on
// the receipt, once the assets are gone. POST /yield/compound over HTTP on the devnet through a JSON-RPC proxy that
// holds the deposit's simulation until a donation (which lowers the shares per asset) is mined: the share price moved
// between the pre-flight and the signature. Every effect is read on chain with a separate provider.
const E6 = 1_000_000n;
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;

const usdc = () => new Contract(devnet.manifest.tokens.usdc.address, erc20Abi, reader);
const vaultAt = (address: string) => new Contract(address, erc4626Abi, reader);

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  reader = devnetReader(devnet);
  const t = devnet.manifest.tokens;
  wallet = devnet.manifest.accounts[6]!.address;
  server = await startTestServer(
    {
      ...swapServerEnv(devnet, proxy.url, 6),
      DEFAULT_CHAIN: 'devnet',
      PORTFOLIO_USD_TOKEN_DEVNET: t.usdc.address,
      YIELD_VAULTS_DEVNET: t.vault.address,
      YIELD_SAMPLE_INTERVAL_SECONDS: '1',
      GOVERNOR_MAX_PER_TX: '0.1',
      GOVERNOR_DAILY_LIMIT: '10',
      GOVERNOR_SESSION_LIMIT: '10',
      YIELD_COMPOUND_HORIZON_DAYS: '365',
      // Two samples a day apart are the history a compound needs here (the rate needs what the ranking needs).
      YIELD_MIN_HISTORY_DAYS: '1',
      RPC_TIMEOUT_MS: '5000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
  // The vault's yield, measured by the server: one sample, a day later a 0.1% donation, a second sample.
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
  await proxy?.close();
  await devnet?.stop();
});

/** The target of a simulated or estimated call, whichever method carries it. */
function targetOf(method: string, params: readonly unknown[]): string | undefined {
  const first = params[0] as { to?: string; blockStateCalls?: { calls?: { to?: string }[] }[] } | undefined;
  // The last call is the deposit (an approval it needs is simulated before it, in the same block).
  if (method === 'eth_simulateV1') return first?.blockStateCalls?.[0]?.calls?.at(-1)?.to;
  if (method === 'eth_estimateGas' || method === 'debug_traceCall') return first?.to;
  return undefined;
}

describe('POST /yield/compound: the shares are checked before the deposit is signed', () => {
  it('the share price drops between the pre-flight and the signature → 422 EFFECT_SHORTFALL; the USDC never leaves the wallet', async () => {
    const { vault, usdc: usdcToken } = devnet.manifest.tokens;
    const donorAddress = devnet.manifest.accounts[7]!.address;
    const donor = new Wallet(devnet.manifest.accounts[7]!.privateKey, reader);
    await mintToken({ devnet, token: usdcToken, to: donorAddress, amount: 20_000n * E6 });
    await mintToken({ devnet, token: usdcToken, to: wallet, amount: 50n * E6 });
    const usdcBefore = (await usdc().getFunction('balanceOf')(wallet)) as bigint;
    const sharesBefore = (await vaultAt(vault.address).getFunction('balanceOf')(wallet)) as bigint;
    const nonceBefore = await reader.getTransactionCount(wallet, 'pending');
    let donated = false;
    const donate = async () => {
      const tx = await new Contract(usdcToken.address, erc20Abi, donor).getFunction('transfer')(
        vault.address,
        20_000n * E6,
      );
      await waitMined({ provider: reader, hash: tx.hash });
    };
    // The deposit's simulation (whichever method the gateway uses) waits for the donation to be mined.
    proxy.intercept = (r) => {
      if (donated || targetOf(r.method, r.params)?.toLowerCase() !== vault.address.toLowerCase())
        return undefined;
      donated = true;
      return { until: donate() };
    };
    try {
      const res = await server.call('/yield/compound', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ vault: vault.address, amount: '50' }),
      });
      const body = (await res.json()) as { code?: string; detail?: string; executionId?: string };
      expect(donated).toBe(true);
      expect(res.status).toBe(422);
      expect(body.code).toBe('EFFECT_SHORTFALL');
      expect(body.detail).toContain(vault.address.toLowerCase());
      // Nothing deposited: the wallet still holds its USDC and no new share.
      expect((await usdc().getFunction('balanceOf')(wallet)) as bigint).toBe(usdcBefore);
      expect((await vaultAt(vault.address).getFunction('balanceOf')(wallet)) as bigint).toBe(sharesBefore);
      // Simulated with its approval, before anything was sent: nothing approved, no transaction at all.
      expect(await reader.getTransactionCount(wallet, 'pending')).toBe(nonceBefore);
      expect((await usdc().getFunction('allowance')(wallet, vault.address)) as bigint).toBe(0n);
      const record = (await (await server.call(`/executions/${body.executionId}`)).json()) as {
        status: string;
        action: string;
        txHash: string | null;
      };
      expect(record).toMatchObject({ status: 'blocked', action: 'deposit', txHash: null });
    } finally {
      proxy.intercept = undefined;
    }
  });
});
