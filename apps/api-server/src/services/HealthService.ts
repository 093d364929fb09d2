import type { Database } from 'better-sqlite3';
import type { HealthDto } from '../dto/wallet.js';
import type { ChainProviders } from './ChainProviders.js';

/** How long one health answer is reused: `/health` needs no key, so it must not let anyone hammer the nodes. */
const CACHE_MS = 2_000;
/** Each node gets this long to answer `eth_chainId`. */
const PING_TIMEOUT_MS = 1_500;

/**
 * `/health`: the database answers a read, and each configured chain's node answers `eth_chainId` with its own id.
 * Results are shared for 2 s (concurrent callers wait for the same check), and say nothing an attacker could use
 * (counts only; no chain names, URLs or errors).
 */
export class HealthService {
  readonly #version: string;
  readonly #database: Database;
  readonly #providers: ChainProviders;
  #last: { at: number; answer: Promise<HealthDto> } | undefined;

  constructor({
    version,
    database,
    providers,
  }: { version: string; database: Database; providers: ChainProviders }) {
    this.#version = version;
    this.#database = database;
    this.#providers = providers;
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
      if (this.#database.open && this.#database.prepare('SELECT 1 AS one').get() !== undefined)
        database = 'ok';
    } catch {
      database = 'down';
    }
    const configured = this.#providers.configured();
    const answers = await Promise.all(configured.map((c) => this.#providers.ping(c.id, PING_TIMEOUT_MS)));
    const ok = answers.filter(Boolean).length;
    const status = database === 'down' ? 'down' : ok < configured.length ? 'degraded' : 'ok';
    return { status, version: this.#version, checks: { database, chains: { ok, total: configured.length } } };
  }
}
