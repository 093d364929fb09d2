// A bot's spend governor on the persistent SQLite ledger: reserve before sending, then commit — or release when
// nothing was sent. Refusals are values (`decision.code`), not exceptions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { formatEther, Governor, parseEther } from '@org/governor';
import { SqliteSpendLedger } from '@org/governor/sqlite';

const file = join(mkdtempSync(join(tmpdir(), 'bot-')), 'governor.db');
const policy = { maxPerTx: parseEther('0.05'), dailyLimit: parseEther('0.5'), sessionLimit: parseEther('1') };
const database = new Database(file); // the app opens the database once and shares the handle
const governor = new Governor({ policy, ledger: new SqliteSpendLedger({ database }) });

async function spend(ether: string, send: () => Promise<boolean>): Promise<string> {
  const decision = await governor.reserve({ action: 'swap', value: parseEther(ether) });
  if (decision.reservationId === null) return decision.code; // refused: nothing reserved
  const sent = await send(); // false only when the transaction certainly never reached the chain
  if (sent) await governor.commit({ id: decision.reservationId });
  else await governor.release({ id: decision.reservationId });
  return `${decision.code}, ${sent ? 'committed' : 'released'}`;
}

console.log('swap 0.04 ETH:', await spend('0.04', async () => true)); // ALLOWED, committed
console.log('swap 0.2 ETH:', await spend('0.2', async () => true)); // PER_TX_LIMIT_EXCEEDED
await governor.kill(); // anyone may stop; the ledger persists it
console.log('after kill:', await spend('0.001', async () => true)); // KILL_SWITCH_ENGAGED
database.close();

// A restart: the kill switch and today's spend come back from the file; only an operator releases the switch.
const reopened = new Governor({ policy, ledger: new SqliteSpendLedger({ database: new Database(file) }) });
const status = await reopened.status();
console.log(
  `restarted: kill switch ${status.killSwitch}, spent today ${formatEther(status.spent.daily.total)} ETH`,
);
