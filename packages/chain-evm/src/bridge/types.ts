/**
 * Types of the bridge module: LI.FI's answers as this package parses them (amounts as bigint base units, addresses
 * checksummed, every field checked), the `BridgeData` decoded from calldata, and the checks' results. Plain data.
 */
import type { Address } from '../chains/chains.js';

/** 0x-prefixed hex data (kept local: the bridge module does not depend on the gateway's files). */
type Hex = `0x${string}`;

/** A token in a LI.FI answer. */
export interface LifiToken {
  readonly address: Address;
  readonly chainId: number;
  readonly symbol: string;
  readonly decimals: number;
  readonly name: string;
  /** USD price as LI.FI sends it (a decimal string; informational, never used for amounts). */
  readonly priceUSD: string | null;
}

/** `estimate.feeCosts[i]`. `included: false` fees are paid on top of the amount (counted by the governor). */
export interface LifiFeeCost {
  readonly name: string;
  readonly token: LifiToken;
  readonly amount: bigint;
  readonly included: boolean;
  readonly percentage: string | null;
  readonly amountUSD: string | null;
}

/** `estimate.gasCosts[i]`. */
export interface LifiGasCost {
  /** `SUM`, `APPROVE`, `SEND` or `FEE`. */
  readonly type: string;
  readonly token: LifiToken;
  readonly amount: bigint;
  readonly price: bigint | null;
  readonly estimate: bigint | null;
  readonly limit: bigint | null;
  readonly amountUSD: string | null;
}

/** `transactionRequest`: LI.FI sends `value`, `gasLimit` and `gasPrice` as hex strings. */
export interface LifiTransactionRequest {
  readonly to: Address;
  readonly from: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly chainId: number;
  readonly gasLimit: bigint | null;
  readonly gasPrice: bigint | null;
  readonly maxFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
}

/** A LI.FI `/v1/quote` answer (a `LiFiStep`), parsed and shape-checked — not yet checked against the request. */
export interface LifiQuote {
  readonly id: string;
  /** `lifi` for a quote. */
  readonly type: string;
  /** The bridge or exchange used (`across`, `stargateV2`…). */
  readonly tool: string;
  readonly toolName: string | null;
  readonly integrator: string | null;
  readonly action: {
    readonly fromChainId: number;
    readonly toChainId: number;
    readonly fromToken: LifiToken;
    readonly toToken: LifiToken;
    readonly fromAmount: bigint;
    readonly fromAddress: Address | null;
    readonly toAddress: Address | null;
    /** The slippage LI.FI echoes, as the decimal fraction it sent (`0.005` = 0.5%); `null` when absent. */
    readonly slippage: number | null;
  };
  readonly estimate: {
    readonly tool: string;
    readonly fromAmount: bigint;
    readonly toAmount: bigint;
    readonly toAmountMin: bigint;
    /** The spender LI.FI asks to approve. Never trusted: checked against our own allowlist. */
    readonly approvalAddress: Address;
    readonly executionDurationSeconds: number;
    readonly feeCosts: readonly LifiFeeCost[];
    readonly gasCosts: readonly LifiGasCost[];
    readonly fromAmountUSD: string | null;
    readonly toAmountUSD: string | null;
  };
  /** The route's steps (`swap`, `cross`, `protocol`, `custom`) and their tools. */
  readonly includedSteps: readonly { readonly id: string; readonly type: string; readonly tool: string }[];
  readonly transactionRequest: LifiTransactionRequest;
}

/** LI.FI's status groups. */
export type LifiStatusValue = 'NOT_FOUND' | 'INVALID' | 'PENDING' | 'DONE' | 'FAILED';

/** One side (`sending` or `receiving`) of a transfer's status. */
export interface LifiStatusTransaction {
  readonly chainId: number;
  readonly txHash: Hex | null;
  readonly amount: bigint | null;
  readonly token: LifiToken | null;
  readonly value: bigint | null;
  /** Unix seconds. */
  readonly timestamp: number | null;
  readonly gasAmount: bigint | null;
}

/** A LI.FI `/v1/status` answer, parsed. `NOT_FOUND` (HTTP 200) is normal before the source transaction is indexed. */
export interface LifiStatus {
  readonly status: LifiStatusValue;
  /** `WAIT_SOURCE_CONFIRMATIONS`, `WAIT_DESTINATION_TRANSACTION`, `COMPLETED`, `PARTIAL`, `REFUNDED`, `EXPIRED`… */
  readonly substatus: string | null;
  readonly substatusMessage: string | null;
  readonly tool: string | null;
  readonly transactionId: string | null;
  readonly sending: LifiStatusTransaction | null;
  readonly receiving: LifiStatusTransaction | null;
  readonly fromAddress: Address | null;
  readonly toAddress: Address | null;
  readonly lifiExplorerLink: string | null;
}

/** A chain of LI.FI's `/v1/chains` (EVM only). `diamondAddress` is a cross-check, never an allowlist source. */
export interface LifiChain {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly chainType: string;
  readonly nativeToken: LifiToken | null;
  readonly diamondAddress: Address | null;
  readonly permit2: Address | null;
  readonly permit2Proxy: Address | null;
}

/** One entry of `/v1/connections`. */
export interface LifiConnection {
  readonly fromChainId: number;
  readonly toChainId: number;
  readonly fromTokens: readonly LifiToken[];
  readonly toTokens: readonly LifiToken[];
}

/** `/v1/tools`. */
export interface LifiTools {
  readonly bridges: readonly {
    readonly key: string;
    readonly name: string;
    readonly supportedChains: readonly { readonly fromChainId: number; readonly toChainId: number }[];
  }[];
  readonly exchanges: readonly {
    readonly key: string;
    readonly name: string;
    readonly supportedChains: readonly number[];
  }[];
}

/** One `ToolError` of a 404 no-quote answer (`errors.failed[].subpaths[path][]`). */
export interface LifiToolError {
  /** `NO_QUOTE`. */
  readonly errorType: string;
  /** `NO_POSSIBLE_ROUTE`, `INSUFFICIENT_LIQUIDITY`, `AMOUNT_TOO_LOW`, `TOOL_TIMEOUT`… */
  readonly code: string;
  readonly tool: string;
  readonly message: string;
}

/** LI.FI's `ratelimit-*` headers. */
export interface LifiRateLimit {
  readonly limit: number | null;
  readonly remaining: number | null;
  /** Seconds until the window resets. */
  readonly resetSeconds: number | null;
}

/** LI.FI's `ILiFi.BridgeData` (lifinance/contracts `src/Interfaces/ILiFi.sol`), decoded from calldata. */
export interface BridgeData {
  readonly transactionId: Hex;
  readonly bridge: string;
  readonly integrator: string;
  readonly referrer: Address;
  /** `0x000…000` for the native coin. */
  readonly sendingAssetId: Address;
  readonly receiver: Address;
  readonly minAmount: bigint;
  readonly destinationChainId: bigint;
  readonly hasSourceSwaps: boolean;
  readonly hasDestinationCall: boolean;
}

/** LI.FI's `LibSwap.SwapData`: one swap before bridging (an arbitrary call: the 2022 and 2024 incidents' vector). */
export interface LifiSwapData {
  readonly callTo: Address;
  readonly approveTo: Address;
  readonly sendingAssetId: Address;
  readonly receivingAssetId: Address;
  readonly fromAmount: bigint;
  readonly callData: Hex;
  readonly requiresDeposit: boolean;
}

/** What a bridge function's own data says, beyond `BridgeData`. */
export interface LifiFacetData {
  /** Every address funds may go to: on the destination chain (`receiver`) or back on the source chain (`refund`). */
  readonly parties: readonly { readonly role: 'receiver' | 'refund'; readonly address: Address }[];
  /** The token paid on the destination chain, when the function names it. */
  readonly receivingAssetId: Address | null;
  /** The amount promised on the destination chain, when the function names it. */
  readonly outputAmount: bigint | null;
  /**
   * The function's own bound on what arrives, in millionths of the amount sent (cBridge's `maxSlippage`, 1e-6 units),
   * for a bridge that names neither the asset nor the amount delivered but pays the sent asset's counterpart less at
   * most this share. Absent (or null) for functions that name the asset and amount.
   */
  readonly maxSlippagePpm?: number | null;
  /** Whether the function's own data carries a call or message for the destination chain. */
  readonly destinationCall: boolean;
}

/** LI.FI calldata decoded locally by {@link decodeLifiCalldata}. */
export interface DecodedLifiCalldata {
  readonly selector: Hex;
  /** e.g. `startBridgeTokensViaAcrossV3`. */
  readonly functionName: string;
  /** `start…` takes `BridgeData` then the facet's data; `swapAndStart…` has `SwapData[]` in between. */
  readonly form: 'start' | 'swapAndStart';
  readonly bridgeData: BridgeData;
  readonly swapData: readonly LifiSwapData[];
  readonly facet: LifiFacetData;
}

/** A refusal: a stable code and a reason for humans (the same shape as the gateway's). */
export interface BridgeRefusal {
  readonly code: string;
  readonly reason: string;
}

/** Where a cross-chain transfer is, normalised across providers. */
export type BridgeState = 'pending' | 'bridging' | 'completed' | 'partial' | 'refunded' | 'failed' | 'stuck';

/**
 * What was asked — the request every quote is checked against. Built by our own code from validated input: chain ids,
 * checksummed addresses (`0x000…000` for the native coin), base units.
 */
export interface BridgeQuoteRequest {
  readonly fromChainId: number;
  readonly toChainId: number;
  readonly fromToken: Address;
  readonly toToken: Address;
  readonly fromAmount: bigint;
  /** The wallet: the sender, the refund address, and the receiver unless `receiver` says otherwise. */
  readonly wallet: Address;
  /** Receiver on the destination chain when not the wallet; must be on the operator's receiver allowlist. */
  readonly receiver?: Address | undefined;
  /** The slippage asked for (sent to LI.FI as a decimal fraction), basis points. */
  readonly slippageBps: number;
  /** The `maxPriceImpact` sent, basis points. */
  readonly maxPriceImpactBps: number;
  /**
   * True when `toToken` is, by our own token lists, the same asset as `fromToken` (same symbol and decimals, or both
   * the native coin of chains with the same native currency). Only then may a bridge that delivers "the sent asset's
   * counterpart" without naming it (cBridge) be accepted. Default false.
   */
  readonly sameAsset?: boolean | undefined;
}
