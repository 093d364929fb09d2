import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRevokeAllDto } from '../src/dto/approval.js';
import { allowanceOf, granter, MAX } from './helpers/approvalGrants.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// The kill switch engaged in the middle of POST /approval/revoke-all-unlimited stops the remainder: it is engaged
// while the second revoke's confirmation is pending, so the governor refuses that one and nothing after it is sent.
let devnet: StartDevnetReturnType;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: ReturnType<typeof granter>;
let confirmations = 0;

beforeAll(async () => {
  devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[4]!;
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  wallet = granter(reader, account.privateKey);
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      WALLET_PRIVATE_KEY: account.privateKey,
      RECEIPT_TIMEOUT_MS: '10000',
    },
    {
      swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
      confirmFn: async () => {
        confirmations++;
        if (confirmations === 2) await server.services.governor.kill();
        return true;
      },
    },
  );
  const { usdc, dai, wbtc } = devnet.manifest.tokens;
  for (const token of [usdc, dai, wbtc]) await wallet.approve(token.address, c.uniswapV2Router02, MAX);
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

describe('POST /approval/revoke-all-unlimited and the kill switch', () => {
  it('engaged during the run: the first revoke is confirmed, the second blocked before signing, the third skipped', async () => {
    const router = devnet.manifest.contracts.uniswapV2Router02;
    const nonce = await reader.getTransactionCount(wallet.address);
    const res = await server.call('/approval/revoke-all-unlimited', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'devnet' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApprovalRevokeAllDto;
    expect(body.results.map((r) => [r.outcome, r.code])).toEqual([
      ['confirmed', null],
      ['blocked', 'KILL_SWITCH_ENGAGED'],
      ['skipped', 'KILL_SWITCH_ENGAGED'],
    ]);
    expect(body.counts).toEqual({ confirmed: 1, pending: 0, blocked: 1, failed: 0, skipped: 1 });
    // Exactly one transaction reached the chain; the other two allowances are still unlimited.
    expect(await reader.getTransactionCount(wallet.address)).toBe(nonce + 1);
    const left = await Promise.all(
      body.results.map((r) => allowanceOf(reader, r.token.address, wallet.address, router)),
    );
    expect(left).toEqual([0n, MAX, MAX]);
    expect(confirmations).toBe(2);
  });
});
