import type { Refusal } from './checkPolicy.js';

/** The parts of a token-safety report the gate reads. */
export interface SafetyVerdictInput {
  readonly token: string;
  readonly tax: { readonly isHoneypot: boolean | null; readonly sellTax: number | null };
  readonly factors: readonly { readonly id: string; readonly veto: boolean; readonly reason: string }[];
}

/** Parameters of {@link checkAcquiredTokens}. */
export interface CheckAcquiredTokensParameters {
  /** One report per token the intent acquires. */
  readonly reports: readonly SafetyVerdictInput[];
  /** Highest acceptable sell tax in basis points (default 1000 = 10%). */
  readonly maxSellTaxBps?: number;
}

/** Default highest acceptable sell tax of an acquired token: 10%. */
export const DEFAULT_MAX_SELL_TAX_BPS = 1000;

/**
 * Step 3 of the gateway (pure): may the wallet acquire these tokens? A confirmed honeypot or any veto factor →
 * `TOKEN_UNSAFE` (never overridable); honeypot status unknown → `TOKEN_SAFETY_UNKNOWN`; sell tax unknown →
 * `TOKEN_SAFETY_UNKNOWN`; sell tax above `maxSellTaxBps` → `TOKEN_SELL_TAX_TOO_HIGH`. It gates on these facts, not on
 * `isSafe`: a devnet token proven sellable by simulation is buyable although its score is capped for lack of
 * provider data. `null` means allowed.
 *
 * @example
 * ```ts
 * checkAcquiredTokens({ reports: [report], maxSellTaxBps: 500 });
 * ```
 */
export function checkAcquiredTokens({
  reports,
  maxSellTaxBps = DEFAULT_MAX_SELL_TAX_BPS,
}: CheckAcquiredTokensParameters): Refusal | null {
  if (!Number.isInteger(maxSellTaxBps) || maxSellTaxBps < 0 || maxSellTaxBps > 10_000) {
    return { code: 'INTENT_INVALID', reason: 'maxSellTaxBps must be an integer from 0 to 10000' };
  }
  for (const report of reports) {
    if (report.tax.isHoneypot === true) {
      return { code: 'TOKEN_UNSAFE', reason: `${report.token} is a honeypot: it cannot be sold` };
    }
    const veto = report.factors.find((f) => f.veto);
    if (veto) return { code: 'TOKEN_UNSAFE', reason: `${report.token}: ${veto.reason}` };
    if (report.tax.isHoneypot !== false) {
      return { code: 'TOKEN_SAFETY_UNKNOWN', reason: `the honeypot status of ${report.token} is unknown` };
    }
    const sellTax = report.tax.sellTax;
    if (sellTax === null || !Number.isFinite(sellTax)) {
      return { code: 'TOKEN_SAFETY_UNKNOWN', reason: `the sell tax of ${report.token} is unknown` };
    }
    // Percent → basis points, rounded up so 10.001% is not read as 10%.
    if (Math.ceil(sellTax * 100) > maxSellTaxBps) {
      return {
        code: 'TOKEN_SELL_TAX_TOO_HIGH',
        reason: `${report.token} has a ${sellTax}% sell tax, above the ${maxSellTaxBps / 100}% allowed`,
      };
    }
  }
  return null;
}
