/** The part of a node-postgres `PoolClient` the PostgreSQL stores use. */
export interface PostgresClientLike {
  query(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
  /** Gives the connection back to its pool (destroys it when given an error). */
  release(error?: Error | boolean): void;
}

/**
 * The part of a node-postgres `Pool` (pg 8.x) the PostgreSQL stores use: they check out a connection of their own
 * for each transaction, so they can never run inside a transaction they did not open.
 */
export interface PostgresPoolLike {
  connect(): Promise<PostgresClientLike>;
}
