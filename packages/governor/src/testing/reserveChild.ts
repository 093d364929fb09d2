// Child process for the cross-process concurrency test: one better-sqlite3 connection, one Governor.
import Database from 'better-sqlite3';
import { Governor } from '../Governor.js';
import { SqliteSpendLedger } from '../sqlite/SqliteSpendLedger.js';

process.on('disconnect', () => process.exit(1));

const [file, count, value, sessionId, dailyLimit, sessionLimit] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const database = new Database(file, { timeout: 20_000 });
const governor = new Governor({
  ledger: new SqliteSpendLedger({ database }),
  sessionId,
  policy: { maxPerTx: BigInt(value), dailyLimit: BigInt(dailyLimit), sessionLimit: BigInt(sessionLimit) },
});
process.send?.({ type: 'ready' });
process.once('message', async () => {
  const decisions = await Promise.all(
    Array.from({ length: Number(count) }, async (_, i) => {
      // Spread the burst over macrotasks so the processes really interleave on the database lock.
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      return governor.reserve({ action: 'swap', value: BigInt(value) });
    }),
  );
  const allowed = decisions.filter((d) => d.allowed).length;
  const codes = [...new Set(decisions.filter((d) => !d.allowed).map((d) => d.code))];
  database.close();
  process.send?.({ type: 'done', allowed, codes }, () => process.disconnect());
});
