/** The part of a better-sqlite3 `Statement` the gateway stores use. */
export interface SqliteStatementLike {
  run(...parameters: unknown[]): { changes: number };
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

/**
 * The part of a better-sqlite3 `Database` the gateway stores use (structural, so the package needs no types from
 * better-sqlite3 at run time). A `new Database(file)` from better-sqlite3 12.x satisfies it.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * const database: SqliteDatabaseLike = new Database('app.db');
 * ```
 */
export interface SqliteDatabaseLike {
  prepare(source: string): SqliteStatementLike;
  exec(source: string): unknown;
  readonly inTransaction: boolean;
}
