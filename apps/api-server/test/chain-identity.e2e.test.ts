import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referToDevnetBlocks } from './helpers/referToDevnetBlocks.js';
import { startTestServer, TEST_API_KEY, TEST_OPERATOR_KEY } from './helpers/startTestServer.js';

// Issue 32: a data directory made on one devnet, then the server started against another devnet (a new anvil: a
// different genesis). `pnpm start` (the real entry point) refuses, naming DATA_DIR and REBASE_CHAIN_DATA; with
// REBASE_CHAIN_DATA it starts.
let first: StartDevnetReturnType;
let second: StartDevnetReturnType;
const START = fileURLToPath(new URL('../dist/start.js', import.meta.url));

beforeAll(async () => {
  first = await startDevnet();
  second = await startDevnet();
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
});

describe('a DATA_DIR from another instance of the chain (issue 32)', () => {
  it('pnpm start refuses with a message naming DATA_DIR and REBASE_CHAIN_DATA; re-based when told', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-chain-identity-')), 'data');
    const onFirst = await startTestServer({ RPC_URL_DEVNET: first.rpcUrl, DATA_DIR: dataDir });
    // The data refers to blocks of the first devnet (an approval scan up to its head).
    await referToDevnetBlocks(onFirst, first);
    // The same chain again: it starts.
    await onFirst.close();
    const again = await startTestServer({ RPC_URL_DEVNET: first.rpcUrl, DATA_DIR: dataDir });
    await again.close();

    const env = {
      PATH: process.env.PATH ?? '',
      WEB3_API_KEY: TEST_API_KEY,
      WEB3_OPERATOR_KEY: TEST_OPERATOR_KEY,
      API_PORT: '0',
      DATA_DIR: dataDir,
      RPC_URL_DEVNET: second.rpcUrl,
      LOG_LEVEL: 'warn',
    };
    const refused = await promisify(execFile)(process.execPath, [START], { env, timeout: 30_000 }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(
      `DATA_DIR ${dataDir} holds records made on another instance of chain devnet`,
    );
    expect(refused?.stderr).toContain('REBASE_CHAIN_DATA=31337');

    const rebased = await startTestServer({
      RPC_URL_DEVNET: second.rpcUrl,
      DATA_DIR: dataDir,
      REBASE_CHAIN_DATA: '31337',
    });
    expect(rebased.logs()).toContain('chain data re-based on this chain instance');
    await rebased.close();
    // From now on the data belongs to the second devnet: it starts without being told.
    const after = await startTestServer({ RPC_URL_DEVNET: second.rpcUrl, DATA_DIR: dataDir });
    await after.close();
  });
});
