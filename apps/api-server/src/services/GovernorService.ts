import { type ConfirmFn, formatEther, Governor, type GovernorStatus } from '@org/governor';
import { SqliteSpendLedger } from '@org/governor/sqlite';
import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EthAmountDto, GovernorStatusDto, WindowSpendDto } from '../dto/governor.js';

/**
 * The server's one spend governor, on the SQLite ledger (daily spend, open reservations and the kill switch survive
 * restarts). Every decision and kill-switch change is written to the audit log.
 */
export class GovernorService {
  readonly governor: Governor;
  readonly #confirmations: { mode: string; ttlSeconds: number; operatorKeyConfigured: boolean };

  constructor({
    config,
    database,
    logger,
    confirmFn,
  }: {
    config: Pick<Config, 'governor'> & Partial<Pick<Config, 'confirm' | 'operatorKey'>>;
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
    this.#confirmations = {
      mode: config.confirm?.text ?? 'off',
      ttlSeconds: Math.round((config.confirm?.ttlMs ?? 600_000) / 1000),
      operatorKeyConfigured: config.operatorKey !== undefined,
    };
    const audit = logger.child({ component: 'governor' });
    this.governor.subscribe((event) => {
      audit.info({ event: JSON.parse(JSON.stringify(event, bigintAsString)) }, `governor ${event.type}`);
    });
  }

  async status(): Promise<GovernorStatusDto> {
    return { ...toDto(await this.governor.status()), confirmations: { ...this.#confirmations } };
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

function eth(wei: bigint): EthAmountDto {
  return { eth: formatEther(wei), wei: wei.toString() };
}

function windowDto(w: { committed: bigint; reserved: bigint; total: bigint }): WindowSpendDto {
  return { committed: eth(w.committed), reserved: eth(w.reserved), total: eth(w.total) };
}

function toDto(s: GovernorStatus): Omit<GovernorStatusDto, 'confirmations'> {
  return {
    killSwitch: s.killSwitch,
    confirmMode: s.confirmMode,
    dailyWindow: s.dailyWindow,
    windowStart: new Date(s.windowStart).toISOString(),
    sessionStartedAt: new Date(s.sessionStartedAt).toISOString(),
    limits: {
      maxPerTx: eth(s.limits.maxPerTx),
      dailyLimit: eth(s.limits.dailyLimit),
      sessionLimit: eth(s.limits.sessionLimit),
    },
    spent: { daily: windowDto(s.spent.daily), session: windowDto(s.spent.session) },
    remaining: {
      perTx: eth(s.remaining.perTx),
      daily: eth(s.remaining.daily),
      session: eth(s.remaining.session),
    },
    openReservations: s.openReservations.map((r) => ({
      id: r.id,
      action: r.action,
      value: eth(r.reservedValue),
      reservedAt: new Date(r.reservedAt).toISOString(),
      expired: r.expired,
    })),
    at: new Date(s.at).toISOString(),
  };
}
