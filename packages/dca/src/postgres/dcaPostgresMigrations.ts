import type { PostgresSchemaMigrations } from '@org/governor/postgres';

/**
 * The DCA store's PostgreSQL tables: the SQLite schema's columns, `(order_id, slot)` the fills' primary key (a slot
 * is filled once, whatever the scheduler's delivery), ids in byte order (`COLLATE "C"`) as in SQLite.
 */
export const DCA_POSTGRES_MIGRATIONS: PostgresSchemaMigrations = {
  label: 'dca',
  migrations: [
    `CREATE TABLE dca_orders (
       id text COLLATE "C" PRIMARY KEY,
       chain_id bigint NOT NULL,
       token_in text NOT NULL,
       token_out text NOT NULL,
       amount_per_fill text NOT NULL,
       interval_kind text NOT NULL CHECK (interval_kind IN ('seconds', 'months')),
       interval_value bigint NOT NULL,
       first_run_at bigint NOT NULL,
       max_fills bigint,
       max_total_in text,
       slippage_bps integer NOT NULL,
       min_price text,
       max_price text,
       catch_up text NOT NULL CHECK (catch_up IN ('skip', 'once')),
       status text NOT NULL CHECK (status IN ('active', 'paused', 'cancelled', 'completed')),
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       version integer NOT NULL,
       next_slot bigint NOT NULL,
       next_run_at bigint,
       due_at bigint,
       open_slot bigint,
       spent text NOT NULL,
       received text NOT NULL,
       fills bigint NOT NULL,
       skipped bigint NOT NULL,
       blocked bigint NOT NULL,
       failed bigint NOT NULL,
       consecutive_failures bigint NOT NULL,
       last_error text,
       paused_reason text,
       lease_owner text,
       lease_until bigint
     );
     CREATE INDEX dca_orders_due ON dca_orders (due_at) WHERE due_at IS NOT NULL;
     CREATE INDEX dca_orders_newest ON dca_orders (created_at, id);
     CREATE INDEX dca_orders_status_newest ON dca_orders (status, created_at, id);
     CREATE TABLE dca_fills (
       order_id text COLLATE "C" NOT NULL REFERENCES dca_orders (id),
       slot bigint NOT NULL,
       scheduled_at bigint NOT NULL,
       status text NOT NULL CHECK (status IN ('running', 'pending', 'filled', 'skipped', 'blocked', 'failed')),
       code text,
       reason text,
       amount_in text NOT NULL,
       min_amount_out text,
       amount_out text,
       price text,
       tx_hash text,
       fee_wei text,
       execution_id text,
       idempotency_key text NOT NULL UNIQUE,
       quote text,
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       PRIMARY KEY (order_id, slot)
     );`,
    // The block a fill's transaction was mined in, and its hash (issue 32: a reorg re-opens the fill).
    `ALTER TABLE dca_fills ADD COLUMN block_number bigint;
     ALTER TABLE dca_fills ADD COLUMN block_hash text;`,
  ],
};
