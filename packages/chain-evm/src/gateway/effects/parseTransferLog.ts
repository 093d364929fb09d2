import type { Address } from '../../chains/chains.js';
import type { AssetTransfer } from './SimulatedEffects.js';

/** `keccak256("Transfer(address,address,uint256)")`. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const WORD = /^0x[0-9a-f]{64}$/;
const ADDRESS_WORD = /^0x0{24}[0-9a-f]{40}$/;

/**
 * Pure: an ERC-20 `Transfer(from, to, value)` log (three topics, one data word) as an {@link AssetTransfer}, with
 * lower-case addresses; `null` for any other log (an ERC-721 `Transfer` has four topics, other events another
 * topic, malformed words are not guessed at).
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
  if (!Array.isArray(topics) || topics.length !== 3) return null;
  const [topic, from, to] = topics.map((t) => (typeof t === 'string' ? t.toLowerCase() : ''));
  if (topic !== TRANSFER_TOPIC) return null;
  if (!ADDRESS_WORD.test(from as string) || !ADDRESS_WORD.test(to as string)) return null;
  if (typeof data !== 'string' || !WORD.test(data.toLowerCase())) return null;
  return {
    token: address.toLowerCase() as Address,
    from: `0x${(from as string).slice(26)}` as Address,
    to: `0x${(to as string).slice(26)}` as Address,
    amount: BigInt(data),
  };
}
