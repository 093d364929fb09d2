/**
 * The days of history a vault's share-price samples make: the span from the first sample to the newest, but never
 * more than the daily points minus one — two samples a month apart are one day of history, not thirty (review M19).
 * What ranking eligibility (`YIELD_MIN_HISTORY_DAYS`) and compound's rate both count.
 *
 * @example
 * ```ts
 * vaultHistoryDays({ historyDays: 31, dailyPoints: 2 }); // 1
 * vaultHistoryDays({ historyDays: 30, dailyPoints: 31 }); // 30
 * ```
 */
export function vaultHistoryDays(measured: { historyDays: number; dailyPoints: number }): number {
  return Math.max(0, Math.min(measured.historyDays, measured.dailyPoints - 1));
}
