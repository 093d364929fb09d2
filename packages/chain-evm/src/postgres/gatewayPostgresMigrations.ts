import type { PostgresSchemaMigrations } from './PostgresConnection.js';

/**
 * The gateway's PostgreSQL tables (executions, their transactions, idempotency keys, held actions), the same columns
 * as the SQLite schema's newest version. Ids compare in byte order (`COLLATE "C"`), as in SQLite, so pages read alike.
 * Amounts are decimal text (exact bigints, read by the same row mappers as SQLite).
 */
export const GATEWAY_POSTGRES_MIGRATIONS: PostgresSchemaMigrations = {
  label: 'gateway',
  migrations: [
    `CREATE TABLE gateway_executions (
       id text COLLATE "C" PRIMARY KEY,
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       chain_id bigint NOT NULL,
       action text NOT NULL,
       from_address text NOT NULL,
       to_address text NOT NULL,
       intent text NOT NULL,
       status text NOT NULL,
       code text,
       reason text,
       value_wei text,
       reservation_id text,
       nonce bigint,
       mined_hash text,
       block_number bigint,
       fee_wei text,
       idempotency_key text,
       result text,
       version integer NOT NULL DEFAULT 0,
       fee_reserved_wei text,
       nonce_gone_since_block bigint,
       cancel_requested_at bigint,
       cancel_requested_by text
     );
     CREATE INDEX gateway_executions_created ON gateway_executions (created_at, id);
     CREATE INDEX gateway_executions_status_created ON gateway_executions (status, created_at, id);
     CREATE TABLE gateway_transactions (
       execution_id text COLLATE "C" NOT NULL REFERENCES gateway_executions (id),
       position integer NOT NULL,
       hash text NOT NULL,
       raw text NOT NULL,
       nonce bigint NOT NULL,
       gas_limit text NOT NULL,
       max_fee_per_gas text NOT NULL,
       max_priority_fee_per_gas text,
       signed_at bigint NOT NULL,
       PRIMARY KEY (execution_id, position)
     );
     CREATE INDEX gateway_transactions_hash ON gateway_transactions (hash);
     CREATE TABLE gateway_idempotency_keys (
       key text PRIMARY KEY,
       request_hash text NOT NULL,
       response text,
       claimed_at bigint NOT NULL,
       completed_at bigint
     );
     CREATE TABLE gateway_confirmations (
       id text COLLATE "C" PRIMARY KEY,
       execution_id text NOT NULL,
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       expires_at bigint NOT NULL,
       status text NOT NULL,
       reason text NOT NULL,
       detail text NOT NULL,
       intent text NOT NULL,
       value_wei text,
       gas_limit text,
       safety text NOT NULL,
       idempotency_key text,
       approved_value_wei text,
       decided_at bigint,
       decided_by text,
       note text
     );
     CREATE INDEX gateway_confirmations_created ON gateway_confirmations (created_at, id);
     CREATE INDEX gateway_confirmations_status_created ON gateway_confirmations (status, created_at, id);
     CREATE INDEX gateway_confirmations_execution ON gateway_confirmations (execution_id, created_at);`,
    // The hash of the block an execution was mined in (the reorg follow compares it with the chain).
    'ALTER TABLE gateway_executions ADD COLUMN block_hash text;',
    // The durable nonce allocator: a row per (chain, address) and the outbox of signed transactions.
    `CREATE TABLE gateway_nonce_cursors (
       chain_id bigint NOT NULL,
       address text NOT NULL,
       next_nonce bigint NOT NULL,
       confirmed_nonce bigint NOT NULL,
       PRIMARY KEY (chain_id, address),
       CHECK (next_nonce >= confirmed_nonce AND confirmed_nonce >= 0)
     );
     CREATE TABLE gateway_nonce_outbox (
       chain_id bigint NOT NULL,
       address text NOT NULL,
       nonce bigint NOT NULL,
       execution_id text,
       kind text NOT NULL CHECK (kind IN ('transaction', 'filler')),
       raw text NOT NULL,
       hash text NOT NULL,
       created_at bigint NOT NULL,
       PRIMARY KEY (chain_id, address, nonce)
     );`,
  ],
};
