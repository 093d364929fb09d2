import type { DcaAmount, DcaOrder } from '../api/schemas';
import { forPeople } from '../format/forPeople';
import { formatUnits } from '../format/formatUnits';
import { relativeTime } from '../format/relativeTime';

/** A DCA order as the DCA panel shows it: every fact in words, amounts exact. */
export interface DcaOrderView {
  readonly id: string;
  /** `active`, `paused`, `cancelled` or `completed` (shown as words, with a symbol). */
  readonly status: string;
  readonly chain: string;
  /** `25 USDC → WETH every day`. */
  readonly summary: string;
  /** `every hour`, `every 90 s`, `every 3 months`. */
  readonly every: string;
  /** When the next fill runs, or why none will. */
  readonly next: string;
  /** What it spent and received, and its fills by outcome. */
  readonly totals: string;
  /** Why it is paused (code and reason), when it is. */
  readonly paused: string | null;
  /** The last failed, blocked or skipped fill (code and reason), when there is one. */
  readonly lastError: string | null;
  readonly updatedAt: string;
}

const NAMED: Record<string, string> = {
  hourly: 'every hour',
  daily: 'every day',
  weekly: 'every week',
  biweekly: 'every two weeks',
  monthly: 'every month',
};

/** `300 USDC`: human units from the base units and decimals (never a float), rounded for people; base units when decimals are unknown. */
function amountText(a: DcaAmount): string {
  const symbol = a.symbol ?? (a.token === 'native' ? 'ETH' : a.token);
  return a.decimals === null
    ? `${a.amountBase} base units of ${symbol}`
    : `${forPeople(formatUnits(a.amountBase, a.decimals))} ${symbol}`;
}

function everyText(interval: DcaOrder['interval']): string {
  if (interval.name !== null && NAMED[interval.name]) return NAMED[interval.name] as string;
  if (interval.kind === 'months')
    return interval.months === 1 ? 'every month' : `every ${interval.months} months`;
  const s = interval.seconds ?? 0;
  if (s % 86_400 === 0) return `every ${s / 86_400} days`;
  if (s % 3_600 === 0) return `every ${s / 3_600} h`;
  if (s % 60 === 0) return `every ${s / 60} min`;
  return `every ${s} s`;
}

function nextText(o: DcaOrder): string {
  if (o.status === 'active')
    return o.nextRunAt === null
      ? 'next fill: not scheduled'
      : `next fill ${relativeTime(o.nextRunAt, Date.now())} (${o.nextRunAt.slice(0, 16).replace('T', ' ')} UTC)`;
  if (o.status === 'paused') return 'no fill while paused';
  return o.status === 'completed' ? 'no more fills: completed' : 'no more fills: cancelled';
}

/**
 * One order for display: its status, pair and amount per fill, interval, next run, totals (spent, received, fills
 * by outcome), why it is paused and its last error, all as text.
 *
 * @example
 * ```ts
 * toDcaOrderView(order).summary; // '300 USDC → WBTC every hour'
 * ```
 */
export function toDcaOrderView(o: DcaOrder): DcaOrderView {
  const tokenOut = o.tokenOut.symbol ?? (o.tokenOut.token === 'native' ? 'ETH' : o.tokenOut.token);
  const every = everyText(o.interval);
  const t = o.totals;
  const outcomes = [
    `${t.fills} ${t.fills === 1 ? 'fill' : 'fills'}`,
    `${t.skipped} skipped`,
    `${t.blocked} blocked`,
    `${t.failed} failed`,
  ].join(', ');
  return {
    id: o.id,
    status: o.status,
    chain: o.chain.name,
    summary: `${amountText(o.amountPerFill)} → ${tokenOut} ${every}`,
    every,
    next: nextText(o),
    totals: `spent ${amountText(t.spent)}, received ${amountText(t.received)} (${outcomes})`,
    paused: o.pausedReason === null ? null : `${o.pausedReason.code}: ${o.pausedReason.reason}`,
    lastError: o.lastError === null ? null : `${o.lastError.code}: ${o.lastError.reason} (${o.lastError.at})`,
    updatedAt: o.updatedAt,
  };
}
