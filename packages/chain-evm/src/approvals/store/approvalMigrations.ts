/**
 * Ordered schema migrations of the approval scan tables; index + 1 is the version, recorded in
 * `approval_migrations`. Never edit a shipped one. Addresses are stored EIP-55 checksummed (normalised on input).
 */
export const APPROVAL_MIGRATIONS: readonly string[] = [
  `CREATE TABLE approval_scans (
     chain_id INTEGER NOT NULL,
     owner TEXT NOT NULL,
     from_block INTEGER NOT NULL,
     to_block INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (chain_id, owner)
   );
   CREATE TABLE approval_candidates (
     chain_id INTEGER NOT NULL,
     owner TEXT NOT NULL,
     token TEXT NOT NULL,
     spender TEXT NOT NULL,
     kind TEXT NOT NULL,
     last_block INTEGER NOT NULL,
     last_tx_hash TEXT NOT NULL,
     last_log_index INTEGER NOT NULL,
     PRIMARY KEY (chain_id, owner, token, spender, kind)
   );`,
  // 2: the block hash of each scan's head (a reorg or reset under the covered range is noticed, not trusted).
  `ALTER TABLE approval_scans ADD COLUMN checkpoints TEXT NOT NULL DEFAULT '[]';`,
];
