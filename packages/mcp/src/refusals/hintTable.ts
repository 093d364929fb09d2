/** What the hint of a refusal may use: the problem's detail and, for the caps, what the governor has left. */
export interface HintInput {
  readonly detail: string | undefined;
  readonly problem: Readonly<Record<string, unknown>>;
  /** `remaining` of `/governor/status` (ETH strings), read only for the cap codes; null when it could not be read. */
  readonly remaining: { perTx: string; daily: string; session: string } | null;
  readonly idempotencyKey: string | undefined;
}

const capLeft = (input: HintInput, window: string): string =>
  input.remaining
    ? `The governor has ${input.remaining.perTx} ETH left for one transaction (${input.remaining.daily} ETH today, ${input.remaining.session} ETH this session)`
    : `The ${window} cap is reached`;

const retrySame = (input: HintInput): string =>
  input.idempotencyKey ? ` with idempotencyKey ${input.idempotencyKey}` : '';

/**
 * One sentence per refusal code: what would change the answer. Codes not listed get a generic sentence that points
 * at the API's table of codes. The agent cannot change the caps, release the kill switch or approve anything: the
 * sentences never suggest it can.
 */
export const hintTable: Readonly<Record<string, (input: HintInput) => string>> = {
  PER_TX_LIMIT_EXCEEDED: (i) =>
    `${capLeft(i, 'per-transaction')}: ask for a smaller amount (gas counts too); only the operator can raise a cap.`,
  DAILY_LIMIT_EXCEEDED: (i) =>
    `${capLeft(i, 'daily')}: wait for the daily window to free up or ask for less; only the operator can raise a cap.`,
  SESSION_LIMIT_EXCEEDED: (i) =>
    `${capLeft(i, 'session')}: only a server restart or the operator frees the session cap.`,
  KILL_SWITCH_ENGAGED: () =>
    'The kill switch is engaged: nothing moves until the operator releases it, and no tool can release it.',
  TOKEN_UNSAFE: (i) =>
    `The token's safety verdict is unsafe (${i.detail ?? 'honeypot or veto'}): no setting or approval makes it acceptable; choose another token.`,
  TOKEN_SAFETY_UNKNOWN: (i) =>
    `The token's safety could not be established (${i.detail ?? 'unknown verdict'}): try again when the providers answer, or choose a token with a known verdict.`,
  TOKEN_BUY_TAX_TOO_HIGH: (i) =>
    `The token takes a buy tax above the limit (${i.detail ?? 'see token_safety'}): pass a higher maxBuyTaxBps only if you accept losing that share.`,
  TOKEN_SELL_TAX_TOO_HIGH: (i) =>
    `The token takes a sell tax above the limit (${i.detail ?? 'see token_safety'}): pass a higher maxSellTaxBps only if you accept losing that share when selling.`,
  VALUE_UNKNOWN: () =>
    'The value could not be priced on chain (no deep enough pool against the wrapped native token): choose a token with a priced pool.',
  CONFIRMATION_DENIED: () => 'The operator denied this action: do not retry it unchanged.',
  NOTHING_TO_REVOKE: () => 'There is no approval left to revoke for this token and spender: nothing to do.',
  IDEMPOTENCY_KEY_REUSED: () =>
    'This idempotency key was used for a different action: leave idempotencyKey out for a new action.',
  IDEMPOTENCY_IN_PROGRESS: (i) =>
    `The first call with this key is still running: call again later${retrySame(i)}.`,
  API_TIMEOUT: (i) =>
    `No answer arrived in time, so the outcome is unknown: retry${retrySame(i)} (never with a new key), or look at the execution with follow_execution.`,
  API_UNREACHABLE: (i) => `The API server could not be reached: retry${retrySame(i)} once it is up.`,
  SENDER_WINDOW_FULL: (i) =>
    `Too many of the wallet's transactions are unmined: retry in about ${String(i.problem.retryAfterSeconds ?? 12)} seconds${retrySame(i)}.`,
  GAS_PRICE_ABOVE_CEILING: () =>
    "The network's gas price is above the server's ceiling: try again when fees fall.",
  SIMULATION_REVERTED: (i) =>
    `The transaction would revert (${i.detail ?? 'see the reason'}): change the amount, route or slippage.`,
  TX_REVERTED: () =>
    'The transaction was mined and reverted; its fee was spent: quote again before any retry.',
  NO_ROUTE: () =>
    'No swap route with enough liquidity exists for this pair: choose other tokens or a smaller amount.',
  SWAP_TOKEN_UNKNOWN: () => "The token is not in the chain's token list: pass its 0x address instead.",
  VALIDATION_FAILED: (i) =>
    `The request is malformed${i.problem.fields ? ` (${JSON.stringify(i.problem.fields)})` : ''}: fix those fields.`,
  UNAUTHORIZED: () =>
    "The API server refused this MCP server's key: the operator must fix WALLET_OPS_API_KEY.",
  BRIDGE_REQUOTE_DROPPED: () =>
    'The fresh quote pays less than the first one allowed: get a new bridge_quote and decide again.',
  BRIDGE_VALUE_LOSS_TOO_HIGH: () =>
    'The quote promises to deliver much less than it sends (lossBps): do not retry it; try later, another amount or another route.',
  DCA_INVALID_TRANSITION: () => 'The order is not in a state that allows this (see dca_list).',
};
