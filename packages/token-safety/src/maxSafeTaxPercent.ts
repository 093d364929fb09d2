/**
 * The highest buy or sell tax, in percent, a token may have and still be reported `isSafe` (inclusive). A higher
 * tax, or an unknown one, makes the report unsafe whatever the score.
 *
 * @example
 * ```ts
 * report.tax.sellTax !== null && report.tax.sellTax <= MAX_SAFE_TAX_PERCENT;
 * ```
 */
export const MAX_SAFE_TAX_PERCENT = 10;
