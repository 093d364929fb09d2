import { DcaValidationError } from '../errors/DcaValidationError.js';
import { uuidv7 } from '../internal/uuidv7.js';
import { comparePrices } from '../price/ratio.js';
import { parseInterval } from '../schedule/parseInterval.js';
import type { DcaCatchUp, DcaInterval, DcaIntervalName, DcaOrder, DcaPrice } from '../types.js';
import { checkPrice } from './checkPrice.js';

/** What a caller gives to create an order. Amounts are base units; times Unix ms. */
export interface DcaOrderInput {
  readonly chainId: number;
  /** Token spent: an address (or any token id of the chain), 1–128 characters without spaces. */
  readonly tokenIn: string;
  /** Token bought; must differ from `tokenIn` (compared case-insensitively). */
  readonly tokenOut: string;
  /** Base units of `tokenIn` per fill, > 0. */
  readonly amountPerFill: bigint;
  /** Whole seconds (≥ 60), a name, or an interval object. */
  readonly interval: number | DcaIntervalName | DcaInterval;
  /** Slot 0; default `now`. At most a minute in the past, at most 366 days ahead. */
  readonly firstRunAt?: number;
  /** Positive integer, or null/absent for no limit. */
  readonly maxFills?: number | null;
  /** Positive base units of `tokenIn`, or null/absent for no limit. */
  readonly maxTotalIn?: bigint | null;
  /** 0 to the `maxSlippageBps` of {@link CreateOrderParameters}. */
  readonly slippageBps: number;
  /** Price band (token in per token out, base units): outside it a slot is skipped. */
  readonly minPrice?: DcaPrice | null;
  readonly maxPrice?: DcaPrice | null;
  /** Default `skip`. */
  readonly catchUp?: DcaCatchUp;
}

/** Parameters of {@link createOrder}. */
export interface CreateOrderParameters {
  readonly input: DcaOrderInput;
  /** Unix ms: the creation time and the default first run. */
  readonly now: number;
  /** The most slippage an order may ask for, basis points (the service's `MAX_SLIPPAGE_BPS`). */
  readonly maxSlippageBps: number;
  /** The order id; default a fresh UUIDv7. */
  readonly id?: string;
}

/** How far in the past `firstRunAt` may be (client clocks differ). */
export const FIRST_RUN_PAST_TOLERANCE_MS = 60_000;
/** How far ahead `firstRunAt` may be. */
export const FIRST_RUN_MAX_AHEAD_MS = 366 * 86_400_000;
const MAX_AMOUNT = 2n ** 256n;
/** Earliest and latest time an order may start (keeps calendar math in four-digit years). */
const MIN_TIME = Date.UTC(2000, 0, 1);
const MAX_TIME = Date.UTC(9000, 0, 1);

const fail = (field: string, message: string): never => {
  throw new DcaValidationError({ field, message });
};

function token(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\S{1,128}$/.test(value)) {
    fail(field, 'expected a token address (1–128 characters, no spaces)');
  }
  return value as string;
}

function amount(value: unknown, field: string): bigint {
  if (typeof value !== 'bigint' || value <= 0n || value >= MAX_AMOUNT) {
    fail(field, 'expected a bigint of base units, greater than 0 and below 2^256');
  }
  return value as bigint;
}

function time(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < MIN_TIME || value > MAX_TIME) {
    fail(field, 'expected Unix milliseconds between 2000 and 9000');
  }
  return value as number;
}

/**
 * Validates a caller's order and returns the new `active` order (version 1, no fills yet, next run at
 * `firstRunAt`). Pure apart from the id it draws when none is given. Throws `DCA_VALIDATION_FAILED` with the
 * offending `field`; a malformed `maxSlippageBps` is reported the same way.
 *
 * @example
 * ```ts
 * const order = createOrder({
 *   input: {
 *     chainId: 8453,
 *     tokenIn: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', // USDC
 *     tokenOut: '0x4200000000000000000000000000000000000006', // WETH
 *     amountPerFill: 25_000_000n, // 25 USDC
 *     interval: 'weekly',
 *     maxFills: 12,
 *     slippageBps: 50,
 *   },
 *   now: Date.now(),
 *   maxSlippageBps: 300,
 * });
 * ```
 */
export function createOrder({ input, now, maxSlippageBps, id }: CreateOrderParameters): DcaOrder {
  const at = time(now, 'now');
  if (!Number.isInteger(maxSlippageBps) || maxSlippageBps < 0 || maxSlippageBps > 10_000) {
    fail('maxSlippageBps', 'expected an integer from 0 to 10000');
  }
  if (typeof input !== 'object' || input === null) fail('order', 'expected an object');
  const { chainId } = input;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    fail('chainId', 'expected a positive integer');
  }
  const tokenIn = token(input.tokenIn, 'tokenIn');
  const tokenOut = token(input.tokenOut, 'tokenOut');
  if (tokenIn.toLowerCase() === tokenOut.toLowerCase()) fail('tokenOut', 'must differ from tokenIn');
  const amountPerFill = amount(input.amountPerFill, 'amountPerFill');
  const interval = parseInterval(input.interval);
  const firstRunAt = input.firstRunAt === undefined ? at : time(input.firstRunAt, 'firstRunAt');
  if (firstRunAt < at - FIRST_RUN_PAST_TOLERANCE_MS) fail('firstRunAt', 'is in the past');
  if (firstRunAt > at + FIRST_RUN_MAX_AHEAD_MS) fail('firstRunAt', 'is more than 366 days ahead');
  const maxFills = input.maxFills ?? null;
  if (maxFills !== null && (!Number.isSafeInteger(maxFills) || maxFills < 1 || maxFills > 1_000_000_000)) {
    fail('maxFills', 'expected a positive integer (at most 1e9)');
  }
  const maxTotalIn =
    input.maxTotalIn === undefined || input.maxTotalIn === null
      ? null
      : amount(input.maxTotalIn, 'maxTotalIn');
  const { slippageBps } = input;
  if (
    typeof slippageBps !== 'number' ||
    !Number.isInteger(slippageBps) ||
    slippageBps < 0 ||
    slippageBps > maxSlippageBps
  ) {
    fail('slippageBps', `expected an integer from 0 to ${maxSlippageBps}`);
  }
  const minPrice =
    input.minPrice === undefined || input.minPrice === null ? null : checkPrice(input.minPrice, 'minPrice');
  const maxPrice =
    input.maxPrice === undefined || input.maxPrice === null ? null : checkPrice(input.maxPrice, 'maxPrice');
  if (minPrice !== null && maxPrice !== null && comparePrices(minPrice, maxPrice) > 0) {
    fail('minPrice', 'is above maxPrice');
  }
  const catchUp = input.catchUp ?? 'skip';
  if (catchUp !== 'skip' && catchUp !== 'once') fail('catchUp', 'expected "skip" or "once"');
  const orderId = id ?? uuidv7(at);
  if (typeof orderId !== 'string' || !/^[\w-]{1,128}$/.test(orderId)) {
    fail('id', 'expected 1–128 letters, digits, "-" or "_"');
  }
  return Object.freeze({
    id: orderId,
    chainId,
    tokenIn,
    tokenOut,
    amountPerFill,
    interval,
    firstRunAt,
    maxFills,
    maxTotalIn,
    slippageBps,
    minPrice,
    maxPrice,
    catchUp,
    status: 'active',
    createdAt: at,
    updatedAt: at,
    version: 1,
    nextSlot: 0,
    nextRunAt: firstRunAt,
    dueAt: firstRunAt,
    openSlot: null,
    totals: Object.freeze({ spent: 0n, received: 0n, fills: 0, skipped: 0, blocked: 0, failed: 0 }),
    consecutiveFailures: 0,
    lastError: null,
    pausedReason: null,
  });
}
