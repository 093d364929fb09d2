import { parseAddress } from '../address/parseAddress.js';
import type { Address } from '../chains/chains.js';
import { erc20Interface } from './swapInterfaces.js';

/** A log as a receipt carries it (an ethers `Log` fits). */
export interface ReceiptLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
}

/** Parameters of {@link decodeReceivedAmounts}. */
export interface DecodeReceivedAmountsParameters {
  /** The receipt's logs (`receipt.logs`). */
  readonly logs: readonly ReceiptLog[];
  readonly recipient: string;
  /** Only this token; default every token. */
  readonly token?: string;
  /**
   * Subtract the recipient's own `Transfer` logs out of each token it received (default false). For a swap's
   * output this is what stayed: a token that delivers the full amount and then takes its fee back from the
   * recipient (a burn or a transfer to a fee wallet in the same transaction) shows the full amount in the first log.
   * Never below 0.
   */
  readonly net?: boolean;
}

/** One token received. */
export interface ReceivedAmount {
  readonly token: Address;
  /** Sum of the ERC-20 `Transfer` values to the recipient in this receipt (minus its own out with `net`), base units. */
  readonly amount: bigint;
}

const TRANSFER_TOPIC = erc20Interface.getEvent('Transfer')?.topicHash as string;

/**
 * What the recipient actually received according to a receipt: the sum of ERC-20 `Transfer(from, to, value)`
 * logs with `to == recipient`, per token, in log order of first appearance. This is what a fee-on-transfer token
 * really delivered (its Transfer shows the net amount), not what a quote said. ERC-721 transfers (4 topics) and
 * malformed logs are ignored.
 *
 * Native currency is NOT visible here: a swap to native ends with WETH `Withdrawal` to the router and a plain
 * value transfer (no log). For native out the caller reads the recipient's balance before and after (at the
 * receipt's block) and adds back the fee if the recipient also paid for gas.
 *
 * @example
 * ```ts
 * const receipt = await provider.getTransactionReceipt(hash);
 * const [usdc] = decodeReceivedAmounts({ logs: receipt.logs, recipient: wallet, token: usdcAddress });
 * usdc?.amount; // base units received
 * ```
 */
export function decodeReceivedAmounts({
  logs,
  recipient,
  token,
  net = false,
}: DecodeReceivedAmountsParameters): ReceivedAmount[] {
  const who = parseAddress({ address: recipient }).toLowerCase();
  const only = token === undefined ? undefined : parseAddress({ address: token }).toLowerCase();
  const totals = new Map<string, bigint>();
  const sent = new Map<string, bigint>();
  const party = (topic: string | undefined) =>
    topic !== undefined &&
    /^0x0{24}[0-9a-fA-F]{40}$/.test(topic) &&
    `0x${topic.slice(26)}`.toLowerCase() === who;
  for (const log of logs) {
    if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) continue;
    const address = log.address.toLowerCase();
    if (only !== undefined && address !== only) continue;
    const from = party(log.topics[1]);
    const to = party(log.topics[2]);
    if (to && !from) totals.set(address, (totals.get(address) ?? 0n) + BigInt(log.data));
    else if (to && from && !net) totals.set(address, (totals.get(address) ?? 0n) + BigInt(log.data));
    else if (from && !to && net) sent.set(address, (sent.get(address) ?? 0n) + BigInt(log.data));
  }
  return [...totals].map(([address, amount]) => {
    const kept = amount - (sent.get(address) ?? 0n);
    return { token: parseAddress({ address }), amount: kept > 0n ? kept : 0n };
  });
}
