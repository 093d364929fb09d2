import { describe, expect, it } from 'vitest';
import { T0, testInput, USDC, WETH } from '../testing/fixtures.js';
import { createOrder, type DcaOrderInput } from './createOrder.js';

const create = (input: Partial<DcaOrderInput> | Record<string, unknown>, maxSlippageBps = 300) =>
  createOrder({ input: { ...testInput(), ...input } as DcaOrderInput, now: T0, maxSlippageBps });

describe('createOrder', () => {
  it('returns a new active order with its defaults: first run now, catch-up skip, no limits, version 1', () => {
    const order = createOrder({ input: testInput({ interval: 'daily' }), now: T0, maxSlippageBps: 300 });
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      chainId: 8453,
      tokenIn: USDC,
      tokenOut: WETH,
      amountPerFill: 25_000_000n,
      interval: { kind: 'seconds', seconds: 86_400 },
      firstRunAt: T0,
      maxFills: null,
      maxTotalIn: null,
      slippageBps: 50,
      minPrice: null,
      maxPrice: null,
      catchUp: 'skip',
      status: 'active',
      createdAt: T0,
      updatedAt: T0,
      version: 1,
      nextSlot: 0,
      nextRunAt: T0,
      dueAt: T0,
      openSlot: null,
      totals: { spent: 0n, received: 0n, fills: 0, skipped: 0, blocked: 0, failed: 0 },
      consecutiveFailures: 0,
      lastError: null,
      pausedReason: null,
    });
    expect(parseInt(order.id.replaceAll('-', '').slice(0, 12), 16)).toBe(T0); // UUIDv7 carries the creation time
  });

  it('keeps the limits, band and policy given, and reduces prices', () => {
    const order = create({
      firstRunAt: T0 + 3_600_000,
      maxFills: 10,
      maxTotalIn: 1n,
      minPrice: { numerator: 2n, denominator: 4n },
      maxPrice: { numerator: 3n, denominator: 3n },
      catchUp: 'once',
      slippageBps: 300,
    });
    expect(order).toMatchObject({
      nextRunAt: T0 + 3_600_000,
      maxFills: 10,
      maxTotalIn: 1n,
      minPrice: { numerator: 1n, denominator: 2n },
      maxPrice: { numerator: 1n, denominator: 1n },
      catchUp: 'once',
    });
  });

  it.each([
    ['chainId', { chainId: 0 }],
    ['chainId', { chainId: 1.5 }],
    ['tokenIn', { tokenIn: '' }],
    ['tokenIn', { tokenIn: 'has space' }],
    ['tokenOut', { tokenOut: USDC.toLowerCase() }],
    ['amountPerFill', { amountPerFill: 0n }],
    ['amountPerFill', { amountPerFill: 25 }],
    ['amountPerFill', { amountPerFill: 2n ** 256n }],
    ['interval', { interval: 59 }],
    ['interval', { interval: 'yearly' }],
    ['firstRunAt', { firstRunAt: T0 - 60_001 }],
    ['firstRunAt', { firstRunAt: T0 + 367 * 86_400_000 }],
    ['firstRunAt', { firstRunAt: Number.NaN }],
    ['maxFills', { maxFills: 0 }],
    ['maxFills', { maxFills: 2.5 }],
    ['maxTotalIn', { maxTotalIn: 0n }],
    ['slippageBps', { slippageBps: 301 }],
    ['slippageBps', { slippageBps: -1 }],
    ['slippageBps', { slippageBps: 0.5 }],
    ['minPrice', { minPrice: { numerator: 0n, denominator: 1n } }],
    ['minPrice', { minPrice: { numerator: 1, denominator: 1 } }],
    ['maxPrice', { maxPrice: { numerator: 1n, denominator: -1n } }],
    [
      'minPrice',
      { minPrice: { numerator: 3n, denominator: 2n }, maxPrice: { numerator: 4n, denominator: 3n } },
    ],
    ['catchUp', { catchUp: 'all' }],
  ])('refuses a bad %s (case %#)', (field, input) => {
    expect(() => create(input)).toThrow(expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field }));
  });

  it('accepts a first run up to a minute in the past, and a slippage at the maximum', () => {
    expect(create({ firstRunAt: T0 - 60_000, slippageBps: 300 }).nextRunAt).toBe(T0 - 60_000);
  });

  it('refuses a bad maximum slippage and a bad id', () => {
    expect(() => create({}, 10_001)).toThrow(expect.objectContaining({ field: 'maxSlippageBps' }));
    expect(() => createOrder({ input: testInput(), now: T0, maxSlippageBps: 300, id: 'a b' })).toThrow(
      expect.objectContaining({ field: 'id' }),
    );
  });
});
