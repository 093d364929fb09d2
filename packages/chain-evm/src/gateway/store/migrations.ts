/**
 * Ordered schema migrations of the gateway tables (executions, their transactions, idempotency keys); index + 1 is
 * the version, recorded in `gateway_migrations`. Version 2 adds held actions (`gateway_confirmations`); version 3 the
 * compare-and-set `version` of an execution, its fee budget, the block its nonce was first seen used, and the
 * operator's cancel request; version 4 the hash of the block an execution was mined in. Never edit a shipped one. Statuses are checked in code, not by a
 * CHECK constraint, so a new status needs no table rebuild. Amounts are decimal TEXT (exact bigints).
 */
export const GATEWAY_MIGRATIONS: readonly string[] = [
  `CREATE TABLE gateway_executions (
     id TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     chain_id INTEGER NOT NULL,
     action TEXT NOT NULL,
     from_address TEXT NOT NULL,
     to_address TEXT NOT NULL,
     intent TEXT NOT NULL,
     status TEXT NOT NULL,
     code TEXT,
     reason TEXT,
     value_wei TEXT,
     reservation_id TEXT,
     nonce INTEGER,
     mined_hash TEXT,
     block_number INTEGER,
     fee_wei TEXT,
     idempotency_key TEXT,
     result TEXT
   );
   CREATE INDEX gateway_executions_created ON gateway_executions (created_at, id);
   CREATE INDEX gateway_executions_status_created ON gateway_executions (status, created_at, id);
   CREATE TABLE gateway_transactions (
     execution_id TEXT NOT NULL REFERENCES gateway_executions (id),
     position INTEGER NOT NULL,
     hash TEXT NOT NULL,
     raw TEXT NOT NULL,
     nonce INTEGER NOT NULL,
     gas_limit TEXT NOT NULL,
     max_fee_per_gas TEXT NOT NULL,
     max_priority_fee_per_gas TEXT,
     signed_at INTEGER NOT NULL,
     PRIMARY KEY (execution_id, position)
   );
   CREATE INDEX gateway_transactions_hash ON gateway_transactions (hash);
   CREATE TABLE gateway_idempotency_keys (
     key TEXT PRIMARY KEY,
     request_hash TEXT NOT NULL,
     response TEXT,
     claimed_at INTEGER NOT NULL,
     completed_at INTEGER
   );`,
  `CREATE TABLE gateway_confirmations (
     id TEXT PRIMARY KEY,
     execution_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     status TEXT NOT NULL,
     reason TEXT NOT NULL,
     detail TEXT NOT NULL,
     intent TEXT NOT NULL,
     value_wei TEXT,
     gas_limit TEXT,
     safety TEXT NOT NULL,
     idempotency_key TEXT,
     approved_value_wei TEXT,
     decided_at INTEGER,
     decided_by TEXT,
     note TEXT
   );
   CREATE INDEX gateway_confirmations_created ON gateway_confirmations (created_at, id);
   CREATE INDEX gateway_confirmations_status_created ON gateway_confirmations (status, created_at, id);
   CREATE INDEX gateway_confirmations_execution ON gateway_confirmations (execution_id, created_at);`,
  `ALTER TABLE gateway_executions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE gateway_executions ADD COLUMN fee_reserved_wei TEXT;
   ALTER TABLE gateway_executions ADD COLUMN nonce_gone_since_block INTEGER;
   ALTER TABLE gateway_executions ADD COLUMN cancel_requested_at INTEGER;
   ALTER TABLE gateway_executions ADD COLUMN cancel_requested_by TEXT;`,
  `ALTER TABLE gateway_executions ADD COLUMN block_hash TEXT;`,
];
