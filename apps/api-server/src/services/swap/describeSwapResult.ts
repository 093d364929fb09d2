import {
  type ChainInfo,
  decodeReceivedAmounts,
  type ExecutionRecord,
  type GatewayReceipt,
} from '@org/chain-evm';

const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';

/**
 * The gateway's `describeResult` for swaps: what the wallet received, read from the receipt's logs (never from the
 * quote) — the ERC-20 acquired (its Transfer logs to the wallet minus those out of it), or native ETH (the router unwrapped WETH: WETH9
 * `Withdrawal(src, wad)` logs). Used whenever a swap or a DCA fill (`dca-fill`, a swap under its own action name)
 * settles: at once, after an operator's approval, or by the reconciler. Other actions get no result.
 *
 * @example
 * ```ts
 * new ExecutionGateway({ ...rest, describeResult: describeSwapResult(config.chains) });
 * ```
 */
export function describeSwapResult(
  registry: readonly ChainInfo[],
): (p: { record: ExecutionRecord; receipt: GatewayReceipt }) => Record<string, unknown> {
  return ({ record, receipt }) => {
    if (record.action !== 'swap' && record.action !== 'dca-fill') return {};
    const tokenOut = record.intent.acquires[0]?.token;
    if (tokenOut !== undefined) {
      // What stayed: a token that takes its buy tax back from the wallet in the same transaction shows the full
      // amount in the Transfer to the wallet and the tax in a Transfer out of it.
      const [got] = decodeReceivedAmounts({
        logs: receipt.logs,
        recipient: record.from,
        token: tokenOut,
        net: true,
      });
      return { received: (got?.amount ?? 0n).toString() };
    }
    const weth = registry.find((c) => c.id === record.chainId)?.contracts.wrappedNative?.toLowerCase();
    let sum = 0n;
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() === weth && log.topics[0] === WITHDRAWAL_TOPIC) sum += BigInt(log.data);
    }
    return { received: sum.toString() };
  };
}
