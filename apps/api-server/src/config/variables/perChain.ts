import { chains } from '@org/chain-evm';
import { ConfigError } from '../ConfigError.js';
import type { Env, Variable } from './Variable.js';

/** How a chain's name becomes a family member's suffix. */
export type ChainSuffix = (chainName: string) => string;

/**
 * One declaration for a per-chain family (`RPC_URL_<CHAIN>`, `YIELD_VAULTS_<CHAIN>`, …): it reads every member that
 * is set (blank = unset) into a chain id → value map, and refuses a member whose suffix is not a chain of the
 * registry (a typo such as `RPC_URL_MAINNET` would otherwise leave out the chain the operator meant).
 *
 * @example
 * ```ts
 * const RPC_URL = perChain({ prefix: 'RPC_URL', type: 'URL', item: (variable, raw) => readUrl(variable, raw) });
 * RPC_URL.read({ RPC_URL_DEVNET: 'http://127.0.0.1:8545' }); // Map { 31337 => 'http://127.0.0.1:8545' }
 * ```
 */
export function perChain<T>({
  prefix,
  type,
  bounds,
  secret = false,
  suffix = (name) => name.toUpperCase(),
  unknownHint = 'per-chain variables use one of',
  item,
}: {
  prefix: string;
  type: string;
  bounds?: string;
  secret?: boolean;
  suffix?: ChainSuffix;
  /** The words before the list of valid names in the unknown-chain message. */
  unknownHint?: string;
  /** Reads one member's trimmed, non-blank value. */
  item: (variable: string, raw: string, env: Env) => T;
}): Variable<Map<number, T>> & { readonly prefix: string; refuseUnknown(env: Env): void } {
  const known = new Map(chains.map((c) => [suffix(c.name), c.id]));
  const pattern = new RegExp(`^${prefix}_(.+)$`);
  const refuseUnknown = (env: Env): void => {
    for (const variable of Object.keys(env)) {
      const match = pattern.exec(variable);
      if (match?.[1] !== undefined && !known.has(match[1])) {
        throw new ConfigError(
          variable,
          `unknown chain; ${unknownHint} ${[...known.keys()].map((n) => `${prefix}_${n}`).join(', ')}`,
        );
      }
    }
  };
  return {
    name: `${prefix}_<CHAIN>`,
    type,
    default: undefined,
    bounds,
    secret,
    prefix,
    refuseUnknown,
    read: (env: Env) => {
      refuseUnknown(env);
      const out = new Map<number, T>();
      for (const chain of chains) {
        const variable = `${prefix}_${suffix(chain.name)}`;
        const raw = env[variable]?.trim();
        if (!raw) continue;
        out.set(chain.id, item(variable, raw, env));
      }
      return out;
    },
  };
}
