/** Ordered schema migrations of the SQLite DCA store; index + 1 is the version. Never edit a shipped one. */
export const DCA_MIGRATIONS: readonly string[] = [
  `CREATE TABLE dca_orders (
     id TEXT PRIMARY KEY,
     chain_id INTEGER NOT NULL,
     token_in TEXT NOT NULL,
     token_out TEXT NOT NULL,
     amount_per_fill TEXT NOT NULL,
     interval_kind TEXT NOT NULL CHECK (interval_kind IN ('seconds', 'months')),
     interval_value INTEGER NOT NULL,
     first_run_at INTEGER NOT NULL,
     max_fills INTEGER,
     max_total_in TEXT,
     slippage_bps INTEGER NOT NULL,
     min_price TEXT,
     max_price TEXT,
     catch_up TEXT NOT NULL CHECK (catch_up IN ('skip', 'once')),
     status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'cancelled', 'completed')),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     version INTEGER NOT NULL,
     next_slot INTEGER NOT NULL,
     next_run_at INTEGER,
     due_at INTEGER,
     open_slot INTEGER,
     spent TEXT NOT NULL,
     received TEXT NOT NULL,
     fills INTEGER NOT NULL,
     skipped INTEGER NOT NULL,
     blocked INTEGER NOT NULL,
     failed INTEGER NOT NULL,
     consecutive_failures INTEGER NOT NULL,
     last_error TEXT,
     paused_reason TEXT,
     lease_owner TEXT,
     lease_until INTEGER
   );
   CREATE INDEX dca_orders_due ON dca_orders (due_at) WHERE due_at IS NOT NULL;
   CREATE INDEX dca_orders_newest ON dca_orders (created_at, id);
   CREATE INDEX dca_orders_status_newest ON dca_orders (status, created_at, id);
   CREATE TABLE dca_fills (
     order_id TEXT NOT NULL REFERENCES dca_orders (id),
     slot INTEGER NOT NULL,
     scheduled_at INTEGER NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('running', 'pending', 'filled', 'skipped', 'blocked', 'failed')),
     code TEXT,
     reason TEXT,
     amount_in TEXT NOT NULL,
     min_amount_out TEXT,
     amount_out TEXT,
     price TEXT,
     tx_hash TEXT,
     fee_wei TEXT,
     execution_id TEXT,
     idempotency_key TEXT NOT NULL UNIQUE,
     quote TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (order_id, slot)
   ) WITHOUT ROWID;`,
  // The block a fill's transaction was mined in, and its hash (issue 32: a reorg re-opens the fill).
  `ALTER TABLE dca_fills ADD COLUMN block_number INTEGER;
   ALTER TABLE dca_fills ADD COLUMN block_hash TEXT;`,
];
