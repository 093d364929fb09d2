import type { Database } from 'better-sqlite3';
import type { HealthDto } from '../dto/wallet.js';
import type { ChainProviders } from './ChainProviders.js';

/** How long one health answer is reused: `/health` needs no key, so it must not let anyone hammer the nodes. */
const CACHE_MS = 2_000;
/** Each node gets this long to answer `eth_chainId`. */
const PING_TIMEOUT_MS = 1_500;

/**
 * `/health`: the database answers a read, each configured chain's node answers `eth_chainId` with its own id, and no
 * re-scan after a reorg or a reset runs (`degraded` while one does).
 * Results are shared for 2 s (concurrent callers wait for the same check), and say nothing an attacker could use
 * (counts only; no chain names, URLs or errors).
 */
export class HealthService {
  readonly #version: string;
  readonly #ping: () => boolean | Promise<boolean>;
  readonly #providers: ChainProviders;
  readonly #rescans: { running(): number } | undefined;
  #last: { at: number; answer: Promise<HealthDto> } | undefined;

  constructor({
    version,
    database,
    ping,
    providers,
    rescans,
  }: {
    version: string;
    /** The SQLite database that must answer a read; or, for any backend, `ping`. */
    database?: Database;
    /** The store backend answers a read (the store factory's `ping`). */
    ping?: () => boolean | Promise<boolean>;
    providers: ChainProviders;
    /** Re-scans running after a reorg or a reset (`degraded` while any runs). */
    rescans?: { running(): number };
  }) {
    this.#version = version;
    this.#ping =
      ping ?? (() => database?.open === true && database.prepare('SELECT 1 AS one').get() !== undefined);
    this.#providers = providers;
    this.#rescans = rescans;
  }

  check(): Promise<HealthDto> {
    const now = Date.now();
    if (this.#last === undefined || now - this.#last.at >= CACHE_MS) {
      this.#last = { at: now, answer: this.#run() };
    }
    return this.#last.answer;
  }

  async #run(): Promise<HealthDto> {
    let database: 'ok' | 'down' = 'down';
    try {
      if (await this.#ping()) database = 'ok';
    } catch {
      database = 'down';
    }
    const configured = this.#providers.configured();
    const answers = await Promise.all(configured.map((c) => this.#providers.ping(c.id, PING_TIMEOUT_MS)));
    const ok = answers.filter(Boolean).length;
    const rescans = this.#rescans?.running() ?? 0;
    const status = database === 'down' ? 'down' : ok < configured.length || rescans > 0 ? 'degraded' : 'ok';
    return {
      status,
      version: this.#version,
      checks: { database, chains: { ok, total: configured.length }, rescans },
    };
  }
}
