import type { Address, ChainInfo } from '../../chains/chains.js';
import type { Refusal } from '../checkPolicy.js';
import type { ExecutionAction, ExecutionIntent } from '../types.js';

/** What an {@link ActionModule} checks an intent with. */
export interface ActionCheckParameters {
  /** The intent to check (its calldata is built by our code, but checked as if it were not). */
  readonly intent: ExecutionIntent;
  /** The configured chain of the intent (contract overrides applied); its id is the intent's. */
  readonly chain: ChainInfo;
  /** The gateway's own address: the only recipient any action may name. */
  readonly wallet: Address;
  /** The table the intent is checked against (the approve module allows the spenders its modules list). */
  readonly actions: ActionTable;
}

/**
 * The rules of one action kind of the execution gateway: what it may call, what its calldata must be, and which
 * contracts it may need an ERC-20 allowance for. A module is pure data and pure functions (no I/O); the gateway's
 * steps never branch on the action, they look its module up in the {@link ActionTable}.
 *
 * @example
 * ```ts
 * const deposit: ActionModule = {
 *   action: 'deposit',
 *   spenders: () => [vault],
 *   check: ({ intent }) => (intent.to === vault ? null : { code: 'TARGET_NOT_ALLOWED', reason: 'not the vault' }),
 * };
 * ```
 */
export interface ActionModule {
  /** The action kind this module decides for (one module per kind in a table). */
  readonly action: ExecutionAction;
  /**
   * Contracts this action may be granted an exact ERC-20 approval for on `chain` (routers, vaults, bridge approval
   * addresses): the approve module allows a spender only if some module of the table lists it.
   */
  spenders(chain: ChainInfo): readonly Address[];
  /**
   * Pure: decodes `intent.data` and checks it against the intent — the target on the action's allowlist, the
   * recipient the wallet, the tokens, amounts and native value the intent's. `null` = allowed; calldata it cannot
   * decode is refused (`INTENT_INVALID`), never "close enough".
   */
  check(parameters: ActionCheckParameters): Refusal | null;
  /**
   * `true` for a swap under any name (`swap`, `dca-fill`): the rules of swaps apply to it — a taxed buy must use a
   * route that checks what the wallet receives (`FEE_ON_TRANSFER_ROUTE_REQUIRED`), and its simulated output, valued
   * by the pricing rules, must be worth the value charged less the allowed loss (`EFFECT_VALUE_LOSS`).
   */
  readonly swapLike?: boolean;
}

/**
 * The modules the gateway checks intents with, one per action kind (`defaultActionModules` by default). An action
 * with no module in the table is refused (`TARGET_NOT_ALLOWED`), as is one with two.
 */
export type ActionTable = readonly ActionModule[];
