/** A JSON-RPC sender of the destination chain (its own time-out applies to every call). */
export interface DeliverySender {
  send(method: string, params: unknown[]): Promise<unknown>;
}

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface RpcLog {
  address?: string;
  topics?: string[];
  data?: string;
}

/**
 * What a destination transaction paid the wallet in `token`, read on the destination chain itself (never the
 * provider's word): for an ERC-20 the sum of its `Transfer` logs to the wallet in that transaction's receipt; for the
 * native coin (`0x000…000`) the wallet's balance change over that transaction's block (a lower bound when the wallet
 * also spent in that block). `null` when the transaction is not on that chain or reverted; a failed read throws.
 *
 * @example
 * ```ts
 * const paid = await readDeliveredAmount({ provider, txHash, token: usdcB, wallet }); // 99_900_000n, or null
 * ```
 */
export async function readDeliveredAmount(p: {
  provider: DeliverySender;
  txHash: `0x${string}`;
  token: string;
  wallet: string;
}): Promise<bigint | null> {
  const receipt = (await p.provider.send('eth_getTransactionReceipt', [p.txHash])) as {
    status?: string;
    blockNumber?: string;
    logs?: RpcLog[];
  } | null;
  if (receipt === null || receipt === undefined) return null;
  if (receipt.status !== '0x1' || typeof receipt.blockNumber !== 'string') return null;
  const wallet = p.wallet.toLowerCase();
  if (/^0x0{40}$/i.test(p.token) || /^0xe{40}$/i.test(p.token)) {
    const block = BigInt(receipt.blockNumber);
    if (block === 0n) return null;
    const [after, before] = (await Promise.all([
      p.provider.send('eth_getBalance', [wallet, `0x${block.toString(16)}`]),
      p.provider.send('eth_getBalance', [wallet, `0x${(block - 1n).toString(16)}`]),
    ])) as [string, string];
    const change = BigInt(after) - BigInt(before);
    return change > 0n ? change : 0n;
  }
  const token = p.token.toLowerCase();
  const to = `0x${wallet.slice(2).padStart(64, '0')}`;
  let paid = 0n;
  for (const log of receipt.logs ?? []) {
    if (
      log.address?.toLowerCase() === token &&
      log.topics?.[0]?.toLowerCase() === TRANSFER_TOPIC &&
      log.topics.length === 3 &&
      log.topics[2]?.toLowerCase() === to &&
      typeof log.data === 'string' &&
      /^0x[0-9a-fA-F]{64}$/.test(log.data)
    ) {
      paid += BigInt(log.data);
    }
  }
  return paid;
}
