import { type ConfirmFn, Governor } from '@org/governor';
import { SqliteSpendLedger } from '@org/governor/sqlite';
import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GovernorStatusDto } from '../dto/governor.js';
import { createStatusDtoMapper } from './createStatusDtoMapper.js';

/**
 * The server's one spend governor, on the SQLite ledger (daily spend, open reservations and the kill switch survive
 * restarts). Every decision and kill-switch change is written to the audit log.
 */
export class GovernorService {
  readonly governor: Governor;
  readonly #toDto = createStatusDtoMapper();

  constructor({
    config,
    database,
    logger,
    confirmFn,
  }: {
    config: Pick<Config, 'governor'>;
    database: Database;
    logger: Logger;
    confirmFn?: ConfirmFn;
  }) {
    this.governor = new Governor({
      policy: {
        maxPerTx: config.governor.maxPerTx,
        dailyLimit: config.governor.dailyLimit,
        sessionLimit: config.governor.sessionLimit,
        dailyWindow: config.governor.dailyWindow,
      },
      ledger: new SqliteSpendLedger({ database }),
      ...(confirmFn ? { confirmFn, requireConfirm: true } : {}),
    });
    const audit = logger.child({ component: 'governor' });
    this.governor.subscribe((event) => {
      audit.info({ event: JSON.parse(JSON.stringify(event, bigintAsString)) }, `governor ${event.type}`);
    });
  }

  async status(): Promise<GovernorStatusDto> {
    return this.#toDto(await this.governor.status());
  }

  async kill(): Promise<GovernorStatusDto> {
    await this.governor.kill();
    return this.status();
  }

  async unkill(): Promise<GovernorStatusDto> {
    await this.governor.unkill();
    return this.status();
  }
}

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
