import { describe, expect, it } from 'vitest';
import type { DcaOrder } from '../api/schemas';
import { toDcaOrderView } from './toDcaOrderView';

const usdc = { symbol: 'USDC', token: '0x00000000000000000000000000000000000000a1', decimals: 6 };
const wbtc = { symbol: 'WBTC', token: '0x00000000000000000000000000000000000000b2', decimals: 8 };
const amount = (t: typeof usdc, base: string) => ({ ...t, amount: null, amountBase: base });

function order(over: Partial<DcaOrder> = {}): DcaOrder {
  return {
    id: 'dca_1',
    status: 'active',
    chain: { id: 31337, name: 'devnet' },
    tokenIn: usdc,
    tokenOut: wbtc,
    amountPerFill: amount(usdc, '300000000'),
    interval: { kind: 'seconds', seconds: 3600, months: null, name: 'hourly' },
    firstRunAt: '2026-01-01T00:00:00.000Z',
    nextRunAt: '2026-01-01T02:00:00.000Z',
    nextSlot: 2,
    maxFills: null,
    maxTotalIn: null,
    slippageBps: 50,
    minPrice: null,
    maxPrice: null,
    catchUp: 'skip',
    totals: {
      spent: amount(usdc, '600000000'),
      // Beyond what a float holds exactly: the text must still be exact.
      received: amount(wbtc, '123456789012345678901'),
      fills: 2,
      skipped: 1,
      blocked: 0,
      failed: 3,
      averagePrice: null,
    },
    consecutiveFailures: 0,
    lastError: null,
    pausedReason: null,
    openSlot: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T01:00:00.000Z',
    version: 3,
    ...over,
  } as DcaOrder;
}

describe('toDcaOrderView', () => {
  it('says an active order in words: pair, amount per fill, interval, next run, exact totals', () => {
    expect(toDcaOrderView(order())).toEqual({
      id: 'dca_1',
      status: 'active',
      chain: 'devnet',
      summary: '300 USDC → WBTC every hour',
      every: 'every hour',
      next: expect.stringMatching(/^next fill (in \d+ \w+|\d+ \w+ ago) \(2026-01-01 02:00 UTC\)$/),
      totals:
        'spent 600 USDC, received 1\u2009234\u2009567\u2009890\u2009123.46 WBTC (2 fills, 1 skipped, 0 blocked, 3 failed)',
      paused: null,
      lastError: null,
      updatedAt: '2026-01-01T01:00:00.000Z',
    });
  });

  it('says why a paused order is paused, and its last error', () => {
    const v = toDcaOrderView(
      order({
        status: 'paused',
        nextRunAt: null,
        pausedReason: {
          code: 'CONSECUTIVE_FAILURES',
          reason: 'Three fills failed in a row.',
          fillCode: 'TX_REVERTED',
          slot: 4,
          at: '2026-01-01T04:00:00.000Z',
        },
        lastError: { code: 'TX_REVERTED', reason: 'reverted', slot: 4, at: '2026-01-01T04:00:00.000Z' },
      }),
    );
    expect(v.status).toBe('paused');
    expect(v.next).toBe('no fill while paused');
    expect(v.paused).toBe('CONSECUTIVE_FAILURES: Three fills failed in a row.');
    expect(v.lastError).toBe('TX_REVERTED: reverted (2026-01-01T04:00:00.000Z)');
  });

  it('says a terminal order will not fill again', () => {
    expect(toDcaOrderView(order({ status: 'completed', nextRunAt: null })).next).toBe(
      'no more fills: completed',
    );
    expect(toDcaOrderView(order({ status: 'cancelled', nextRunAt: null })).next).toBe(
      'no more fills: cancelled',
    );
  });

  it('words unnamed intervals, the native coin, and unknown decimals as base units', () => {
    const v = toDcaOrderView(
      order({
        tokenOut: { symbol: null, token: 'native', decimals: 18 },
        amountPerFill: {
          symbol: null,
          token: '0x00000000000000000000000000000000000000c3',
          amount: null,
          amountBase: '5',
          decimals: null,
        },
        interval: { kind: 'seconds', seconds: 90, months: null, name: null },
      }),
    );
    expect(v.summary).toBe('5 base units of 0x00000000000000000000000000000000000000c3 → ETH every 90 s');
    expect(
      toDcaOrderView(order({ interval: { kind: 'seconds', seconds: 7200, months: null, name: null } })).every,
    ).toBe('every 2 h');
    expect(
      toDcaOrderView(order({ interval: { kind: 'months', seconds: null, months: 3, name: null } })).every,
    ).toBe('every 3 months');
  });
});
