import type { Address } from '../chains/chains.js';
import { StoreError } from '../errors/StoreError.js';
import { candidateKey, checkedAddress, mergeApprovalScan } from '../approvals/store/mergeApprovalScan.js';
import type {
  ApprovalCandidate,
  ApprovalScanCheckpoint,
  ApprovalScanState,
  ApprovalScanStore,
  CommitApprovalScanParameters,
} from '../approvals/types.js';
import type { Hex } from '../gateway/types.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresApprovalScanStore} constructor. */
export interface PostgresApprovalScanStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `approval_*` tables. Default `public`. */
  readonly schema?: string;
}

const MIGRATIONS = {
  label: 'approval',
  migrations: [
    `CREATE TABLE approval_scans (
       chain_id bigint NOT NULL,
       owner text NOT NULL,
       from_block bigint NOT NULL,
       to_block bigint NOT NULL,
       updated_at bigint NOT NULL,
       checkpoints text NOT NULL DEFAULT '[]',
       PRIMARY KEY (chain_id, owner)
     );
     CREATE TABLE approval_candidates (
       chain_id bigint NOT NULL,
       owner text NOT NULL,
       token text NOT NULL,
       spender text NOT NULL,
       kind text NOT NULL,
       last_block bigint NOT NULL,
       last_tx_hash text NOT NULL,
       last_log_index integer NOT NULL,
       PRIMARY KEY (chain_id, owner, token, spender, kind)
     );`,
  ],
};

/**
 * Persistent {@link ApprovalScanStore} (approval-scan progress per owner and chain) on PostgreSQL; import it from
 * `@org/chain-evm/postgres`. A commit merges with what is stored under a per-(chain, owner) transaction lock, so two
 * instances scanning the same owner at once merge, never overwrite each other.
 *
 * @example
 * ```ts
 * const scans = new PostgresApprovalScanStore({ pool });
 * ```
 */
export class PostgresApprovalScanStore implements ApprovalScanStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresApprovalScanStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresApprovalScanStore',
      migrations: MIGRATIONS,
    });
  }

  async load({ chainId, owner }: { chainId: number; owner: Address }): Promise<ApprovalScanState | null> {
    const checked = checkedAddress(owner, 'owner');
    return this.#c.transaction((client) => this.#read(client, chainId, checked));
  }

  async commit(parameters: CommitApprovalScanParameters): Promise<ApprovalScanState> {
    const owner = checkedAddress(parameters.owner, 'owner');
    return this.#c.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `approval-scan:${parameters.chainId}:${owner}`,
      ]);
      const previous = await this.#read(client, parameters.chainId, owner);
      const next = mergeApprovalScan({ previous, commit: parameters });
      await client.query(
        `INSERT INTO ${this.#c.t('approval_scans')} (chain_id, owner, from_block, to_block, updated_at, checkpoints)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chain_id, owner) DO UPDATE SET
           from_block = excluded.from_block, to_block = excluded.to_block, updated_at = excluded.updated_at,
           checkpoints = excluded.checkpoints`,
        [
          next.chainId,
          next.owner,
          next.fromBlock,
          next.toBlock,
          next.updatedAt,
          JSON.stringify(next.checkpoints),
        ],
      );
      const held = new Map((previous?.candidates ?? []).map((c) => [candidateKey(c), c]));
      // A rewind dropped pairs found in blocks the chain no longer has.
      const kept = new Set(next.candidates.map(candidateKey));
      for (const c of previous?.candidates ?? []) {
        if (kept.has(candidateKey(c))) continue;
        await client.query(
          `DELETE FROM ${this.#c.t('approval_candidates')}
           WHERE chain_id = $1 AND owner = $2 AND token = $3 AND spender = $4 AND kind = $5`,
          [next.chainId, next.owner, c.token, c.spender, c.kind],
        );
        held.delete(candidateKey(c));
      }
      for (const c of next.candidates) {
        const before = held.get(candidateKey(c));
        if (before && before.lastBlock === c.lastBlock && before.lastLogIndex === c.lastLogIndex) continue;
        await client.query(
          `INSERT INTO ${this.#c.t('approval_candidates')}
             (chain_id, owner, token, spender, kind, last_block, last_tx_hash, last_log_index)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (chain_id, owner, token, spender, kind) DO UPDATE SET
             last_block = excluded.last_block, last_tx_hash = excluded.last_tx_hash,
             last_log_index = excluded.last_log_index`,
          [next.chainId, next.owner, c.token, c.spender, c.kind, c.lastBlock, c.lastTxHash, c.lastLogIndex],
        );
      }
      return next;
    });
  }

  async #read(
    client: PostgresClientLike,
    chainId: number,
    owner: Address,
  ): Promise<ApprovalScanState | null> {
    const { rows } = await client.query(
      `SELECT * FROM ${this.#c.t('approval_scans')} WHERE chain_id = $1 AND owner = $2`,
      [chainId, owner],
    );
    const row = rows[0];
    if (row === undefined) return null;
    const found = await client.query(
      `SELECT token, spender, kind, last_block, last_tx_hash, last_log_index FROM ${this.#c.t('approval_candidates')}
       WHERE chain_id = $1 AND owner = $2`,
      [chainId, owner],
    );
    const candidates = found.rows.map(toCandidate);
    candidates.sort((a, b) => candidateKey(a).localeCompare(candidateKey(b)));
    return {
      chainId: Number(row.chain_id),
      owner: row.owner as Address,
      fromBlock: Number(row.from_block),
      toBlock: Number(row.to_block),
      candidates,
      checkpoints: parseCheckpoints(String(row.checkpoints)),
      updatedAt: Number(row.updated_at),
    };
  }
}

function toCandidate(row: Record<string, unknown>): ApprovalCandidate {
  if (row.kind !== 'erc20' && row.kind !== 'operator') {
    throw new StoreError('STORE_FAILURE', 'An approval row is corrupt.', {
      details: `kind ${String(row.kind)}`,
    });
  }
  return {
    token: row.token as Address,
    spender: row.spender as Address,
    kind: row.kind,
    lastBlock: Number(row.last_block),
    lastTxHash: row.last_tx_hash as Hex,
    lastLogIndex: Number(row.last_log_index),
  };
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
