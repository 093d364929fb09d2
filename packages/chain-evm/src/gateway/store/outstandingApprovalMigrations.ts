/**
 * Ordered schema migrations of the outstanding-approval table, recorded in `outstanding_approval_migrations` (its own
 * version table, apart from the gateway's). Never edit a shipped one. Amounts are decimal TEXT (exact bigints).
 */
export const OUTSTANDING_APPROVAL_MIGRATIONS: readonly string[] = [
  `CREATE TABLE gateway_outstanding_approvals (
     id TEXT PRIMARY KEY,
     chain_id INTEGER NOT NULL,
     owner TEXT NOT NULL,
     token TEXT NOT NULL,
     spender TEXT NOT NULL,
     amount TEXT NOT NULL,
     action_execution_id TEXT,
     status TEXT NOT NULL,
     attempts INTEGER NOT NULL,
     reset_execution_id TEXT,
     last_error TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     version INTEGER NOT NULL
   );
   CREATE INDEX gateway_outstanding_approvals_status ON gateway_outstanding_approvals (status, created_at, id);
   CREATE INDEX gateway_outstanding_approvals_token ON gateway_outstanding_approvals (chain_id, owner, token);`,
];
