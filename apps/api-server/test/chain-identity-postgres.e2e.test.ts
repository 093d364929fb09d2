import {
  createTestDatabase,
  type CreateTestDatabaseReturnType,
  type StartDevnetReturnType,
  startDevnet,
} from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referToDevnetBlocks } from './helpers/referToDevnetBlocks.js';
import { startTestServer } from './helpers/startTestServer.js';

// Issue 32 on PostgreSQL: the data in DATABASE_URL was made on one devnet; an instance started against another devnet
// (a new anvil: the same genesis, the positions tell them apart) is refused, naming DATABASE_URL and
// REBASE_CHAIN_DATA (never the URL itself); with REBASE_CHAIN_DATA it starts, and from then on without it.
let first: StartDevnetReturnType;
let second: StartDevnetReturnType;
let database: CreateTestDatabaseReturnType;

beforeAll(async () => {
  first = await startDevnet();
  second = await startDevnet();
  database = await createTestDatabase({ prefix: 'api_chain_identity' });
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

describe('chain identity on PostgreSQL (DATABASE_URL)', () => {
  it('an instance on another instance of the chain is refused at start; re-based when told', async () => {
    const onFirst = await startTestServer({ RPC_URL_DEVNET: first.rpcUrl, DATABASE_URL: database.url });
    // The data refers to blocks of the first devnet (an approval scan up to its head).
    await referToDevnetBlocks(onFirst, first);
    // A second instance on the same chain starts (the check matches).
    const again = await startTestServer({ RPC_URL_DEVNET: first.rpcUrl, DATABASE_URL: database.url });
    await Promise.all([onFirst.close(), again.close()]);

    const refused = await startTestServer({ RPC_URL_DEVNET: second.rpcUrl, DATABASE_URL: database.url }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toContain(
      'The PostgreSQL database of DATABASE_URL holds records made on another instance of chain devnet (31337)',
    );
    expect(refused?.message).toContain('REBASE_CHAIN_DATA=31337');
    expect(refused?.message).not.toContain(database.url);

    const rebased = await startTestServer({
      RPC_URL_DEVNET: second.rpcUrl,
      DATABASE_URL: database.url,
      REBASE_CHAIN_DATA: '31337',
    });
    expect(rebased.logs()).toContain('chain data re-based on this chain instance');
    await rebased.close();
    const after = await startTestServer({ RPC_URL_DEVNET: second.rpcUrl, DATABASE_URL: database.url });
    await after.close();
  }, 120_000);
});
