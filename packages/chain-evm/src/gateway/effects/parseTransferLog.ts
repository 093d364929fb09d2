import type { Address } from '../../chains/chains.js';
import type { AssetTransfer } from './SimulatedEffects.js';

/** `keccak256("Transfer(address,address,uint256)")`. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** WETH9's `Deposit(address indexed dst, uint256 wad)`: wrapped native minted to `dst` (no `Transfer` is logged). */
const WETH_DEPOSIT_TOPIC = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
/** WETH9's `Withdrawal(address indexed src, uint256 wad)`: wrapped native burned from `src` (no `Transfer`). */
const WETH_WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
const ZERO = '0x0000000000000000000000000000000000000000' as Address;

const WORD = /^0x[0-9a-f]{64}$/;
const ADDRESS_WORD = /^0x0{24}[0-9a-f]{40}$/;

const addressOf = (word: string): Address => `0x${word.slice(26)}` as Address;

/**
 * Pure: a log that moves a token balance, as an {@link AssetTransfer} with lower-case addresses — an ERC-20
 * `Transfer(from, to, value)` (three topics, one data word), or WETH9's `Deposit(dst, wad)` / `Withdrawal(src, wad)`
 * (two topics, one data word: a mint to `dst` / a burn from `src`, which WETH9 logs instead of a `Transfer`).
 * `null` for any other log: an ERC-721 `Transfer` has four topics, other events another topic, and malformed words
 * are not guessed at.
 *
 * @example
 * ```ts
 * parseTransferLog({ address: usdc, topics: [TRANSFER, fromWord, toWord], data: amountWord }); // { token: usdc, … }
 * ```
 */
export function parseTransferLog(log: {
  readonly address?: unknown;
  readonly topics?: unknown;
  readonly data?: unknown;
}): AssetTransfer | null {
  const { address, topics, data } = log;
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  if (!Array.isArray(topics) || typeof data !== 'string' || !WORD.test(data.toLowerCase())) return null;
  const words = topics.map((t) => (typeof t === 'string' ? t.toLowerCase() : ''));
  if (words.slice(1).some((w) => !ADDRESS_WORD.test(w))) return null;
  const token = address.toLowerCase() as Address;
  const amount = BigInt(data);
  const [topic, first, second] = words as [string, string, string];
  if (topic === TRANSFER_TOPIC && words.length === 3) {
    return { token, from: addressOf(first), to: addressOf(second), amount };
  }
  if (topic === WETH_DEPOSIT_TOPIC && words.length === 2)
    return { token, from: ZERO, to: addressOf(first), amount };
  if (topic === WETH_WITHDRAWAL_TOPIC && words.length === 2) {
    return { token, from: addressOf(first), to: ZERO, amount };
  }
  return null;
}
