/** An ETH-equivalent amount: decimal string in ETH plus the exact wei string. */
export interface EthAmountDto {
  /** e.g. `"0.05"` */
  eth: string;
  /** e.g. `"50000000000000000"` */
  wei: string;
}

export interface WindowSpendDto {
  committed: EthAmountDto;
  reserved: EthAmountDto;
  total: EthAmountDto;
}

export interface OpenReservationDto {
  id: string;
  action: string;
  value: EthAmountDto;
  reservedAt: string;
  /** Older than the reservation TTL: probably a crash between reserve and commit. Still counted until reconciled. */
  expired: boolean;
}

/** The spend governor's state. */
export interface GovernorStatusDto {
  /** When on, every fund-moving action is blocked regardless of limits. */
  killSwitch: boolean;
  /**
   * The one place the confirmation rule is stated: which fund-moving actions the gateway holds for an operator
   * (`mode`, from `CONFIRM_MODE`: `off`, `unknown`, `all`, `above:<eth>`), how long a held action waits, whether an
   * operator key is configured, and whether a confirmation callback (`confirmFn` given to `startServer`, the
   * library path) is also asked for every reservation.
   */
  confirmations: {
    mode: string;
    /** A `confirmFn` was given to `startServer`: the governor asks it for every reservation (a throw denies). */
    callback: boolean;
    /** @isInt */
    ttlSeconds: number;
    operatorKeyConfigured: boolean;
  };
  /** `rolling-24h` (default) or `utc-day`. */
  dailyWindow: string;
  /** Start of the current daily window (ISO 8601). */
  windowStart: string;
  sessionStartedAt: string;
  limits: { maxPerTx: EthAmountDto; dailyLimit: EthAmountDto; sessionLimit: EthAmountDto };
  spent: { daily: WindowSpendDto; session: WindowSpendDto };
  remaining: { perTx: EthAmountDto; daily: EthAmountDto; session: EthAmountDto };
  openReservations: OpenReservationDto[];
  at: string;
}

/** Body of `PUT /governor/limits`: caps in ETH (decimal strings, ≤ 18 places); `null` returns one to its configured value; an absent one stays. */
export interface SetLimitsRequestDto {
  /** @maxLength 100 */
  maxPerTx?: string | null;
  /** @maxLength 100 */
  dailyLimit?: string | null;
  /** @maxLength 100 */
  sessionLimit?: string | null;
}
