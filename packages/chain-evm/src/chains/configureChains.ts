import { parseAddress } from '../address/parseAddress.js';
import { UnsupportedChainError } from '../errors/UnsupportedChainError.js';
import { type ChainContracts, type ChainInfo, chains } from './chains.js';

/** Contracts an operator configures for a chain (plain strings: validated and checksummed here). */
export interface ChainContractsInput {
  readonly wrappedNative?: string | null;
  readonly multicall3?: string | null;
  readonly permit2?: string | null;
  readonly uniswapV2?: { readonly router02: string; readonly factory: string } | null;
  readonly uniswapV3?: {
    readonly factory: string;
    readonly swapRouter: string;
    readonly swapRouterKind: 'SwapRouter' | 'SwapRouter02';
    readonly quoterV2: string;
  } | null;
}

/** Parameters of {@link configureChains}. */
export interface ConfigureChainsParameters {
  /** Chain id → contracts that replace (field by field) the registry's. */
  overrides: ReadonlyMap<number, ChainContractsInput>;
  /** The registry to start from; defaults to {@link chains}. */
  registry?: readonly ChainInfo[];
}

/**
 * A copy of the registry with operator-configured contracts (e.g. the devnet's Uniswap deployment, or a router
 * the built-in table does not list). Every address is validated (EIP-55); an override for a chain the registry does
 * not know throws `UNSUPPORTED_CHAIN` (never a silent new chain).
 *
 * @example
 * ```ts
 * const registry = configureChains({
 *   overrides: new Map([[31337, { wrappedNative: devnet.weth }]]),
 * });
 * ```
 */
export function configureChains({
  overrides,
  registry = chains,
}: ConfigureChainsParameters): readonly ChainInfo[] {
  for (const id of overrides.keys()) {
    if (!registry.some((c) => c.id === id)) {
      throw new UnsupportedChainError({ chain: id });
    }
  }
  return Object.freeze(
    registry.map((entry) => {
      const override = overrides.get(entry.id);
      if (override === undefined) return entry;
      const contracts: ChainContracts = { ...entry.contracts };
      const out = contracts as { -readonly [K in keyof ChainContracts]: ChainContracts[K] };
      if (override.wrappedNative !== undefined) out.wrappedNative = checked(override.wrappedNative);
      if (override.multicall3 !== undefined) out.multicall3 = checked(override.multicall3);
      if (override.permit2 !== undefined) out.permit2 = checked(override.permit2);
      if (override.uniswapV2 !== undefined) {
        out.uniswapV2 =
          override.uniswapV2 === null
            ? null
            : Object.freeze({
                router02: parseAddress({ address: override.uniswapV2.router02 }),
                factory: parseAddress({ address: override.uniswapV2.factory }),
              });
      }
      if (override.uniswapV3 !== undefined) {
        out.uniswapV3 =
          override.uniswapV3 === null
            ? null
            : Object.freeze({
                factory: parseAddress({ address: override.uniswapV3.factory }),
                swapRouter: parseAddress({ address: override.uniswapV3.swapRouter }),
                swapRouterKind: override.uniswapV3.swapRouterKind,
                quoterV2: parseAddress({ address: override.uniswapV3.quoterV2 }),
              });
      }
      return Object.freeze({ ...entry, contracts: Object.freeze(contracts) });
    }),
  );
}

function checked(address: string | null): `0x${string}` | null {
  return address === null ? null : parseAddress({ address });
}
