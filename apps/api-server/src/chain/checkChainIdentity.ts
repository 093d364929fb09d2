import type { Database } from 'better-sqlite3';
import { ChainIdentityError } from './ChainIdentityError.js';

/** The variable that tells the server to re-base a data directory on the chain it now talks to. */
export const REBASE_VARIABLE = 'REBASE_CHAIN_DATA';

/** One configured chain, as {@link checkChainIdentity} reads it. */
export interface ChainIdentityProbe {
  readonly id: number;
  readonly name: string;
  /** Reads the chain's genesis block hash and head (throws when the node cannot be reached). */
  readonly read: () => Promise<{ readonly genesisHash: string; readonly head: number }>;
}

/** What {@link checkChainIdentity} found for one chain. */
export interface ChainIdentityReport {
  readonly chainId: number;
  /** `recorded`: first start on this chain (its genesis hash stored); `matches`; `rebased` (told to); `unreachable`:
   * the node did not answer, nothing could be checked (checked at the next start). */
  readonly status: 'recorded' | 'matches' | 'rebased' | 'unreachable';
  readonly genesisHash: string | null;
}

/**
 * Whether the data directory's records were made on the chain the server talks to now: the chain's genesis hash is
 * stored per chain (table `chain_identity`) at the first start and compared at every later one, and the chain's
 * head must not be below the latest block position of each kind stored for it (approval-scan coverage, mined
 * executions) — a node of another network under the same chain id, or a devnet started anew (devnets loaded from
 * one state share their genesis: the positions tell them apart). A re-base accepts the positions stored so far. A mismatch throws {@link ChainIdentityError}
 * naming `DATA_DIR` and {@link REBASE_VARIABLE}, unless that chain is in `rebase` (then the new genesis is recorded).
 * Exported for `pnpm demo`, which keys its data directory to its devnet.
 *
 * @example
 * ```ts
 * await checkChainIdentity({ database, dataDir: config.dataDir, chains, rebase: [] });
 * ```
 */
export async function checkChainIdentity({
  database,
  dataDir,
  chains,
  rebase,
  at = Date.now(),
}: {
  readonly database: Database;
  readonly dataDir: string;
  readonly chains: readonly ChainIdentityProbe[];
  /** Chain ids to re-base on the chain as it is now, or `all`. */
  readonly rebase: readonly number[] | 'all';
  readonly at?: number;
}): Promise<ChainIdentityReport[]> {
  database.exec(
    `CREATE TABLE IF NOT EXISTS chain_identity (
       chain_id INTEGER PRIMARY KEY,
       genesis_hash TEXT NOT NULL,
       recorded_at INTEGER NOT NULL,
       accepted_position INTEGER
     )`,
  );
  const reports: ChainIdentityReport[] = [];
  for (const chain of chains) {
    let seen: { genesisHash: string; head: number };
    try {
      seen = await chain.read();
    } catch {
      reports.push({ chainId: chain.id, status: 'unreachable', genesisHash: null });
      continue;
    }
    const genesis = seen.genesisHash.toLowerCase();
    const row = database
      .prepare('SELECT genesis_hash, accepted_position FROM chain_identity WHERE chain_id = ?')
      .get(chain.id) as { genesis_hash: string; accepted_position: number | null } | undefined;
    const lowest = lowestStoredPosition(database, chain.id);
    const problem =
      row !== undefined && row.genesis_hash !== genesis
        ? `its genesis block is ${genesis}, the data was made on a chain whose genesis is ${row.genesis_hash}`
        : lowest !== null && seen.head < lowest && lowest > (row?.accepted_position ?? -1)
          ? `its head is block ${seen.head}, below the blocks the data refers to (it has records up to block ${lowest})`
          : null;
    const write = database.prepare(
      `INSERT INTO chain_identity (chain_id, genesis_hash, recorded_at, accepted_position) VALUES (?, ?, ?, ?)
       ON CONFLICT (chain_id) DO UPDATE SET genesis_hash = excluded.genesis_hash, recorded_at = excluded.recorded_at,
         accepted_position = excluded.accepted_position`,
    );
    if (problem !== null) {
      if (rebase !== 'all' && !rebase.includes(chain.id)) {
        throw new ChainIdentityError(
          chain.id,
          `DATA_DIR ${dataDir} holds records made on another instance of chain ${chain.name} (${chain.id}): ${problem}. ` +
            `Point DATA_DIR at a new directory, or set ${REBASE_VARIABLE}=${chain.id} to keep the data and re-base it on this chain.`,
        );
      }
      // The positions stored so far are accepted as they are (each kind re-checks its own: approval scans by their
      // block hashes); a later position above the head is a mismatch again.
      write.run(chain.id, genesis, at, lowest);
      reports.push({ chainId: chain.id, status: 'rebased', genesisHash: genesis });
      continue;
    }
    if (row === undefined) write.run(chain.id, genesis, at, null);
    reports.push({
      chainId: chain.id,
      status: row === undefined ? 'recorded' : 'matches',
      genesisHash: genesis,
    });
  }
  return reports;
}

/** The lowest block position the data stores for a chain (each kind's highest, the lowest of them), or `null`. */
function lowestStoredPosition(database: Database, chainId: number): number | null {
  const positions: number[] = [];
  for (const [table, sql] of [
    ['approval_scans', 'SELECT MAX(to_block) AS n FROM approval_scans WHERE chain_id = ?'],
    ['gateway_executions', 'SELECT MAX(block_number) AS n FROM gateway_executions WHERE chain_id = ?'],
  ] as const) {
    const exists = database
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (!exists) continue;
    const n = (database.prepare(sql).get(chainId) as { n: number | null }).n;
    if (n !== null) positions.push(n);
  }
  return positions.length === 0 ? null : Math.min(...positions);
}
