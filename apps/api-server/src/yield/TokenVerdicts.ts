import { checkAcquiredTokens, type SafetyVerdictInput } from '@org/chain-evm';
import type { TokenVerdict } from './rankingTypes.js';

/** The native currency as DefiLlama lists it (the zero address, or the 0xEeee… convention): safe by definition. */
const NATIVE = new Set([
  '0x0000000000000000000000000000000000000000',
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
]);
const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * Token-safety verdicts for the yield ranking, from the app's token-safety reports (the gateway's own reading of
 * them: `checkAcquiredTokens` — a honeypot, a veto or a sell tax over 10% is `unsafe`; an unknown honeypot status or
 * tax is `unknown`), cached for `ttlMs`. `lookup` is synchronous (`unchecked` until `check` ran); a token that is not
 * an EVM address, or on a chain outside the registry, is `unknown`; the native currency is `safe`.
 *
 * @example
 * ```ts
 * await verdicts.check(1, ['0xa0b8…']);
 * verdicts.lookup(1, '0xa0b8…'); // 'safe' | 'unsafe' | 'unknown'
 * ```
 */
export class TokenVerdicts {
  readonly #report: (chainId: number, token: string) => Promise<SafetyVerdictInput>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, { verdict: TokenVerdict; at: number }>();

  constructor({
    report,
    ttlMs,
    now = Date.now,
  }: {
    report: (chainId: number, token: string) => Promise<SafetyVerdictInput>;
    ttlMs: number;
    now?: () => number;
  }) {
    this.#report = report;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  lookup(chainId: number | null, token: string): TokenVerdict | 'unchecked' {
    const fixed = this.#fixed(chainId, token);
    if (fixed !== null) return fixed;
    const hit = this.#cache.get(`${chainId}:${token.toLowerCase()}`);
    return hit !== undefined && this.#now() - hit.at <= this.#ttlMs ? hit.verdict : 'unchecked';
  }

  /** Fetches the verdicts not cached (in parallel). Never throws: a failed report is `unknown`. */
  async check(chainId: number | null, tokens: readonly string[]): Promise<void> {
    if (chainId === null) return;
    await Promise.all(
      [...new Set(tokens.map((t) => t.toLowerCase()))].map(async (token) => {
        if (this.lookup(chainId, token) !== 'unchecked') return;
        let verdict: TokenVerdict;
        try {
          const refusal = checkAcquiredTokens({ reports: [await this.#report(chainId, token)] });
          verdict =
            refusal === null ? 'safe' : refusal.code === 'TOKEN_SAFETY_UNKNOWN' ? 'unknown' : 'unsafe';
        } catch {
          verdict = 'unknown';
        }
        this.#cache.set(`${chainId}:${token}`, { verdict, at: this.#now() });
        if (this.#cache.size > 10_000) {
          const oldest = this.#cache.keys().next().value;
          if (oldest !== undefined) this.#cache.delete(oldest);
        }
      }),
    );
  }

  #fixed(chainId: number | null, token: string): TokenVerdict | null {
    const lower = token.toLowerCase();
    if (!ADDRESS.test(lower)) return 'unknown';
    if (NATIVE.has(lower)) return 'safe';
    if (chainId === null) return 'unknown';
    return null;
  }
}
