/** The part of a better-sqlite3 `Statement` the DCA store uses. */
export interface SqliteStatementLike {
  run(...parameters: unknown[]): unknown;
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

/**
 * The part of a better-sqlite3 `Database` the DCA store uses (structural, so this package needs no types from
 * better-sqlite3). A `new Database(file)` from better-sqlite3 12.x satisfies it.
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
