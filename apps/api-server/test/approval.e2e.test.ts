import { devnetTokenList } from '@org/chain-evm';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApprovalRevokeAllDto,
  ApprovalRevokeDto,
  ApprovalRiskReportDto,
  ApprovalScanDto,
  KnownProtocolsDto,
} from '../src/dto/approval.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { allowanceOf, granter, isOperator, MAX } from './helpers/approvalGrants.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// /approval/* end to end on the devnet, behind a JSON-RPC proxy that counts and can refuse. Approvals are granted
// directly on chain by the test; every effect is read from the chain with a separate provider.
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: ReturnType<typeof granter>;
const E18 = 10n ** 18n;

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[3]!;
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  wallet = granter(reader, account.privateKey);
  server = await startTestServer(
    {
      RPC_URL_DEVNET: proxy.url,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      RECEIPT_TIMEOUT_MS: '10000',
      RPC_TIMEOUT_MS: '2000',
      APPROVAL_REVOKE_MAX_PER_RUN: '1',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
  const { tokens, accounts, nfts } = devnet.manifest;
  // The mix: unlimited and exact, known and unknown spenders, an EOA, one set back to 0, an NFT operator.
  await wallet.call(tokens.usdc.address, 'mint', [wallet.address, 6_000_000_000n]);
  await wallet.approve(tokens.usdc.address, c.uniswapV2Router02, MAX);
  await wallet.approve(tokens.dai.address, c.uniswapV3SwapRouter, 250n * E18);
  await wallet.approve(tokens.wbtc.address, c.uniswapV3QuoterV2, MAX);
  await wallet.approve(tokens.usdc.address, accounts[7]!.address, 1_500_000_000n);
  await wallet.approve(tokens.dai.address, accounts[8]!.address, 9n * E18);
  await wallet.approve(tokens.dai.address, accounts[8]!.address, 0n);
  await wallet.call(nfts.collectible.address, 'mint', [wallet.address, 5n]);
  await wallet.setApprovalForAll(nfts.collectible.address, accounts[9]!.address, true);
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
});

const get = async <T>(path: string) => {
  const res = await server.call(path);
  return { status: res.status, body: (await res.json()) as T };
};
const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const key = (a: { token: { address: string }; spender: { address: string }; kind: string }) =>
  `${a.kind}:${a.token.address}:${a.spender.address}`;

describe('/approval on the devnet', () => {
  it('GET /approval/known-protocols: the deployed routers on the devnet; the built-in list on Ethereum', async () => {
    const c = devnet.manifest.contracts;
    const devnetList = await get<KnownProtocolsDto>('/approval/known-protocols?chain=devnet');
    expect(devnetList.status).toBe(200);
    expect(devnetList.body.protocols).toEqual([
      { address: c.uniswapV2Router02, name: 'Uniswap V2: Router02' },
      { address: c.uniswapV3SwapRouter, name: 'Uniswap V3: SwapRouter' },
    ]);
    const ethereum = await get<KnownProtocolsDto>('/approval/known-protocols?chain=ethereum');
    expect(ethereum.body.protocols.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'Uniswap Permit2',
        'Uniswap: Universal Router (v2)',
        '1inch: Aggregation Router V6',
      ]),
    );
    expect((await get('/approval/known-protocols?chain=dogechain')).status).toBe(422);
  });

  it('GET /approval/scan lists exactly the live approvals with exact amounts (chain read directly agrees)', async () => {
    const { tokens, accounts, nfts, contracts: c } = devnet.manifest;
    // A spender uses part of its allowance (no Approval log on OpenZeppelin 5): the scan reads the truth.
    await granter(reader, accounts[7]!.privateKey).call(tokens.usdc.address, 'transferFrom', [
      wallet.address,
      accounts[7]!.address,
      500_000_000n,
    ]);
    const { status, body } = await get<ApprovalScanDto>('/approval/scan?fromBlock=0');
    expect(status).toBe(200);
    expect(body.owner).toBe(wallet.address);
    const view = Object.fromEntries(
      body.approvals.map((a) => [
        key(a),
        { allowance: a.allowance, unlimited: a.unlimited, name: a.spender.name },
      ]),
    );
    expect(view).toEqual({
      [`erc20:${tokens.usdc.address}:${c.uniswapV2Router02}`]: {
        allowance: {
          amount: '115792089237316195423570985008687907853269984665640564039457584007913129.639935',
          amountBase: MAX.toString(),
        },
        unlimited: true,
        name: 'Uniswap V2: Router02',
      },
      [`erc20:${tokens.dai.address}:${c.uniswapV3SwapRouter}`]: {
        allowance: { amount: '250.0', amountBase: (250n * E18).toString() },
        unlimited: false,
        name: 'Uniswap V3: SwapRouter',
      },
      [`erc20:${tokens.wbtc.address}:${c.uniswapV3QuoterV2}`]: {
        allowance: {
          amount: '1157920892373161954235709850086879078532699846656405640394575840079131.29639935',
          amountBase: MAX.toString(),
        },
        unlimited: true,
        name: null,
      },
      [`erc20:${tokens.usdc.address}:${accounts[7]!.address}`]: {
        allowance: { amount: '1000.0', amountBase: '1000000000' },
        unlimited: false,
        name: null,
      },
      [`operator:${nfts.collectible.address}:${accounts[9]!.address}`]: {
        allowance: null,
        unlimited: true,
        name: null,
      },
    });
    for (const a of body.approvals.filter((x) => x.kind === 'erc20')) {
      expect((await allowanceOf(reader, a.token.address, wallet.address, a.spender.address)).toString()).toBe(
        a.allowance?.amountBase,
      );
    }
    expect(await isOperator(reader, nfts.collectible.address, wallet.address, accounts[9]!.address)).toBe(
      true,
    );
    expect(body.unreadable).toEqual([]);
    expect(body.fromBlock).toBe(0);
    expect(body.toBlock).toBe(body.blockNumber);
  });

  it('GET /approval/risk orders them as documented (worst first), with factors and prices', async () => {
    const { tokens, accounts, nfts, contracts: c } = devnet.manifest;
    const { status, body } = await get<ApprovalRiskReportDto>('/approval/risk');
    expect(status).toBe(200);
    const ranked = body.approvals.map((a) => [key(a), a.score, a.level, a.factors.map((f) => f.factor)]);
    expect(ranked).toEqual([
      // NFT operator to an EOA, never priced: 30 + 20 + 30 + 15.
      [
        `operator:${nfts.collectible.address}:${accounts[9]!.address}`,
        95,
        'critical',
        ['unlimited', 'unknown_spender', 'spender_without_code', 'value_at_risk_unknown'],
      ],
      // 1,000 USDC (≈0.33 ETH) to an unknown EOA: 20 + 30 + 15.
      [
        `erc20:${tokens.usdc.address}:${accounts[7]!.address}`,
        65,
        'high',
        ['unknown_spender', 'spender_without_code', 'value_at_risk_medium'],
      ],
      // Unlimited USDC to the V2 router, 5,500 USDC (≈1.8 ETH) exposed: 30 + 25.
      [
        `erc20:${tokens.usdc.address}:${c.uniswapV2Router02}`,
        55,
        'high',
        ['unlimited', 'value_at_risk_high'],
      ],
      // Unlimited WBTC to an unknown contract, no WBTC held (0 at risk, known): 30 + 20.
      [`erc20:${tokens.wbtc.address}:${c.uniswapV3QuoterV2}`, 50, 'high', ['unlimited', 'unknown_spender']],
      // An exact DAI allowance to the V3 router, no DAI held.
      [`erc20:${tokens.dai.address}:${c.uniswapV3SwapRouter}`, 0, 'low', []],
    ]);
    const router = body.approvals[2]!;
    expect(router.balance?.amountBase).toBe('5500000000');
    expect(BigInt(router.valueAtRisk?.wei ?? '0')).toBeGreaterThan(18n * 10n ** 17n);
    expect(body.approvals[0]?.valueAtRisk).toBeNull();
    expect(body.approvals[3]?.valueAtRisk).toEqual({ eth: '0', wei: '0' });
    expect(body.summary).toMatchObject({
      totalValueAtRisk: null,
      pricedValueAtRisk: router.valueAtRisk,
      unpricedTokens: 0,
      operatorCollections: 1,
      counts: { critical: 1, high: 3, medium: 0, low: 1 },
      maxAgeDays: 180,
    });
    expect(body.factorPoints.unlimited).toBe(30);
  });

  it('POST /approval/revoke: approve(spender, 0) mined, allowance 0 on chain, a rescan agrees; nothing to revoke → 409', async () => {
    const { tokens, accounts } = devnet.manifest;
    const spender = accounts[7]!.address;
    const committed = async () =>
      BigInt(
        ((await (await server.call('/governor/status')).json()) as GovernorStatusDto).spent.daily.committed
          .wei,
      );
    const before = await committed();
    const revoked = await post<ApprovalRevokeDto>('/approval/revoke', {
      token: tokens.usdc.address,
      spender,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      kind: 'erc20',
      execution: { status: 'confirmed', action: 'revoke' },
      before: { allowance: '1000000000' },
      after: { allowance: '0', approvedForAll: null },
    });
    expect((await reader.getTransactionReceipt(revoked.body.execution.txHash as string))?.status).toBe(1);
    expect(await allowanceOf(reader, tokens.usdc.address, wallet.address, spender)).toBe(0n);
    const rescan = await get<ApprovalScanDto>('/approval/scan');
    expect(rescan.body.approvals.some((a) => a.spender.address === spender)).toBe(false);
    // The governor was charged the fee, nothing more.
    const fee = BigInt(revoked.body.execution.fee?.wei ?? '0');
    expect(fee).toBeGreaterThan(0n);
    expect((await committed()) - before).toBe(fee);

    const nonce = await reader.getTransactionCount(wallet.address);
    const again = await post<{ code: string }>('/approval/revoke', { token: tokens.usdc.address, spender });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOTHING_TO_REVOKE');
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce);
  });

  it('bad input → 422, nothing sent', async () => {
    const nonce = await reader.getTransactionCount(wallet.address);
    for (const body of [
      { token: '0x1234', spender: devnet.manifest.accounts[7]!.address },
      { token: devnet.manifest.tokens.usdc.address },
      {
        token: devnet.manifest.tokens.usdc.address,
        spender: devnet.manifest.accounts[7]!.address,
        kind: 'nft',
      },
      { token: devnet.manifest.tokens.usdc.address, spender: devnet.manifest.accounts[7]!.address, extra: 1 },
    ]) {
      expect((await post('/approval/revoke', body)).status).toBe(422);
    }
    expect((await get('/approval/scan?fromBlock=-1')).status).toBe(422);
    expect((await get('/approval/scan?owner=0x12')).status).toBe(422);
    expect((await get('/approval/scan?fromBlock=999999999')).status).toBe(422);
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce);
  });

  it('kill switch on → POST /approval/revoke-all-unlimited and /approval/revoke answer 403, nothing sent', async () => {
    const { tokens, contracts: c } = devnet.manifest;
    await server.call('/governor/kill', { method: 'POST' });
    try {
      const nonce = await reader.getTransactionCount(wallet.address);
      const all = await post<{ code: string }>('/approval/revoke-all-unlimited', {});
      expect(all.status).toBe(403);
      expect(all.body.code).toBe('KILL_SWITCH_ENGAGED');
      const one = await post<{ code: string }>('/approval/revoke', {
        token: tokens.usdc.address,
        spender: c.uniswapV2Router02,
      });
      expect(one.status).toBe(403);
      expect(one.body.code).toBe('KILL_SWITCH_ENGAGED');
      expect(await reader.getTransactionCount(wallet.address)).toBe(nonce);
      expect(await allowanceOf(reader, tokens.usdc.address, wallet.address, c.uniswapV2Router02)).toBe(MAX);
    } finally {
      expect((await server.operator('/governor/unkill')).status).toBe(200);
    }
  });

  it('POST /approval/revoke-all-unlimited: no unlimited approval left, exact ones untouched, in nonce order; Idempotency-Key replays', async () => {
    const { tokens, accounts, nfts, contracts: c } = devnet.manifest;
    const nonce = await reader.getTransactionCount(wallet.address);
    const first = await post<ApprovalRevokeAllDto>(
      '/approval/revoke-all-unlimited',
      {},
      { 'Idempotency-Key': 'all-1' },
    );
    expect(first.status).toBe(200);
    // At most APPROVAL_REVOKE_MAX_PER_RUN (1 here) sent; the NFT collection is on no token list and was never
    // approved through the gateway: listed for the operator, nothing sent to it (G10).
    expect(first.body.counts).toEqual({ confirmed: 1, pending: 0, blocked: 0, failed: 0, skipped: 2 });
    expect(first.body.results.map((r) => [r.token.address, r.outcome, r.code])).toEqual(
      expect.arrayContaining([
        [nfts.collectible.address, 'skipped', 'REVOKE_TOKEN_UNLISTED'],
        [expect.any(String), 'skipped', 'REVOKE_RUN_LIMIT'],
        [expect.any(String), 'confirmed', null],
      ]),
    );
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce + 1);
    const second = await post<ApprovalRevokeAllDto>('/approval/revoke-all-unlimited', {});
    expect(second.body.counts).toEqual({ confirmed: 1, pending: 0, blocked: 0, failed: 0, skipped: 1 });
    const nonces = [...first.body.results, ...second.body.results].flatMap((r) =>
      r.execution ? [r.execution.nonce] : [],
    );
    expect(nonces).toEqual([nonce, nonce + 1]);
    expect(await allowanceOf(reader, tokens.usdc.address, wallet.address, c.uniswapV2Router02)).toBe(0n);
    expect(await allowanceOf(reader, tokens.wbtc.address, wallet.address, c.uniswapV3QuoterV2)).toBe(0n);
    expect(await isOperator(reader, nfts.collectible.address, wallet.address, accounts[9]!.address)).toBe(
      true,
    );
    const single = await post<{ code: string }>('/approval/revoke', {
      token: nfts.collectible.address,
      spender: accounts[9]!.address,
    });
    expect(single.status).toBe(422);
    expect(single.body.code).toBe('REVOKE_TOKEN_UNLISTED');
    // The exact approval is untouched.
    expect(await allowanceOf(reader, tokens.dai.address, wallet.address, c.uniswapV3SwapRouter)).toBe(
      250n * E18,
    );
    const rescan = await get<ApprovalScanDto>('/approval/scan');
    expect(rescan.body.approvals.filter((a) => a.unlimited).map(key)).toEqual([
      `operator:${nfts.collectible.address}:${accounts[9]!.address}`,
    ]);
    // A repeat with the same key answers the first result and sends nothing.
    const again = await post<ApprovalRevokeAllDto>(
      '/approval/revoke-all-unlimited',
      {},
      { 'Idempotency-Key': 'all-1' },
    );
    expect(again.body).toEqual(first.body);
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce + 2);
    // Nothing revocable left: only the unlisted collection, listed, nothing sent.
    const empty = await post<ApprovalRevokeAllDto>('/approval/revoke-all-unlimited', {});
    expect(empty.status).toBe(200);
    expect(empty.body.counts).toEqual({ confirmed: 0, pending: 0, blocked: 0, failed: 0, skipped: 1 });
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce + 2);
  });
});

describe('/approval/scan against a node with limits', () => {
  const other = () => devnet.manifest.accounts[6]!;
  beforeAll(async () => {
    const g = granter(reader, other().privateKey);
    const { usdc, dai, wbtc } = devnet.manifest.tokens;
    for (const [i, token] of [usdc, dai, wbtc].entries()) {
      for (const spender of devnet.manifest.accounts.slice(0, 3)) {
        await g.approve(token.address, spender.address, BigInt(100 + i));
      }
    }
  });

  it('a node refusing eth_getLogs over 5 blocks, then over 2 results: the scans of any owner are still complete', async () => {
    const baseline = await get<ApprovalScanDto>(
      `/approval/scan?owner=${other().address}&fromBlock=0&chain=devnet`,
    );
    expect(baseline.body.approvals).toHaveLength(9);
    const range = (r: { params: readonly unknown[] }) => {
      const p = r.params[0] as { fromBlock: string; toBlock: string };
      return { from: Number(p.fromBlock), to: Number(p.toBlock) };
    };
    // A fresh server per limit: its own (empty) scan store, so the first scan reads the whole chain again.
    for (const refuse of [
      (r: { params: readonly unknown[] }) => range(r).to - range(r).from + 1 > 5,
      (r: { params: readonly unknown[] }) => {
        const { from, to } = range(r);
        return (
          baseline.body.approvals.filter(
            (a) => a.lastApproval.blockNumber >= from && a.lastApproval.blockNumber <= to,
          ).length > 2
        );
      },
    ]) {
      const fresh = await startTestServer({
        RPC_URL_DEVNET: proxy.url,
        UNISWAP_V2_DEVNET: `${devnet.manifest.contracts.uniswapV2Router02},${devnet.manifest.contracts.uniswapV2Factory},${devnet.manifest.contracts.weth}`,
        RPC_TIMEOUT_MS: '2000',
      });
      proxy.intercept = (r) =>
        r.method === 'eth_getLogs' && refuse(r)
          ? { error: { code: -32005, message: 'query exceeds the limit' } }
          : undefined;
      try {
        const limited = await fresh.call(`/approval/scan?owner=${other().address}&fromBlock=0`);
        expect(limited.status).toBe(200);
        const body = (await limited.json()) as ApprovalScanDto;
        expect(body.approvals.map(key).sort()).toEqual(baseline.body.approvals.map(key).sort());
        expect(body.stats.logRefusals).toBeGreaterThan(0);
      } finally {
        proxy.intercept = undefined;
        await fresh.close();
      }
    }
  });

  it('incremental: a second scan after K new blocks asks eth_getLogs only for those K blocks', async () => {
    const first = await get<ApprovalScanDto>(`/approval/scan?owner=${other().address}`);
    const K = 3;
    await reader.send('anvil_mine', [`0x${K.toString(16)}`]);
    proxy.reset();
    const second = await get<ApprovalScanDto>(`/approval/scan?owner=${other().address}`);
    const asked = proxy.requests
      .filter((r) => r.method === 'eth_getLogs')
      .map((r) => r.params[0] as { fromBlock: string; toBlock: string });
    expect(asked.map((p) => [Number(p.fromBlock), Number(p.toBlock)])).toEqual([
      [first.body.blockNumber + 1, first.body.blockNumber + K],
    ]);
    expect(second.body.scannedRanges).toEqual([
      { fromBlock: first.body.blockNumber + 1, toBlock: first.body.blockNumber + K },
    ]);
    expect(second.body.approvals).toEqual(first.body.approvals);
  });

  it('a node that keeps refusing → 502 LOG_SCAN_FAILED; a node that is down → 503 RPC_UNAVAILABLE; never a partial list', async () => {
    const owner = devnet.manifest.accounts[1]!.address;
    proxy.intercept = (r) =>
      r.method === 'eth_getLogs' ? { error: { code: -32000, message: 'refused' } } : undefined;
    try {
      const refused = await get<{ code: string }>(`/approval/scan?owner=${owner}&fromBlock=0`);
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('LOG_SCAN_FAILED');
    } finally {
      proxy.intercept = undefined;
    }
    proxy.down = true;
    try {
      const down = await get<{ code: string }>(`/approval/scan?owner=${owner}&fromBlock=0`);
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('RPC_UNAVAILABLE');
    } finally {
      proxy.down = false;
    }
  });
});
