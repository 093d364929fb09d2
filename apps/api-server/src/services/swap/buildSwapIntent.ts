import {
  buildSwapTransaction,
  type ExecutionIntent,
  NATIVE_ASSET,
  type ResolvedSwapToken,
  type SwapQuote,
} from '@org/chain-evm';
import type { SwapPair } from './SwapPlanner.js';

/** Parameters of {@link buildSwapIntent}. */
export interface BuildSwapIntentParameters {
  readonly pair: SwapPair;
  readonly quote: SwapQuote;
  /** The least accepted: written into the calldata and declared as what the intent acquires. */
  readonly amountOutMin: bigint;
  /** The wallet (the swap pays it, never anyone else). */
  readonly recipient: `0x${string}`;
  /** Unix seconds after which the router refuses the swap. */
  readonly deadline: bigint;
  /** `swap` for `/swap/execute`, `dca-fill` for a recurring buy's fill (the same rules in the gateway). */
  readonly action: 'swap' | 'dca-fill';
  /** Highest acceptable sell tax of the token bought, bps. */
  readonly maxSellTaxBps: number;
  /** Highest acceptable buy tax of the token bought, bps. */
  readonly maxBuyTaxBps: number;
  /** One line for humans (records, logs, confirmations). */
  readonly description: string;
}

/**
 * The typed intent of a quoted swap for the execution gateway: calldata built by our code from the quote's best
 * route, the native value (native in), exactly what is spent (ERC-20 in) and at least what is acquired (ERC-20
 * out; native out as a `minimumReceived` of `NATIVE_ASSET`, checked on the simulated effects), with token metadata
 * for the records. Nothing is signed here.
 *
 * @example
 * ```ts
 * const intent = buildSwapIntent({ pair, quote, amountOutMin, recipient: gateway.address, deadline, action: 'swap', maxSellTaxBps: 1000, maxBuyTaxBps: 1000, description });
 * await gateway.execute(intent, { idempotencyKey });
 * ```
 */
export function buildSwapIntent({
  pair,
  quote,
  amountOutMin,
  recipient,
  deadline,
  action,
  maxSellTaxBps,
  maxBuyTaxBps,
  description,
}: BuildSwapIntentParameters): ExecutionIntent {
  const { chain, tokenIn, tokenOut } = pair;
  const tx = buildSwapTransaction({ chain, quote, amountOutMin, recipient, deadline });
  return {
    chainId: chain.id,
    action,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    spends: tokenIn.native ? [] : [{ token: tokenIn.address, amount: quote.amountIn, ...tokenMeta(tokenIn) }],
    acquires: tokenOut.native
      ? []
      : [{ token: tokenOut.address, amount: amountOutMin, ...tokenMeta(tokenOut) }],
    // The native coin bought is no token to price or safety-check, but its minimum is checked on the simulated
    // effects like a token's (the router unwraps and pays the wallet).
    ...(tokenOut.native ? { minimumReceived: [{ token: NATIVE_ASSET, amount: amountOutMin }] } : {}),
    maxSellTaxBps,
    maxBuyTaxBps,
    description,
  };
}

/** Symbol and decimals of a token, for an intent's records. */
export function tokenMeta(token: ResolvedSwapToken): { symbol?: string; decimals: number } {
  return { ...(token.symbol ? { symbol: token.symbol } : {}), decimals: token.decimals };
}
