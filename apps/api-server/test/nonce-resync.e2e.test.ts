import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRevokeDto } from '../src/dto/approval.js';
import type { ExecutionDto, ExecutionPageDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { allowanceOf, granter } from './helpers/approvalGrants.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Issue 32: someone else uses the wallet's key. A transaction sent from the same key outside the server (Foundry's
// `cast send`) takes the nonce the server would have used next; every request after it must still go through, each
// signed once at a nonce of its own. Every effect is read from the chain directly.
const ACCOUNT = 5;
const CAST = fileURLToPath(new URL('../../../node_modules/.bin/cast', import.meta.url));
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  server = await startTestServer(swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT), {
    swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
  });
});
afterAll(async () => {
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

const post = async <T>(path: string, body: unknown): Promise<{ status: number; body: T }> => {
  const res = await server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const swap = () =>
  post<SwapExecutionDto>('/swap/execute', {
    tokenIn: 'ETH',
    tokenOut: devnet.manifest.tokens.usdc.address,
    amountIn: '0.001',
  });

describe('a transaction sent from the wallet’s key outside the server (issue 32)', () => {
  it('the next 5 swaps and 5 revokes all go through, each nonce signed once, no reservation left, the resync published', async () => {
    const account = devnet.manifest.accounts[ACCOUNT]!;
    const usdc = devnet.manifest.tokens.usdc.address;
    const spenders = [1, 2, 3, 4, 6].map((i) => devnet.manifest.accounts[i]!.address);
    // Allowances to revoke, granted on chain directly (not through the server) before it sends anything.
    const owner = granter(reader, account.privateKey);
    for (const spender of spenders) await owner.approve(usdc, spender, 1_000n);

    // The server has sent before: its nonce manager counts on from what it knows.
    const first = await swap();
    expect(first.status).toBe(200);
    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.some((e) => e.event === 'execution.nonce-resynced'),
      60_000,
    );
    await opened;

    // Someone else sends from the same key.
    const before = await reader.getTransactionCount(account.address, 'latest');
    const { stdout } = await promisify(execFile)(CAST, [
      'send',
      '--rpc-url',
      devnet.rpcUrl,
      '--private-key',
      account.privateKey,
      '--json',
      account.address,
    ]);
    const outside = JSON.parse(stdout) as { transactionHash: string; status: string };
    expect(outside.status).toBe('0x1');
    const outsideNonce = (await reader.getTransaction(outside.transactionHash))?.nonce;
    expect(outsideNonce).toBe(before);

    const answers: { status: number; execution: ExecutionDto }[] = [];
    for (let i = 0; i < 5; i++) {
      const swapped = await swap();
      answers.push({ status: swapped.status, execution: swapped.body.execution });
      const revoked = await post<ApprovalRevokeDto>('/approval/revoke', {
        token: usdc,
        spender: spenders[i],
      });
      answers.push({ status: revoked.status, execution: revoked.body.execution });
    }
    expect(answers.map((a) => [a.status, a.execution.status])).toEqual(
      Array.from({ length: 10 }, () => [200, 'confirmed']),
    );
    for (const spender of spenders)
      expect(await allowanceOf(reader, usdc, account.address, spender)).toBe(0n);

    // On chain: each answer's hash is mined from the wallet, at a nonce of its own, none the outside one's.
    const mined = await Promise.all(
      [first.body.execution, ...answers.map((a) => a.execution)].map(async (e) => {
        const receipt = await reader.getTransactionReceipt(e.txHash as string);
        const tx = await reader.getTransaction(e.txHash as string);
        expect(receipt?.status).toBe(1);
        expect(tx?.from).toBe(account.address);
        return tx!.nonce;
      }),
    );
    expect(new Set(mined).size).toBe(mined.length);
    expect(mined).not.toContain(outsideNonce);

    // The records: no nonce signed twice with different bytes (one hash per nonce over every execution).
    const page = (await (await server.call('/executions?limit=100')).json()) as ExecutionPageDto;
    const hashesByNonce = new Map<number, Set<string>>();
    for (const e of page.items)
      for (const t of e.transactions)
        hashesByNonce.set(t.nonce, (hashesByNonce.get(t.nonce) ?? new Set()).add(t.hash));
    expect([...hashesByNonce.values()].filter((s) => s.size > 1)).toEqual([]);
    expect(page.items.filter((e) => e.status !== 'confirmed')).toEqual([]);

    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);

    const { events } = await reading;
    const resync = events.find((e) => e.event === 'execution.nonce-resynced');
    expect(JSON.parse(resync?.data ?? '{}')).toMatchObject({
      type: 'execution.nonce-resynced',
      data: {
        refused: outsideNonce,
        chainPending: outsideNonce! + 1,
        chainLatest: outsideNonce! + 1,
        next: outsideNonce! + 1,
      },
    });
  });
});
