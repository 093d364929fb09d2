import type { Refusal } from './checkPolicy.js';

/** The parts of a token-safety report the gate reads. Taxes are percent (0–100); `null` means unknown. */
export interface SafetyVerdictInput {
  readonly token: string;
  readonly tax: {
    readonly isHoneypot: boolean | null;
    /** What a buy loses to the token itself (percent of what the pool sends); `null` when unknown. */
    readonly buyTax: number | null;
    readonly sellTax: number | null;
  };
  readonly factors: readonly { readonly id: string; readonly veto: boolean; readonly reason: string }[];
}

/** Parameters of {@link checkAcquiredTokens}. */
export interface CheckAcquiredTokensParameters {
  /** One report per token the intent acquires. */
  readonly reports: readonly SafetyVerdictInput[];
  /** Highest acceptable sell tax in basis points (default 1000 = 10%). */
  readonly maxSellTaxBps?: number;
  /** Highest acceptable buy tax in basis points (default 1000 = 10%). */
  readonly maxBuyTaxBps?: number;
}

/** Default highest acceptable sell tax of an acquired token: 10%. */
export const DEFAULT_MAX_SELL_TAX_BPS = 1000;
/** Default highest acceptable buy tax of an acquired token: 10%. */
export const DEFAULT_MAX_BUY_TAX_BPS = 1000;

/**
 * Step 3 of the gateway (pure): may the wallet acquire these tokens? A confirmed honeypot or any veto factor →
 * `TOKEN_UNSAFE` (never overridable); honeypot status, buy tax or sell tax unknown → `TOKEN_SAFETY_UNKNOWN`; buy tax
 * above `maxBuyTaxBps` → `TOKEN_BUY_TAX_TOO_HIGH`; sell tax above `maxSellTaxBps` → `TOKEN_SELL_TAX_TOO_HIGH`. The
 * two taxes follow the same rules: a buy tax is what the purchase itself loses, a sell tax what getting out loses. It
 * gates on these facts, not on `isSafe`: a devnet token proven sellable by simulation is buyable although its score
 * is capped for lack of provider data. `null` means allowed.
 *
 * @example
 * ```ts
 * checkAcquiredTokens({ reports: [report], maxSellTaxBps: 500, maxBuyTaxBps: 300 });
 * ```
 */
export function checkAcquiredTokens({
  reports,
  maxSellTaxBps = DEFAULT_MAX_SELL_TAX_BPS,
  maxBuyTaxBps = DEFAULT_MAX_BUY_TAX_BPS,
}: CheckAcquiredTokensParameters): Refusal | null {
  for (const [name, limit] of [
    ['maxSellTaxBps', maxSellTaxBps],
    ['maxBuyTaxBps', maxBuyTaxBps],
  ] as const) {
    if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) {
      return { code: 'INTENT_INVALID', reason: `${name} must be an integer from 0 to 10000` };
    }
  }
  // Proven harm first, over every token: it is refused, never held because something else is unknown.
  for (const report of reports) {
    if (report.tax.isHoneypot === true) {
      return { code: 'TOKEN_UNSAFE', reason: `${report.token} is a honeypot: it cannot be sold` };
    }
    const veto = report.factors.find((f) => f.veto);
    if (veto) return { code: 'TOKEN_UNSAFE', reason: `${report.token}: ${veto.reason}` };
    for (const [side, tax, limit, code] of taxesOf(report, maxBuyTaxBps, maxSellTaxBps)) {
      // Percent → basis points, rounded up so 10.001% is not read as 10%.
      if (isKnownTax(tax) && Math.ceil(tax * 100) > limit) {
        return {
          code,
          reason: `${report.token} has a ${tax}% ${side} tax, above the ${limit / 100}% allowed`,
        };
      }
    }
  }
  for (const report of reports) {
    if (report.tax.isHoneypot !== false) {
      return { code: 'TOKEN_SAFETY_UNKNOWN', reason: `the honeypot status of ${report.token} is unknown` };
    }
    for (const [side, tax] of taxesOf(report, maxBuyTaxBps, maxSellTaxBps)) {
      if (!isKnownTax(tax)) {
        return { code: 'TOKEN_SAFETY_UNKNOWN', reason: `the ${side} tax of ${report.token} is unknown` };
      }
    }
  }
  return null;
}

function taxesOf(report: SafetyVerdictInput, maxBuyTaxBps: number, maxSellTaxBps: number) {
  return [
    ['buy', report.tax.buyTax, maxBuyTaxBps, 'TOKEN_BUY_TAX_TOO_HIGH'],
    ['sell', report.tax.sellTax, maxSellTaxBps, 'TOKEN_SELL_TAX_TOO_HIGH'],
  ] as const;
}

/** A tax is known when it is a finite percent (anything else — null, NaN, a negative — is unknown). */
function isKnownTax(tax: number | null | undefined): tax is number {
  return typeof tax === 'number' && Number.isFinite(tax) && tax >= 0;
}
