import { getAddress } from 'ethers';
import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import type { Hex } from '../../gateway/types.js';
import type { SharePriceSample } from '../types.js';

const UINT256_MAX = (1n << 256n) - 1n;

function invalid(what: string, expected: string): StoreError {
  return new StoreError('STORE_INPUT_INVALID', `Invalid share-price sample: ${what}.`, { details: expected });
}

/** A vault address, checksummed; anything else → `STORE_INPUT_INVALID`. */
export function checkedVault(value: unknown): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw invalid('vault', 'expected a 20-byte hex address');
  }
  return getAddress(value.toLowerCase()) as Address;
}

/**
 * Validates a sample before any store writes it (both stores apply the same rules): a positive integer chain id,
 * a vault address (stored checksummed), a non-negative integer block number and time, uint256 amounts and share
 * decimals 0–255. Returns the normalised sample; anything else → `STORE_INPUT_INVALID`, nothing written.
 */
export function checkSharePriceSample(sample: SharePriceSample): SharePriceSample {
  const { chainId, blockNumber, at, assetsPerShare, totalAssets, totalSupply, shareDecimals } = sample;
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalid('chainId', 'a positive integer');
  if (!Number.isSafeInteger(blockNumber) || blockNumber < 0) {
    throw invalid('blockNumber', 'a non-negative integer');
  }
  if (!Number.isSafeInteger(at) || at < 0) throw invalid('at', 'epoch milliseconds (a non-negative integer)');
  if (!Number.isInteger(shareDecimals) || shareDecimals < 0 || shareDecimals > 255) {
    throw invalid('shareDecimals', 'an integer from 0 to 255');
  }
  for (const [name, value] of [
    ['assetsPerShare', assetsPerShare],
    ['totalAssets', totalAssets],
    ['totalSupply', totalSupply],
  ] as const) {
    if (typeof value !== 'bigint' || value < 0n || value > UINT256_MAX)
      throw invalid(name, 'a uint256 bigint');
  }
  const { blockHash } = sample;
  if (blockHash !== undefined && blockHash !== null && !/^0x[0-9a-fA-F]{64}$/.test(String(blockHash))) {
    throw invalid('blockHash', 'a 32-byte hex hash or null');
  }
  return {
    chainId,
    vault: checkedVault(sample.vault),
    blockNumber,
    blockHash: blockHash ? (blockHash.toLowerCase() as Hex) : null,
    at,
    assetsPerShare,
    shareDecimals,
    totalAssets,
    totalSupply,
  };
}

/** `limit` of a list: 1–10,000, default 10,000; anything else → `STORE_INPUT_INVALID`. */
export function checkedLimit(limit: number | undefined): number {
  if (limit === undefined) return 10_000;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw invalid('limit', 'an integer from 1 to 10000');
  return limit;
}

/** A chain id and block number of {@link SharePriceStore.drop}; anything else → `STORE_INPUT_INVALID`. */
export function checkedBlock(p: { readonly chainId: number; readonly blockNumber: number }): {
  chainId: number;
  blockNumber: number;
} {
  if (!Number.isSafeInteger(p?.chainId) || p.chainId <= 0) throw invalid('chainId', 'a positive integer');
  if (!Number.isSafeInteger(p.blockNumber) || p.blockNumber < 0) {
    throw invalid('blockNumber', 'a non-negative integer');
  }
  return { chainId: p.chainId, blockNumber: p.blockNumber };
}
