/** A checksummed EVM address. */
export type Address = `0x${string}`;

/** Uniswap V2 contracts of a chain. */
export interface UniswapV2Contracts {
  readonly router02: Address;
  readonly factory: Address;
}

/** Uniswap V3 contracts of a chain. */
export interface UniswapV3Contracts {
  readonly factory: Address;
  /**
   * The swap router. `SwapRouter` (the original, whose swap parameters carry a `deadline`) where it is deployed,
   * else `SwapRouter02` (no `deadline` in the parameters; the deadline goes into `multicall(deadline, data)`).
   */
  readonly swapRouter: Address;
  readonly swapRouterKind: 'SwapRouter' | 'SwapRouter02';
  readonly quoterV2: Address;
}

/** Well-known contracts of a chain; `null` where the chain has none (or none we trust): fail closed. */
export interface ChainContracts {
  /** The wrapped native token (WETH; WPOL on Polygon, WBNB on BSC): the pricing numéraire. */
  readonly wrappedNative: Address | null;
  readonly multicall3: Address | null;
  readonly permit2: Address | null;
  readonly uniswapV2: UniswapV2Contracts | null;
  readonly uniswapV3: UniswapV3Contracts | null;
}

/** Each data provider's identifier for the chain; `null` where the provider does not cover it. */
export interface ChainProviderIds {
  /** GoPlus `token_security/{id}` path segment. */
  readonly goplus: string | null;
  /** DexScreener `chainId` slug. */
  readonly dexscreener: string | null;
  /** DefiLlama chain name (yields, TVL). */
  readonly defillama: string | null;
  /** LI.FI chain id (bridges). */
  readonly lifi: number | null;
}

/**
 * A chain the platform knows. Names and aliases are lower-case and unique across the registry; ids are EIP-155
 * chain ids.
 */
export interface ChainInfo {
  readonly id: number;
  readonly name: string;
  /** Other accepted names (`eth`, `mainnet`, `arb`…). */
  readonly aliases: readonly string[];
  readonly displayName: string;
  readonly nativeSymbol: string;
  readonly nativeDecimals: 18;
  /** True for local development chains (anvil); never true for a chain that holds real value. */
  readonly isDevnet: boolean;
  /** The chain prices gas with EIP-1559 (base fee + priority fee); otherwise legacy `gasPrice`. */
  readonly eip1559: boolean;
  readonly contracts: ChainContracts;
  readonly providers: ChainProviderIds;
}

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** The canonical Uniswap V3 deployment shared by Ethereum, Optimism, Arbitrum and Polygon. */
const CANONICAL_V3: UniswapV3Contracts = {
  factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
  swapRouter: '0xE592427A0AEce92De3Edee1F18E0157C05861564',
  swapRouterKind: 'SwapRouter',
  quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
};

/**
 * The chain registry: the one source of truth for chain ids, names, aliases, native currency, well-known
 * contracts and each provider's chain identifier. A chain that is not listed is unsupported: there is no fallback
 * to chain 1. Only addresses published by the protocols themselves are listed; where a deployment is not listed the
 * field is `null` and the feature is unavailable on that chain until an operator configures it.
 *
 * @example
 * ```ts
 * chains.map((c) => c.name); // ['ethereum', 'optimism', …, 'devnet']
 * chains.find((c) => c.id === 1)?.contracts.uniswapV2?.router02; // '0x7a25…488D'
 * ```
 */
export const chains: readonly ChainInfo[] = deepFreeze([
  chain({
    id: 1,
    name: 'ethereum',
    aliases: ['eth', 'mainnet'],
    displayName: 'Ethereum',
    nativeSymbol: 'ETH',
    contracts: {
      wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      uniswapV2: {
        router02: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
        factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
      },
      uniswapV3: CANONICAL_V3,
    },
    providers: { goplus: '1', dexscreener: 'ethereum', defillama: 'Ethereum', lifi: 1 },
  }),
  chain({
    id: 10,
    name: 'optimism',
    aliases: ['op'],
    displayName: 'OP Mainnet',
    nativeSymbol: 'ETH',
    contracts: { wrappedNative: '0x4200000000000000000000000000000000000006', uniswapV3: CANONICAL_V3 },
    providers: { goplus: '10', dexscreener: 'optimism', defillama: 'Optimism', lifi: 10 },
  }),
  chain({
    id: 56,
    name: 'bsc',
    aliases: ['bnb'],
    displayName: 'BNB Smart Chain',
    nativeSymbol: 'BNB',
    eip1559: false,
    contracts: { wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c' },
    providers: { goplus: '56', dexscreener: 'bsc', defillama: 'BSC', lifi: 56 },
  }),
  chain({
    id: 137,
    name: 'polygon',
    aliases: ['matic', 'pol'],
    displayName: 'Polygon PoS',
    nativeSymbol: 'POL',
    contracts: { wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', uniswapV3: CANONICAL_V3 },
    providers: { goplus: '137', dexscreener: 'polygon', defillama: 'Polygon', lifi: 137 },
  }),
  chain({
    id: 8453,
    name: 'base',
    aliases: [],
    displayName: 'Base',
    nativeSymbol: 'ETH',
    contracts: {
      wrappedNative: '0x4200000000000000000000000000000000000006',
      uniswapV3: {
        factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
        swapRouter: '0x2626664c2603336E57B271c5C0b26F421741e481',
        swapRouterKind: 'SwapRouter02',
        quoterV2: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
      },
    },
    providers: { goplus: '8453', dexscreener: 'base', defillama: 'Base', lifi: 8453 },
  }),
  chain({
    id: 42161,
    name: 'arbitrum',
    aliases: ['arb', 'arbitrum-one'],
    displayName: 'Arbitrum One',
    nativeSymbol: 'ETH',
    contracts: { wrappedNative: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', uniswapV3: CANONICAL_V3 },
    providers: { goplus: '42161', dexscreener: 'arbitrum', defillama: 'Arbitrum', lifi: 42161 },
  }),
  chain({
    id: 43114,
    name: 'avalanche',
    aliases: ['avax'],
    displayName: 'Avalanche C-Chain',
    nativeSymbol: 'AVAX',
    contracts: { wrappedNative: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7' },
    providers: { goplus: '43114', dexscreener: 'avalanche', defillama: 'Avalanche', lifi: 43114 },
  }),
  chain({
    id: 59144,
    name: 'linea',
    aliases: [],
    displayName: 'Linea',
    nativeSymbol: 'ETH',
    contracts: { wrappedNative: '0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f' },
    providers: { goplus: '59144', dexscreener: 'linea', defillama: 'Linea', lifi: 59144 },
  }),
  chain({
    id: 11155111,
    name: 'sepolia',
    aliases: [],
    displayName: 'Sepolia',
    nativeSymbol: 'ETH',
    contracts: { wrappedNative: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14' },
    providers: { goplus: null, dexscreener: null, defillama: null, lifi: null },
  }),
  // The devnet's contracts are deployed at start-up; the operator (or `pnpm demo`) configures them.
  chain({
    id: 31337,
    name: 'devnet',
    aliases: ['anvil', 'localhost'],
    displayName: 'Local devnet (anvil)',
    nativeSymbol: 'ETH',
    isDevnet: true,
    contracts: {},
    // The local LI.FI fixture (`@org/devnet`) serves the devnet chains under their own ids.
    providers: { goplus: null, dexscreener: null, defillama: null, lifi: 31337 },
  }),
  // The devnet bridge's other side (`startDevnet({ chainId: 31338 })`): same layout, same addresses, its own state.
  chain({
    id: 31338,
    name: 'devnet-b',
    aliases: ['anvil-b'],
    displayName: 'Local devnet B (anvil)',
    nativeSymbol: 'ETH',
    isDevnet: true,
    contracts: {},
    providers: { goplus: null, dexscreener: null, defillama: null, lifi: 31338 },
  }),
]);

function chain(entry: {
  id: number;
  name: string;
  aliases: string[];
  displayName: string;
  nativeSymbol: string;
  isDevnet?: boolean;
  eip1559?: boolean;
  contracts: Partial<ChainContracts>;
  providers: ChainProviderIds;
}): ChainInfo {
  return {
    id: entry.id,
    name: entry.name,
    aliases: entry.aliases,
    displayName: entry.displayName,
    nativeSymbol: entry.nativeSymbol,
    nativeDecimals: 18,
    isDevnet: entry.isDevnet ?? false,
    eip1559: entry.eip1559 ?? true,
    contracts: {
      wrappedNative: entry.contracts.wrappedNative ?? null,
      multicall3: MULTICALL3,
      permit2: entry.isDevnet ? null : PERMIT2,
      uniswapV2: entry.contracts.uniswapV2 ?? null,
      uniswapV3: entry.contracts.uniswapV3 ?? null,
    },
    providers: entry.providers,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
