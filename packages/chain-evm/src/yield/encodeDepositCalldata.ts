import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import { DEPOSIT_SELECTOR } from './decodeDepositCalldata.js';
import { YieldError } from './YieldError.js';

/**
 * Encodes ERC-4626 `deposit(assets, receiver)` calldata (the inverse of `decodeDepositCalldata`).
 *
 * @example
 * ```ts
 * const data = encodeDepositCalldata({ assets: 1_000_000n, receiver: wallet });
 * ```
 */
export function encodeDepositCalldata({
  assets,
  receiver,
}: {
  readonly assets: bigint;
  readonly receiver: Address;
}): Hex {
  if (assets < 0n || assets >= 1n << 256n) {
    throw new YieldError('INVALID_YIELD_PARAMETER', 'assets must be a uint256');
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(receiver)) {
    throw new YieldError('INVALID_YIELD_PARAMETER', 'receiver must be a 20-byte hex address');
  }
  return `${DEPOSIT_SELECTOR}${assets.toString(16).padStart(64, '0')}${receiver.slice(2).toLowerCase().padStart(64, '0')}`;
}
