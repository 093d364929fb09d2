import {
  type Address,
  type BridgeQuoteRequest,
  type ChainInfo,
  type LifiQuote,
  priceInNative,
  type RpcSender,
} from '@org/chain-evm';

const NATIVE: Address = '0x0000000000000000000000000000000000000000';

/** One side of a bridge for {@link valueBridgeQuote}: its chain and a provider of that chain. */
export interface BridgeSide {
  chain: ChainInfo;
  provider: RpcSender;
  timeoutMs: number;
}

/** Parameters of {@link valueBridgeQuote}. */
export interface ValueBridgeQuoteParameters {
  request: BridgeQuoteRequest;
  quote: LifiQuote;
  from: BridgeSide;
  to: BridgeSide;
  /** The pricing rules' liquidity floor (`MIN_LIQUIDITY_ETH`). */
  minLiquidityWei: bigint;
}

/** What {@link valueBridgeQuote} answers: every value in one unit, or null when they cannot be compared. */
export type BridgeQuoteValues = {
  /** `base-units` of the one asset on both sides, or `wei` of the one native currency of both chains. */
  unit: 'base-units' | 'wei';
  sentValue: bigint;
  deliveredValue: bigint;
  feesValue: bigint;
} | null;

/**
 * Values what a bridge quote sends and the least it promises to deliver, in one unit, for `checkBridgeValueLoss`.
 * The same asset on both sides (`request.sameAsset`: same symbol and decimals by our own token lists) is compared in
 * base units, nothing priced. Otherwise each side is priced by the project's pricing rules (`priceInNative`, the
 * pools of its own chain: the amount sent on the source chain, `toAmountMin` on the destination chain) in wei — only
 * when both chains' native currency is the same. The fees the quote lists as taken from the amount count when they
 * are paid in the asset sent. `null` (never a guess) when a side cannot be priced or the units differ.
 *
 * @example
 * ```ts
 * const values = await valueBridgeQuote({ request, quote, from, to, minLiquidityWei });
 * if (values === null) throw new ApiProblem(422, 'BRIDGE_VALUE_UNKNOWN', …);
 * ```
 */
export async function valueBridgeQuote(parameters: ValueBridgeQuoteParameters): Promise<BridgeQuoteValues> {
  const { request, quote, from, to } = parameters;
  const feesInSent = quote.estimate.feeCosts
    .filter((f) => f.included && f.token.address.toLowerCase() === request.fromToken.toLowerCase())
    .reduce((sum, f) => sum + f.amount, 0n);
  if (request.sameAsset === true) {
    return {
      unit: 'base-units',
      sentValue: request.fromAmount,
      deliveredValue: quote.estimate.toAmountMin,
      feesValue: feesInSent,
    };
  }
  if (from.chain.nativeSymbol !== to.chain.nativeSymbol) return null;
  const value = async (side: BridgeSide, token: Address, amount: bigint): Promise<bigint | null> => {
    if (token === NATIVE) return amount;
    return priceInNative({
      provider: side.provider,
      chain: side.chain,
      amounts: [{ token, amount }],
      minLiquidityWei: parameters.minLiquidityWei,
      timeoutMs: side.timeoutMs,
    })
      .then((r) => r.totalWei)
      .catch(() => null);
  };
  const [sentValue, deliveredValue] = await Promise.all([
    value(from, request.fromToken, request.fromAmount),
    value(to, request.toToken, quote.estimate.toAmountMin),
  ]);
  if (sentValue === null || deliveredValue === null) return null;
  return {
    unit: 'wei',
    sentValue,
    deliveredValue,
    feesValue: request.fromAmount > 0n ? (sentValue * feesInSent) / request.fromAmount : 0n,
  };
}
