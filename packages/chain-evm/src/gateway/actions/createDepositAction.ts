import type { Address } from '../../chains/chains.js';
import { decodeDepositCalldata } from '../../yield/decodeDepositCalldata.js';
import type { Refusal } from '../checkPolicy.js';
import type { ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/** Parameters of {@link createDepositAction}. */
export interface CreateDepositActionParameters {
  /** Chain id → the ERC-4626 vaults deposits may go into (the operator's list, e.g. `YIELD_VAULTS_<CHAIN>`). */
  readonly vaults: ReadonlyMap<number, readonly Address[]>;
  /**
   * The underlying asset of a listed vault (ERC-4626 `asset()`, immutable), or `null` while it is not known — then
   * the deposit is refused. Synchronous and pure from the module's side: the caller learns the asset from the chain
   * (e.g. `readDepositPreflight`) before it builds the intent.
   */
  readonly assetOf: (p: { readonly chainId: number; readonly vault: Address }) => Address | null;
}

const invalid = (reason: string): Refusal => ({ code: 'INTENT_INVALID', reason });

/**
 * Builds action `deposit`: ERC-4626 `deposit(uint256 assets, address receiver)` into one of the configured vaults of
 * the intent's chain (else `TARGET_NOT_ALLOWED`). The calldata is decoded strictly (`decodeDepositCalldata`: the
 * selector, two words, a clean address word, no trailing bytes); the receiver must be the wallet; no native value;
 * the intent spends exactly one token — the vault's underlying asset (`assetOf`) — for exactly `assets`; it
 * declares nothing acquired (the shares are the configured vault's own token, not a token bought), and its
 * `minimumReceived`, if any, names only the vault's shares: the gateway checks the simulated deposit mints at least
 * that many before it signs (`EFFECT_SHORTFALL`), not only after the receipt. Anything else is `INTENT_INVALID`. Its spenders are the chain's
 * vaults, so the approve module allows an exact approval of the asset to them.
 *
 * @example
 * ```ts
 * const depositAction = createDepositAction({
 *   vaults: new Map([[1, [vault]]]),
 *   assetOf: ({ vault: v }) => (v === vault ? usdc : null),
 * });
 * new ExecutionGateway({ …, actions: [...defaultActionModules, depositAction] });
 * ```
 */
export function createDepositAction({ vaults, assetOf }: CreateDepositActionParameters): ActionModule {
  // A private copy: a caller mutating its map or arrays later cannot widen the allowlist.
  const table = new Map<number, readonly Address[]>(
    [...vaults].map(([chainId, list]) => [chainId, Object.freeze([...list])]),
  );
  return Object.freeze<ActionModule>({
    action: 'deposit',
    spenders: (chain) => table.get(chain.id) ?? [],
    check: ({ intent, chain, wallet }) => {
      const listed = table.get(chain.id) ?? [];
      const vault = listed.find((v) => sameAddress(v, intent.to));
      if (vault === undefined) {
        return {
          code: 'TARGET_NOT_ALLOWED',
          reason: `deposits may only go into the configured vaults of ${chain.name}; ${intent.to} is not one`,
        };
      }
      const call = decodeDepositCalldata({ data: intent.data });
      if (call === null) {
        return invalid('the calldata is not exactly deposit(uint256 assets, address receiver)');
      }
      if (!sameAddress(call.receiver, wallet)) {
        return invalid(`the deposit mints shares to ${call.receiver}, not the wallet ${wallet}`);
      }
      if (intent.value !== 0n) return invalid('a deposit sends no native value');
      const asset = assetOf({ chainId: chain.id, vault });
      if (asset === null) return invalid(`the underlying asset of ${vault} is not known`);
      const spent = intent.spends[0];
      if (intent.spends.length !== 1 || !sameAddress(spent?.token, asset)) {
        return invalid(`the intent must spend exactly one token, the vault's asset (${asset})`);
      }
      if (spent?.amount !== call.assets || call.assets === 0n) {
        return invalid(`the deposit's assets (${call.assets}) are not the intent's spend (${spent?.amount})`);
      }
      if (intent.acquires.length !== 0) {
        return invalid(
          'a deposit declares nothing acquired (its shares are a minimum received, not a token bought)',
        );
      }
      const minimums = intent.minimumReceived ?? [];
      if (minimums.some((m) => !sameAddress(m.token, vault))) {
        return invalid(`a deposit's minimum received can only be the vault's own shares (${vault})`);
      }
      return null;
    },
  });
}
