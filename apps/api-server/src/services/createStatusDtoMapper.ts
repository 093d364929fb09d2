import { formatEther, type GovernorStatus } from '@org/governor';
import type { EthAmountDto, GovernorStatusDto, WindowSpendDto } from '../dto/governor.js';

/** Distinct amounts remembered; a status holds 15, most of them the same from one call to the next. */
const MEMO_SIZE = 256;

/**
 * A mapper from the governor's status to its HTTP view. Amounts are formatted once per distinct value and shared
 * (frozen) between answers: the limits never change and most figures repeat from one status to the next, so a
 * status read costs a map lookup per amount instead of a bigint division and a string pad.
 *
 * @example
 * ```ts
 * const toDto = createStatusDtoMapper();
 * res.json(toDto(await governor.status()));
 * ```
 */
export function createStatusDtoMapper(): (
  status: GovernorStatus,
) => Omit<GovernorStatusDto, 'confirmations'> {
  const memo = new Map<bigint, EthAmountDto>();
  const eth = (wei: bigint): EthAmountDto => {
    let dto = memo.get(wei);
    if (dto === undefined) {
      if (memo.size >= MEMO_SIZE) memo.clear();
      dto = Object.freeze({ eth: formatEther(wei), wei: wei.toString() });
      memo.set(wei, dto);
    }
    return dto;
  };
  const windowDto = (w: { committed: bigint; reserved: bigint; total: bigint }): WindowSpendDto => ({
    committed: eth(w.committed),
    reserved: eth(w.reserved),
    total: eth(w.total),
  });
  return (s) => ({
    killSwitch: s.killSwitch,
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
  });
}
