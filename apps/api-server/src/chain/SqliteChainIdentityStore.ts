import type { Database } from 'better-sqlite3';
import type { ChainIdentityRow, ChainIdentityStore } from './ChainIdentityStore.js';
import { chainIdentityRebaseSql } from './chainIdentityRebaseSql.js';

/**
 * {@link ChainIdentityStore} in the app's SQLite database (one process owns it: `DATA_DIR` is locked).
 *
 * @example
 * ```ts
 * const store = new SqliteChainIdentityStore({ database, dataDir: config.dataDir });
 * ```
 */
export class SqliteChainIdentityStore implements ChainIdentityStore {
  readonly holder: string;
  readonly fresh = 'Point DATA_DIR at a new directory';
  readonly #database: Database;

  constructor({ database, dataDir }: { database: Database; dataDir: string }) {
    this.#database = database;
    this.holder = `DATA_DIR ${dataDir}`;
    database.exec(
      `CREATE TABLE IF NOT EXISTS chain_identity (
         chain_id INTEGER PRIMARY KEY,
         genesis_hash TEXT NOT NULL,
         recorded_at INTEGER NOT NULL,
         accepted_position INTEGER
       )`,
    );
  }

  async read(chainId: number): Promise<ChainIdentityRow | undefined> {
    const row = this.#database
      .prepare('SELECT genesis_hash, accepted_position FROM chain_identity WHERE chain_id = ?')
      .get(chainId) as { genesis_hash: string; accepted_position: number | null } | undefined;
    return row && { genesisHash: row.genesis_hash, acceptedPosition: row.accepted_position };
  }

  async lowestStoredPosition(chainId: number): Promise<number | null> {
    const positions: number[] = [];
    for (const [table, sql] of [
      ['approval_scans', 'SELECT MAX(to_block) AS n FROM approval_scans WHERE chain_id = ?'],
      ['gateway_executions', 'SELECT MAX(block_number) AS n FROM gateway_executions WHERE chain_id = ?'],
    ] as const) {
      const exists = this.#database
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(table);
      if (!exists) continue;
      const n = (this.#database.prepare(sql).get(chainId) as { n: number | null }).n;
      if (n !== null) positions.push(n);
    }
    return positions.length === 0 ? null : Math.min(...positions);
  }

  async record(chainId: number, genesisHash: string, at: number): Promise<string> {
    this.#database
      .prepare(
        'INSERT INTO chain_identity (chain_id, genesis_hash, recorded_at) VALUES (?, ?, ?) ON CONFLICT (chain_id) DO NOTHING',
      )
      .run(chainId, genesisHash, at);
    return (await this.read(chainId))?.genesisHash ?? genesisHash;
  }

  async rebase(
    chainId: number,
    genesisHash: string,
    at: number,
    acceptedPosition: number | null,
  ): Promise<void> {
    this.#database
      .prepare(chainIdentityRebaseSql('chain_identity', () => '?'))
      .run(chainId, genesisHash, at, acceptedPosition);
  }
}
