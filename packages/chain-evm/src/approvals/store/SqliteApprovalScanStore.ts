import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../gateway/store/SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from '../../gateway/store/SqliteGatewayConnection.js';
import type { Hex } from '../../gateway/types.js';
import type {
  ApprovalCandidate,
  ApprovalScanCheckpoint,
  ApprovalScanState,
  ApprovalScanStore,
  CommitApprovalScanParameters,
} from '../types.js';
import { APPROVAL_MIGRATIONS } from './approvalMigrations.js';
import { candidateKey, checkedAddress, mergeApprovalScan } from './mergeApprovalScan.js';

/** Parameters of the {@link SqliteApprovalScanStore} constructor. */
export interface SqliteApprovalScanStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

interface ScanRow {
  chain_id: number;
  owner: string;
  from_block: number;
  to_block: number;
  updated_at: number;
  checkpoints: string;
}

interface CandidateRow {
  token: string;
  spender: string;
  kind: string;
  last_block: number;
  last_tx_hash: string;
  last_log_index: number;
}

/**
 * Persistent {@link ApprovalScanStore} on SQLite (better-sqlite3 12.x); import it from `@org/chain-evm/sqlite`. It
 * owns the `approval_scans` and `approval_candidates` tables (migrations in `approval_migrations`) and follows the
 * project's connection rule: every commit is one `BEGIN IMMEDIATE` transaction it opens itself (read, merge with the
 * same rule as the memory store, write), refused inside a caller's transaction (`STORE_FAILURE`, nothing written),
 * on a connection raised to `synchronous=FULL`; it resolves only after `COMMIT` and never closes the handle.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteApprovalScanStore } from '@org/chain-evm/sqlite';
 *
 * const store = new SqliteApprovalScanStore({ database: new Database('./.data/app.db') });
 * ```
 */
export class SqliteApprovalScanStore implements ApprovalScanStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<
    'scan' | 'candidates' | 'upsertScan' | 'upsertCandidate' | 'deleteCandidate',
    SqliteStatementLike
  >;

  constructor({ database }: SqliteApprovalScanStoreParameters) {
    const c = new SqliteGatewayConnection({
      database,
      owner: 'SqliteApprovalScanStore',
      schema: { migrationsTable: 'approval_migrations', migrations: APPROVAL_MIGRATIONS, label: 'approval' },
    });
    this.#c = c;
    this.#s = {
      scan: c.prepare('SELECT * FROM approval_scans WHERE chain_id = ? AND owner = ?'),
      candidates: c.prepare(
        `SELECT token, spender, kind, last_block, last_tx_hash, last_log_index FROM approval_candidates
         WHERE chain_id = ? AND owner = ?`,
      ),
      upsertScan: c.prepare(
        `INSERT INTO approval_scans (chain_id, owner, from_block, to_block, updated_at, checkpoints)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, owner) DO UPDATE SET
           from_block = excluded.from_block, to_block = excluded.to_block, updated_at = excluded.updated_at,
           checkpoints = excluded.checkpoints`,
      ),
      deleteCandidate: c.prepare(
        `DELETE FROM approval_candidates WHERE chain_id = ? AND owner = ? AND token = ? AND spender = ? AND kind = ?`,
      ),
      upsertCandidate: c.prepare(
        `INSERT INTO approval_candidates
           (chain_id, owner, token, spender, kind, last_block, last_tx_hash, last_log_index)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, owner, token, spender, kind) DO UPDATE SET
           last_block = excluded.last_block, last_tx_hash = excluded.last_tx_hash,
           last_log_index = excluded.last_log_index`,
      ),
    };
  }

  async load({ chainId, owner }: { chainId: number; owner: Address }): Promise<ApprovalScanState | null> {
    const checked = checkedAddress(owner, 'owner');
    return this.#c.read(() => this.#read(chainId, checked));
  }

  async commit(parameters: CommitApprovalScanParameters): Promise<ApprovalScanState> {
    const owner = checkedAddress(parameters.owner, 'owner');
    return this.#c.write(() => {
      const previous = this.#read(parameters.chainId, owner);
      const next = mergeApprovalScan({ previous, commit: parameters });
      this.#s.upsertScan.run(
        next.chainId,
        next.owner,
        next.fromBlock,
        next.toBlock,
        next.updatedAt,
        JSON.stringify(next.checkpoints),
      );
      const held = new Map((previous?.candidates ?? []).map((c) => [candidateKey(c), c]));
      // A rewind dropped pairs found in blocks the chain no longer has.
      const kept = new Set(next.candidates.map(candidateKey));
      for (const c of previous?.candidates ?? []) {
        if (!kept.has(candidateKey(c))) {
          this.#s.deleteCandidate.run(next.chainId, next.owner, c.token, c.spender, c.kind);
          held.delete(candidateKey(c));
        }
      }
      for (const c of next.candidates) {
        const before = held.get(candidateKey(c));
        if (before && before.lastBlock === c.lastBlock && before.lastLogIndex === c.lastLogIndex) continue;
        this.#s.upsertCandidate.run(
          next.chainId,
          next.owner,
          c.token,
          c.spender,
          c.kind,
          c.lastBlock,
          c.lastTxHash,
          c.lastLogIndex,
        );
      }
      return next;
    });
  }

  #read(chainId: number, owner: Address): ApprovalScanState | null {
    const row = this.#s.scan.get(chainId, owner) as ScanRow | undefined;
    if (row === undefined) return null;
    const candidates = (this.#s.candidates.all(chainId, owner) as CandidateRow[]).map(toCandidate);
    candidates.sort((a, b) => candidateKey(a).localeCompare(candidateKey(b)));
    return {
      chainId: row.chain_id,
      owner: row.owner as Address,
      fromBlock: row.from_block,
      toBlock: row.to_block,
      candidates,
      checkpoints: parseCheckpoints(row.checkpoints),
      updatedAt: row.updated_at,
    };
  }
}

function parseCheckpoints(text: string): ApprovalScanCheckpoint[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.every(
        (c) =>
          typeof c === 'object' &&
          c !== null &&
          Number.isSafeInteger((c as ApprovalScanCheckpoint).block) &&
          typeof (c as ApprovalScanCheckpoint).hash === 'string',
      )
    )
      return parsed as ApprovalScanCheckpoint[];
  } catch {
    // reported below
  }
  throw new StoreError('STORE_FAILURE', 'An approval scan row is corrupt.', { details: 'checkpoints' });
}

function toCandidate(row: CandidateRow): ApprovalCandidate {
  if (row.kind !== 'erc20' && row.kind !== 'operator') {
    throw new StoreError('STORE_FAILURE', 'An approval row is corrupt.', { details: `kind ${row.kind}` });
  }
  return {
    token: row.token as Address,
    spender: row.spender as Address,
    kind: row.kind,
    lastBlock: row.last_block,
    lastTxHash: row.last_tx_hash as Hex,
    lastLogIndex: row.last_log_index,
  };
}
