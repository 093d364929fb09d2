import { PostgresTransactions } from '@org/governor/postgres';
import { BaseError } from '../errors/BaseError.js';
import { StoreError } from '../errors/StoreError.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

export type { PostgresSchemaMigrations } from '@org/governor/postgres';

/**
 * The gateway stores' side of `@org/governor/postgres`'s `PostgresTransactions` (a connection of its own for every
 * transaction, so a store never runs inside a transaction it did not open; migrations once under an advisory lock),
 * failing with this package's `STORE_FAILURE` (a store's own typed errors pass through).
 */
export class PostgresConnection extends PostgresTransactions {
  constructor({
    pool,
    schema,
    owner,
    migrations,
  }: Pick<ConstructorParameters<typeof PostgresTransactions>[0], 'migrations'> & {
    pool: PostgresPoolLike;
    schema?: string | undefined;
    owner: string;
  }) {
    super({
      pool,
      schema,
      owner,
      migrations,
      failure: (message, cause) =>
        new StoreError('STORE_FAILURE', message, cause === undefined ? {} : failureDetails(cause)),
      isTyped: (error) => error instanceof BaseError,
    });
  }
}

function failureDetails(cause: unknown): { cause: unknown; details: string } {
  return { cause, details: cause instanceof Error ? cause.message : String(cause) };
}
