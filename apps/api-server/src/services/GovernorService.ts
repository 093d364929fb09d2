import { type ConfirmFn, Governor, parseEther, type SpendLedger } from '@org/governor';
import { SqliteSpendLedger } from '@org/governor/sqlite';
import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GovernorStatusDto, SetLimitsRequestDto } from '../dto/governor.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { createStatusDtoMapper } from './createStatusDtoMapper.js';
import { type OperatorLimitsStore, SqliteOperatorLimitsStore } from './OperatorLimitsStore.js';

/**
 * The server's one spend governor, on the SQLite ledger (daily spend, open reservations and the kill switch survive
 * restarts). Every decision and kill-switch change is written to the audit log.
 */
export class GovernorService {
  readonly governor: Governor;
  readonly #base: { maxPerTx: bigint; dailyLimit: bigint; sessionLimit: bigint };
  readonly #limits: OperatorLimitsStore;
  readonly #audit: Logger;
  readonly #onLimits:
    | ((limits: { maxPerTx: bigint; dailyLimit: bigint; sessionLimit: bigint; by: string }) => void)
    | undefined;
  readonly #confirmations: {
    mode: string;
    callback: boolean;
    ttlSeconds: number;
    operatorKeyConfigured: boolean;
  };
  readonly #toDto = createStatusDtoMapper();

  constructor({
    config,
    database,
    logger,
    confirmFn,
    limits,
    ledger,
    onLimits,
  }: {
    /** The spend ledger (default: the SQLite ledger on `database`). */
    ledger?: SpendLedger;
    /** Told whenever the caps in force change (for the event stream). */
    onLimits?: (limits: { maxPerTx: bigint; dailyLimit: bigint; sessionLimit: bigint; by: string }) => void;
    /** Caps set by the operator (default: the `operator_limits` table of `database`). */
    limits?: OperatorLimitsStore;
    config: Pick<Config, 'governor'> & Partial<Pick<Config, 'confirm' | 'operatorKey'>>;
    /** Where the ledger and the operator's caps are when they are not given. */
    database?: Database;
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
      ledger: ledger ?? new SqliteSpendLedger({ database: required(database) }),
      ...(confirmFn ? { confirmFn, requireConfirm: true } : {}),
    });
    this.#confirmations = {
      mode: config.confirm?.text ?? 'off',
      callback: confirmFn !== undefined,
      ttlSeconds: Math.round((config.confirm?.ttlMs ?? 600_000) / 1000),
      operatorKeyConfigured: config.operatorKey !== undefined,
    };
    const audit = logger.child({ component: 'governor' });
    this.#audit = audit;
    this.#onLimits = onLimits;
    this.#base = {
      maxPerTx: config.governor.maxPerTx,
      dailyLimit: config.governor.dailyLimit,
      sessionLimit: config.governor.sessionLimit,
    };
    this.#limits = limits ?? new SqliteOperatorLimitsStore({ database: required(database) });
    this.governor.subscribe((event) => {
      audit.info({ event: JSON.parse(JSON.stringify(event, bigintAsString)) }, `governor ${event.type}`);
    });
  }

  async status(): Promise<GovernorStatusDto> {
    return { ...this.#toDto(await this.governor.status()), confirmations: { ...this.#confirmations } };
  }

  /**
   * Applies the caps an operator set (over HTTP or from the CLI on the same database) on top of the configuration;
   * called at start and every few seconds. Returns whether anything changed.
   */
  async syncLimits(): Promise<boolean> {
    const set = await this.#limits.read();
    const next = {
      maxPerTx: set?.maxPerTx ?? this.#base.maxPerTx,
      dailyLimit: set?.dailyLimit ?? this.#base.dailyLimit,
      sessionLimit: set?.sessionLimit ?? this.#base.sessionLimit,
    };
    const now = this.governor.policy;
    if (
      now.maxPerTx === next.maxPerTx &&
      now.dailyLimit === next.dailyLimit &&
      now.sessionLimit === next.sessionLimit
    ) {
      return false;
    }
    this.governor.setLimits(next);
    this.#audit.info(
      {
        event: {
          type: 'limits',
          maxPerTx: next.maxPerTx.toString(),
          dailyLimit: next.dailyLimit.toString(),
          sessionLimit: next.sessionLimit.toString(),
          by: set?.updatedBy ?? 'configuration',
        },
      },
      'governor limits',
    );
    this.#onLimits?.({ ...next, by: set?.updatedBy ?? 'configuration' });
    return true;
  }

  /** An operator changes caps (ETH decimal strings; `null` returns a cap to its configured value). */
  async setLimits(body: SetLimitsRequestDto, by: string): Promise<GovernorStatusDto> {
    const fields: Record<string, string> = {};
    const parse = (name: 'maxPerTx' | 'dailyLimit' | 'sessionLimit'): bigint | null | undefined => {
      const raw = body[name];
      if (raw === undefined || raw === null) return raw;
      try {
        return parseEther(raw);
      } catch {
        fields[name] = 'must be a non-negative decimal ETH amount with at most 18 decimals, or null';
        return undefined;
      }
    };
    const parsed = {
      maxPerTx: parse('maxPerTx'),
      dailyLimit: parse('dailyLimit'),
      sessionLimit: parse('sessionLimit'),
    };
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    const current = await this.#limits.read();
    const pick = (name: keyof typeof parsed) =>
      parsed[name] === undefined ? (current?.[name] ?? null) : (parsed[name] as bigint | null);
    await this.#limits.write({
      maxPerTx: pick('maxPerTx'),
      dailyLimit: pick('dailyLimit'),
      sessionLimit: pick('sessionLimit'),
      updatedAt: Date.now(),
      updatedBy: by,
    });
    await this.syncLimits();
    return this.status();
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

function required(database: Database | undefined): Database {
  if (database === undefined)
    throw new TypeError('GovernorService needs a database, or both a ledger and limits');
  return database;
}
