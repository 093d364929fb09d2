import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalScanDto } from '../src/dto/approval.js';
import type { HealthDto } from '../src/dto/wallet.js';
import { granter } from './helpers/approvalGrants.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 32 over HTTP: the approval scan's stored coverage is checked against the chain. An approval is granted and
// scanned, its block is reorganized away (anvil_rollback) and another approval is mined in its place: the next scan
// reports the new one, publishes `chain.reorg`, and /health is `degraded` while the re-scan runs.
const ACCOUNT = 4;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let proxy: RpcProxy;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  server = await startTestServer({
    RPC_URL_DEVNET: proxy.url,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
  });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  reader?.destroy();
  await devnet?.stop();
});

const scan = async () => (await (await server.call('/approval/scan')).json()) as ApprovalScanDto;
const health = async () => (await (await server.call('/health', { key: null })).json()) as HealthDto;

describe('an approval scanned, then reorganized away (issue 32)', () => {
  it('the next scan reports the approval mined in its place, not the old one; chain.reorg published; /health degraded meanwhile', async () => {
    const { accounts, tokens } = devnet.manifest;
    const owner = devnet.manifest.accounts[ACCOUNT]!;
    await granter(reader, owner.privateKey).approve(tokens.usdc.address, accounts[1]!.address, 111n);
    const first = await scan();
    expect(first.approvals.map((a) => [a.spender.address, a.allowance?.amountBase])).toEqual([
      [accounts[1]!.address, '111'],
    ]);
    expect((await health()).status).toBe('ok');

    await reader.send('anvil_rollback', [1]);
    await granter(reader, owner.privateKey).approve(tokens.usdc.address, accounts[2]!.address, 222n);
    await reader.send('anvil_mine', ['0x2']);

    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.some((e) => e.event === 'chain.reorg'),
      30_000,
    );
    await opened;
    // The re-scan's log reads are held until /health has been asked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let logReads = 0;
    proxy.intercept = (r) => {
      if (r.method !== 'eth_getLogs') return undefined;
      logReads++;
      return { until: held };
    };
    const rescanning = scan();
    await until('the re-scan to read logs', async () => (logReads > 0 ? true : undefined));
    // /health answers are reused for 2 s: ask after that.
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await health()).toMatchObject({ status: 'degraded', checks: { rescans: 1 } });
    release();
    const after = await rescanning;
    proxy.intercept = undefined;
    expect(after.approvals.map((a) => [a.spender.address, a.allowance?.amountBase])).toEqual([
      [accounts[2]!.address, '222'],
    ]);
    const { events } = await reading;
    const reorg = JSON.parse(events.find((e) => e.event === 'chain.reorg')?.data ?? '{}') as {
      data: Record<string, unknown>;
    };
    expect(reorg.data).toMatchObject({
      scope: 'approval-scan',
      chainId: 31337,
      owner: owner.address,
      reason: 'hash-mismatch',
      coveredTo: first.blockNumber,
    });
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await health()).toMatchObject({ status: 'ok', checks: { rescans: 0 } });
  });
});
