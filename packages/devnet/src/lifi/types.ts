// Types of the local LI.FI fixture (a real HTTP server answering in LI.FI's shapes). Pure data, no behaviour.

type Address = `0x${string}`;

/** A token the fixture knows on one chain. `0x000…000` is the native coin (LI.FI's convention). */
export interface LifiFixtureToken {
  readonly address: Address;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** USD price as LI.FI sends it (a decimal string), also used to convert between tokens in quotes. */
  readonly priceUSD: string;
}

/** A chain the fixture serves: quotes point at its `bridge`; `/status` and the relayer use its `rpcUrl`. */
export interface LifiFixtureChain {
  readonly id: number;
  /** LI.FI's short chain key (`eth`, `bas`…); the fixture's devnet chains are `dva` and `dvb`. */
  readonly key: string;
  readonly name: string;
  /** JSON-RPC URL; without it `/status` answers `NOT_FOUND` for every hash and nothing is relayed. */
  readonly rpcUrl?: string | undefined;
  /** The contract quotes call and name as `approvalAddress` (the devnet bridge). */
  readonly bridge: Address;
  readonly tokens: readonly LifiFixtureToken[];
}

/** LI.FI's API paths the fixture serves (under `/v1`). */
export type LifiFixtureEndpoint = 'quote' | 'status' | 'chains' | 'connections' | 'tools';

/** One scripted failure answer (LI.FI's real shapes). */
export type LifiFixtureFailure =
  /** 400 `{ message, code }` (default code 1011 ValidationError). */
  | { readonly kind: 'bad-request'; readonly code?: number; readonly message?: string }
  /** 404 `{ message, code: 1002, errors: { filteredOut, failed } }` with one tool error (default `INSUFFICIENT_LIQUIDITY`). */
  | { readonly kind: 'no-quote'; readonly toolErrorCode?: string; readonly message?: string }
  /**
   * 429 `{ message, code: 1005 }` with `ratelimit-limit/remaining/reset` headers; with `retryAfterSeconds`, a
   * `Retry-After` header instead (as a proxy or CDN in front of LI.FI answers).
   */
  | {
      readonly kind: 'rate-limit';
      readonly resetSeconds?: number;
      readonly limit?: number;
      readonly retryAfterSeconds?: number;
    }
  /** 500 `{ message, code: 1006 }`, or 502/503 with an HTML body as a proxy in front would send. */
  | { readonly kind: 'server-error'; readonly status?: 500 | 502 | 503 }
  /** 401 `{ message, code: 1010 }`. */
  | { readonly kind: 'unauthorized' }
  /** The normal answer, after `delayMs`. */
  | { readonly kind: 'slow'; readonly delayMs: number }
  /** 200 with a body that is not JSON. */
  | { readonly kind: 'malformed-json' }
  /** 200 with JSON in the wrong shape (default `{ "unexpected": true }`). */
  | { readonly kind: 'malformed-shape'; readonly body?: unknown }
  /** The connection is closed without an answer. */
  | { readonly kind: 'hang-up' };

/**
 * A quote that lies in one precise way, for the checks that must catch it. Applied to an otherwise honest quote;
 * `action` and `toAddress` keep saying what was asked, only the named field (and the calldata, re-encoded) differ.
 */
export type LifiAdversary =
  /** `transactionRequest.to` is not the bridge (LI.FI's own OpenAPI example points at a 1inch router). */
  | 'to-not-allowlisted'
  /** `estimate.approvalAddress` is not the bridge. */
  | 'spender-not-allowlisted'
  /** The calldata's `BridgeData.receiver` is the attacker, while `action.toAddress` says ours. */
  | 'receiver-not-us'
  /** `BridgeData.hasDestinationCall` is true. */
  | 'destination-call'
  /** `BridgeData.hasSourceSwaps` is true. */
  | 'source-swaps'
  /** `transactionRequest.value`: 0.5 ETH on an ERC-20 transfer, `fromAmount` + 1 ETH on a native one. */
  | 'wrong-value'
  /** `action.slippage` echoed as `1` (LI.FI reads it as 100%) and `toAmountMin` 0: the agent-kit bug. */
  | 'slippage-one'
  /** `toAmountMin` (and the encoded output) lowered by `dropBps` below what the slippage asked allows. */
  | 'lower-minimum'
  /** `BridgeData.destinationChainId` is another chain (1). */
  | 'wrong-destination-chain'
  /** `BridgeData.sendingAssetId` is another token than `fromToken`. */
  | 'wrong-sending-asset'
  /** `BridgeData.minAmount` is twice `fromAmount` (pulls more than asked). */
  | 'wrong-min-amount'
  /** The encoded output amount (paid on the destination chain) is below `toAmountMin`. */
  | 'output-below-minimum'
  /** The encoded receiving asset is another token than `toToken`. */
  | 'wrong-receiving-asset'
  /** `transactionRequest.chainId` is another chain. */
  | 'wrong-chain-id'
  /** `transactionRequest.from` is the attacker. */
  | 'wrong-from'
  /** The calldata's selector is one no LI.FI facet has. */
  | 'unknown-selector';

/** What the relayer does with a deposit once it is mined and polled past `pendingPolls`. */
export type LifiTransferOutcome =
  /** Pays the encoded output amount of the encoded asset to the receiver on the destination chain: `DONE/COMPLETED`. */
  | { readonly kind: 'complete' }
  /** Pays another token (default: another token of the destination chain, same value): `DONE/PARTIAL`. */
  | { readonly kind: 'partial'; readonly token?: Address; readonly amount?: bigint }
  /**
   * Pays only `amount` of the encoded asset on the destination chain, yet reports `DONE/COMPLETED` with the encoded
   * output amount: the provider's word, which the destination chain contradicts.
   */
  | { readonly kind: 'short'; readonly amount: bigint }
  /** Pays the deposit back to the depositor on the source chain (a real transaction): `DONE/REFUNDED`. */
  | { readonly kind: 'refund' }
  /** `FAILED` with a substatus (default `UNKNOWN_FAILED_ERROR`); nothing is paid. */
  | { readonly kind: 'fail'; readonly substatus?: string }
  /** Never filled: `PENDING/WAIT_DESTINATION_TRANSACTION` forever. */
  | { readonly kind: 'never' };

/** How the next `/v1/quote` answer is made. Every field is optional; an empty script is an honest quote. */
export interface LifiQuoteScript {
  /** Answer with a failure instead of a quote. */
  readonly failure?: LifiFixtureFailure;
  /** Make the quote lie (see {@link LifiAdversary}). */
  readonly adversary?: LifiAdversary;
  /** For `lower-minimum`: how far below the allowed minimum, in basis points of `toAmount` (default 300). */
  readonly dropBps?: number;
  /** Last word on the JSON body before it is sent (after the adversary). */
  readonly mutate?: (quote: Record<string, unknown>) => void;
  /** What the relayer will do with this quote's deposit (default: the fixture's `defaultOutcome`). */
  readonly outcome?: LifiTransferOutcome;
}

/** One request the fixture received. */
export interface LifiFixtureRequest {
  readonly method: string;
  /** Path without the query, e.g. `/v1/quote`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A deposit the fixture has seen (through `/status` or `settle`), and what the relayer did with it. */
export interface LifiFixtureTransfer {
  readonly transactionId: `0x${string}`;
  readonly sourceTxHash: `0x${string}`;
  readonly fromChainId: number;
  readonly toChainId: number;
  readonly depositor: Address;
  readonly receiver: Address;
  readonly sendingAssetId: Address;
  readonly amount: bigint;
  readonly receivingAssetId: Address;
  readonly outputAmount: bigint;
  readonly outcome: LifiTransferOutcome;
  /** Status answers given for it so far. */
  readonly polls: number;
  /** The relayer's transaction (fill on the destination chain, refund on the source chain), once sent. */
  readonly settlementTxHash: `0x${string}` | null;
  /** What the relayer paid and where, once settled. */
  readonly paid: { readonly chainId: number; readonly token: Address; readonly amount: bigint } | null;
}
