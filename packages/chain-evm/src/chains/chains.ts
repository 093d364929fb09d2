/** A chain the platform knows. Names are lower-case and unique; ids are EIP-155 chain ids. */
export interface ChainInfo {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly nativeSymbol: string;
  readonly nativeDecimals: 18;
  /** True for local development chains (anvil); never true for a chain that holds real value. */
  readonly isDevnet: boolean;
}

/**
 * The chain registry. A chain that is not listed here is unsupported: there is no fallback to chain 1.
 *
 * @example
 * ```ts
 * chains.map((c) => c.name); // ['ethereum', 'optimism', …, 'devnet']
 * ```
 */
export const chains: readonly ChainInfo[] = Object.freeze([
  chain(1, 'ethereum', 'Ethereum', 'ETH'),
  chain(10, 'optimism', 'OP Mainnet', 'ETH'),
  chain(56, 'bsc', 'BNB Smart Chain', 'BNB'),
  chain(137, 'polygon', 'Polygon PoS', 'POL'),
  chain(8453, 'base', 'Base', 'ETH'),
  chain(42161, 'arbitrum', 'Arbitrum One', 'ETH'),
  chain(11155111, 'sepolia', 'Sepolia', 'ETH'),
  chain(31337, 'devnet', 'Local devnet (anvil)', 'ETH', true),
]);

function chain(
  id: number,
  name: string,
  displayName: string,
  nativeSymbol: string,
  isDevnet = false,
): ChainInfo {
  return Object.freeze({ id, name, displayName, nativeSymbol, nativeDecimals: 18, isDevnet });
}
