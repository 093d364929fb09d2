import type { ExecutionDto } from './execution.js';
import type { EthAmountDto } from './governor.js';
import type { SwapSafetyDto, TokenAmountDto } from './swap.js';
import type { ChainRefDto } from './wallet.js';

/** A chain both LI.FI and this server support, with the bridge contracts we accept on it. */
export interface BridgeChainDto {
  chain: ChainRefDto;
  /** LI.FI's chain key (`eth`, `bas`, `dva`…). */
  key: string;
  /**
   * The contracts a quote from this chain may call and ask approval for: LI.FI's pinned diamond and Permit2Proxy plus
   * `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>` — never taken from the provider. Empty = every quote from it is refused.
   */
  allowedContracts: string[];
}

/** A route LI.FI's tools serve between two configured chains. */
export interface BridgeRouteDto {
  /** @isLong */
  fromChainId: number;
  /** @isLong */
  toChainId: number;
  /** The bridges (LI.FI tool keys) serving it. */
  bridges: string[];
}

/** `GET /bridge/chains`. */
export interface BridgeChainsDto {
  chains: BridgeChainDto[];
  routes: BridgeRouteDto[];
  /** When LI.FI was last asked (ISO 8601); answers are cached. */
  fetchedAt: string;
}

/** A fee of the route. `included: false` fees are paid on top of the amount (and charged to the governor). */
export interface BridgeFeeDto {
  name: string;
  amount: TokenAmountDto;
  included: boolean;
}

/** A checked bridge quote, reduced to what a client needs. */
export interface BridgeQuoteDto {
  /** Pass as `quoteId` to `POST /bridge/execute` (executed at most once). */
  id: string;
  createdAt: string;
  /** After this the quote is re-quoted before it is executed (`BRIDGE_QUOTE_TTL_SECONDS`). */
  freshUntil: string;
  fromChain: ChainRefDto;
  toChain: ChainRefDto;
  amountIn: TokenAmountDto;
  /** What LI.FI expects to arrive. */
  amountOut: TokenAmountDto;
  /** The least that may arrive. */
  amountOutMin: TokenAmountDto;
  /** @isInt */
  slippageBps: number;
  /**
   * What the least that may arrive loses against what is sent, in bps of the value sent (the same asset compared in
   * base units, else both priced on chain); refused above `BRIDGE_MAX_PRICE_IMPACT_BPS` + the slippage + the fees.
   * @isInt
   */
  lossBps: number;
  fees: BridgeFeeDto[];
  /** Gas of the source transaction(s) as LI.FI estimates it, wei. */
  gasWei: string;
  /** @isLong */
  durationSeconds: number;
  /** The bridge used and every tool of the route. */
  tool: string;
  tools: string[];
  /** The contract called and the spender approved (both on the allowlist). */
  target: string;
  spender: string;
  /** Native value of the transaction (the amount when bridging the native coin, plus a quoted native fee). */
  nativeValue: EthAmountDto;
  /** What the governor would be charged before gas (amount priced on chain + native value); null when unpriceable. */
  value: EthAmountDto | null;
  /** The token-safety verdict on the destination token (on the destination chain); null for a native coin. */
  safety: SwapSafetyDto | null;
}

/** `POST /bridge/execute` by quote: the quote `GET /bridge/quote` answered (re-quoted when older than the TTL). */
export interface BridgeExecuteByQuoteDto {
  /** @maxLength 100 */
  quoteId: string;
}

/** `POST /bridge/execute` by parameters: a fresh quote is taken and executed (the same as `GET /bridge/quote`'s). */
export interface BridgeExecuteByParametersDto {
  /** @maxLength 64 */
  fromChain: string;
  /** @maxLength 64 */
  toChain: string;
  /** @maxLength 64 */
  token: string;
  /** @maxLength 64 */
  toToken?: string;
  /** @maxLength 100 */
  amount: string;
  /** @isInt */
  slippageBps?: number;
}

/** The body of `POST /bridge/execute`: a quote id, or the quote's parameters (never both). */
export type BridgeExecuteRequestDto = BridgeExecuteByQuoteDto | BridgeExecuteByParametersDto;

/** Where a transfer is on the other side (also in the execution's `result.bridge`). */
export interface BridgeTransferDto {
  state: 'pending' | 'bridging' | 'completed' | 'partial' | 'refunded' | 'failed' | 'stuck' | 'shortfall';
  reason: string;
  /** The source transaction. */
  sourceTxHash: string | null;
  /** The transaction that paid out (on the destination chain, or on the source chain for a refund). */
  destinationTxHash: string | null;
  /** @isLong */
  destinationChainId: number | null;
  /** What arrived, base units (decimal string). */
  amountReceived: string | null;
  tokenReceived: string | null;
}

/** The answer of `POST /bridge/execute`. */
export interface BridgeExecutionDto {
  /** The bridge transaction (follow it at `/executions/{id}`; its `result.bridge` carries the transfer). */
  execution: ExecutionDto;
  /** The exact approval sent first, if one was needed. */
  approval: ExecutionDto | null;
  /** The reset of the approval to zero, when something was left of it. */
  approvalReset: ExecutionDto | null;
  /** The quote executed (a fresh one when the first was older than the TTL). */
  quote: BridgeQuoteDto;
  transfer: BridgeTransferDto | null;
}
