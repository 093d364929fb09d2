// Child process for the consistent-read test: reserves and settles on its own connection until told to stop.
import Database from 'better-sqlite3';
import { Governor } from '../Governor.js';
import { SqliteSpendLedger } from '../sqlite/SqliteSpendLedger.js';

process.on('disconnect', () => process.exit(1));

const [file] = process.argv.slice(2) as [string];
const database = new Database(file, { timeout: 20_000 });
const governor = new Governor({
  ledger: new SqliteSpendLedger({ database }),
  sessionId: 'writer',
  policy: { maxPerTx: 10n ** 18n, dailyLimit: 10n ** 24n, sessionLimit: 10n ** 24n },
});
let stop = false;
let writes = 0;
process.on('message', () => {
  stop = true;
});
process.send?.({ type: 'ready' });
while (!stop) {
  // Several reservations open at once, then settled one by one: the open list and the sums move on every write.
  const ids: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const decision = await governor.reserve({
      action: 'swap',
      value: BigInt(i) * 1000n + BigInt(writes % 7),
    });
    ids.push(decision.reservationId as string);
    writes++;
  }
  for (const [i, id] of ids.entries()) {
    if (i % 2 === 0) await governor.commit({ id });
    else await governor.release({ id });
    writes++;
  }
  await new Promise((resolve) => setImmediate(resolve));
}
database.close();
process.send?.({ type: 'done', writes }, () => process.disconnect());
