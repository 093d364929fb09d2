import { parseAddress } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';
import type { OpportunityFilters, OpportunitySort } from './filterOpportunities.js';

/** The raw query of the `/yield/*` reads (strings and numbers as tsoa parsed them). */
export interface YieldQueryInput {
  chain?: string;
  asset?: string;
  project?: string;
  minApy?: number;
  minTvl?: number;
  stablecoin?: boolean;
  singleExposure?: boolean;
  /** `single`, `multi` or `any`; for `best` and `compare` (an asset is asked) the default is `single`. */
  exposure?: string;
  includeOutliers?: boolean;
  source?: string;
  sort?: string;
  limit?: number;
  amount?: string;
}

/** A validated query. */
export interface YieldQuery {
  readonly filters: OpportunityFilters;
  readonly chain: string | undefined;
  readonly sort: OpportunitySort;
  readonly limit: number;
  /** The asset as given (for the answer). */
  readonly assetText: string | null;
  /** Digits of the amount (`"1.5"`), validated; converted per vault with its asset's decimals. */
  readonly amount: string | null;
}

const SORTS: readonly OpportunitySort[] = ['apy', 'apyBase', 'apyMean30d', 'tvl'];

/**
 * Validates the query of `/yield/opportunities`, `/yield/best` and `/yield/compare` into filters: every problem is
 * named in one 422 `VALIDATION_FAILED` (`fields`); a malformed address is `INVALID_ADDRESS`. The chain is resolved by
 * the caller (`resolveChain`, so an unknown chain is `UNSUPPORTED_CHAIN`). No I/O.
 *
 * @example
 * ```ts
 * const q = parseYieldQuery({ input: { asset: 'USDC', limit: 10 }, limits: { defaultLimit: 50, maxLimit: 500 }, resolveChain });
 * ```
 */
export function parseYieldQuery({
  input,
  limits,
  requireAsset = false,
  resolveChain,
}: {
  input: YieldQueryInput;
  limits: { defaultLimit: number; maxLimit: number };
  requireAsset?: boolean;
  resolveChain: (chain: string) => number;
}): YieldQuery {
  const fields: Record<string, string> = {};
  const filters: { -readonly [K in keyof OpportunityFilters]: OpportunityFilters[K] } = {};
  const asset = input.asset?.trim();
  if (asset === undefined || asset === '') {
    if (requireAsset) fields.asset = 'required: a token symbol (USDC) or a 0x address';
  } else if (/^0x/i.test(asset)) {
    filters.asset = { kind: 'address', address: parseAddress({ address: asset }).toLowerCase() };
  } else if (/^[A-Za-z0-9.+_-]{1,32}$/.test(asset)) {
    filters.asset = { kind: 'symbol', symbol: asset.toUpperCase() };
  } else {
    fields.asset = 'a token symbol (letters, digits, ".", "+", "_", "-"; at most 32) or a 0x address';
  }
  if (input.project !== undefined) {
    if (/^[a-z0-9][a-z0-9._-]{0,99}$/i.test(input.project)) filters.project = input.project.toLowerCase();
    else fields.project = "a protocol slug as DefiLlama names it (e.g. 'aave-v3')";
  }
  if (input.minApy !== undefined) {
    if (Number.isFinite(input.minApy) && input.minApy >= -100 && input.minApy <= 1_000_000) {
      filters.minApy = input.minApy;
    } else fields.minApy = 'a number of percent from -100 to 1000000';
  }
  if (input.minTvl !== undefined) {
    if (Number.isFinite(input.minTvl) && input.minTvl >= 0 && input.minTvl <= 1e15)
      filters.minTvlUsd = input.minTvl;
    else fields.minTvl = 'a number of USD from 0 to 1e15';
  }
  if (input.stablecoin === true) filters.stablecoinOnly = true;
  if (input.singleExposure === true) filters.singleExposureOnly = true;
  // A single-asset request (best, compare) is answered with single-asset pools unless multi-asset ones (impermanent
  // loss, both tokens needed) are asked for.
  const exposure = input.exposure ?? (requireAsset && input.singleExposure !== false ? 'single' : 'any');
  if (exposure === 'single') filters.singleExposureOnly = true;
  else if (exposure === 'multi') {
    if (input.singleExposure === true) fields.exposure = 'multi contradicts singleExposure=true';
    filters.multiExposureOnly = true;
  } else if (exposure !== 'any') fields.exposure = 'one of single, multi, any';
  if (input.includeOutliers === true) filters.includeOutliers = true;
  if (input.source !== undefined && input.source !== 'all') {
    if (input.source === 'defillama' || input.source === 'onchain') filters.source = input.source;
    else fields.source = 'one of all, defillama, onchain';
  }
  let sort: OpportunitySort = 'apy';
  if (input.sort !== undefined) {
    if ((SORTS as readonly string[]).includes(input.sort)) sort = input.sort as OpportunitySort;
    else fields.sort = `one of ${SORTS.join(', ')}`;
  }
  const limit = input.limit ?? limits.defaultLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.maxLimit) {
    fields.limit = `an integer from 1 to ${limits.maxLimit}`;
  }
  let amount: string | null = null;
  if (input.amount !== undefined) {
    if (/^[0-9]{1,40}(\.[0-9]{1,18})?$/.test(input.amount) && /[1-9]/.test(input.amount))
      amount = input.amount;
    else fields.amount = 'a positive decimal number in the asset (at most 18 decimals), e.g. "1000.5"';
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
  }
  if (input.chain !== undefined) filters.chainId = resolveChain(input.chain);
  return { filters, chain: input.chain, sort, limit, assetText: asset || null, amount };
}
