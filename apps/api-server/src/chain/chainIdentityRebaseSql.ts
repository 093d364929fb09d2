/**
 * The `REBASE_CHAIN_DATA` write of a chain's identity, one statement for both databases: the row inserted, or its
 * genesis, time and accepted position replaced. `placeholder(n)` spells parameter n (`?` in SQLite, `$n` in
 * PostgreSQL); the parameters are chain id, genesis hash, time, accepted position.
 *
 * @example
 * ```ts
 * database.prepare(chainIdentityRebaseSql('chain_identity', () => '?')).run(1, genesis, at, null);
 * ```
 */
export function chainIdentityRebaseSql(table: string, placeholder: (n: number) => string): string {
  return `INSERT INTO ${table} (chain_id, genesis_hash, recorded_at, accepted_position)
    VALUES (${[1, 2, 3, 4].map(placeholder).join(', ')})
    ON CONFLICT (chain_id) DO UPDATE SET genesis_hash = excluded.genesis_hash, recorded_at = excluded.recorded_at,
      accepted_position = excluded.accepted_position`;
}
