// Field readers for LI.FI's JSON: each either returns the typed value or throws BRIDGE_PROVIDER_BAD_RESPONSE naming
// the field. Nothing in an answer is used before it has passed through one of these.
import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import { BridgeProviderError } from './BridgeProviderError.js';
import type { LifiToken } from './types.js';

type Hex = `0x${string}`;
export type Json = Record<string, unknown>;

const MAX_UINT256 = 2n ** 256n - 1n;

export function bad(path: string, what: string): BridgeProviderError {
  return new BridgeProviderError('BRIDGE_PROVIDER_BAD_RESPONSE', 'LI.FI answered in an unexpected shape', {
    details: `${path}: ${what}`,
  });
}

export function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(path, 'expected an object');
  return value as Json;
}

export function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw bad(path, 'expected an array');
  return value;
}

export function string(parent: Json, key: string, path: string): string {
  const value = parent[key];
  if (typeof value !== 'string') throw bad(`${path}.${key}`, 'expected a string');
  return value;
}

export function optionalString(parent: Json, key: string, path: string): string | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bad(`${path}.${key}`, 'expected a string');
  return value;
}

/** A non-negative safe integer (chain ids, decimals, seconds). */
export function integer(parent: Json, key: string, path: string): number {
  const value = parent[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw bad(`${path}.${key}`, 'expected a non-negative integer');
  }
  return value;
}

export function optionalInteger(parent: Json, key: string, path: string): number | null {
  return parent[key] === undefined || parent[key] === null ? null : integer(parent, key, path);
}

export function boolean(parent: Json, key: string, path: string): boolean {
  const value = parent[key];
  if (typeof value !== 'boolean') throw bad(`${path}.${key}`, 'expected a boolean');
  return value;
}

/** A base-unit amount sent as a decimal string (`"1000000"`). */
export function amount(parent: Json, key: string, path: string): bigint {
  const value = parent[key];
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value))
    throw bad(`${path}.${key}`, 'expected a decimal amount');
  const parsed = BigInt(value);
  if (parsed > MAX_UINT256) throw bad(`${path}.${key}`, 'amount above uint256');
  return parsed;
}

export function optionalAmount(parent: Json, key: string, path: string): bigint | null {
  return parent[key] === undefined || parent[key] === null ? null : amount(parent, key, path);
}

/** A quantity LI.FI sends as hex (`"0x0de0b6b3a7640000"`) — decimal strings are accepted too, never numbers. */
export function quantity(parent: Json, key: string, path: string): bigint {
  const value = parent[key];
  if (typeof value !== 'string' || !(/^0x[0-9a-fA-F]{1,64}$/.test(value) || /^\d{1,78}$/.test(value))) {
    throw bad(`${path}.${key}`, 'expected a hex or decimal quantity');
  }
  const parsed = BigInt(value);
  if (parsed > MAX_UINT256) throw bad(`${path}.${key}`, 'quantity above uint256');
  return parsed;
}

export function optionalQuantity(parent: Json, key: string, path: string): bigint | null {
  return parent[key] === undefined || parent[key] === null ? null : quantity(parent, key, path);
}

export function address(parent: Json, key: string, path: string): Address {
  const value = parent[key];
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw bad(`${path}.${key}`, 'expected an address');
  // LI.FI sends lower-case and checksummed addresses alike; a mixed-case one must carry a valid checksum.
  try {
    return getAddress(value) as Address;
  } catch {
    throw bad(`${path}.${key}`, 'address with an invalid checksum');
  }
}

export function optionalAddress(parent: Json, key: string, path: string): Address | null {
  return parent[key] === undefined || parent[key] === null ? null : address(parent, key, path);
}

export function hexData(parent: Json, key: string, path: string): Hex {
  const value = parent[key];
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw bad(`${path}.${key}`, 'expected hex data');
  return value.toLowerCase() as Hex;
}

export function token(value: unknown, path: string): LifiToken {
  const t = object(value, path);
  const decimals = integer(t, 'decimals', path);
  if (decimals > 255) throw bad(`${path}.decimals`, 'above 255');
  return {
    address: address(t, 'address', path),
    chainId: integer(t, 'chainId', path),
    symbol: string(t, 'symbol', path),
    decimals,
    name: string(t, 'name', path),
    priceUSD: optionalString(t, 'priceUSD', path),
  };
}
