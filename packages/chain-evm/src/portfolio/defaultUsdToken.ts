import type { Address } from '../chains/chains.js';
import { WELL_KNOWN_TOKENS } from '../swap/wellKnownTokens.js';

/**
 * The built-in USD route of a chain: its native USDC from the well-known token list (Ethereum, OP Mainnet,
 * Polygon, Base, Arbitrum One), priced against the wrapped native through the gateway's pricing module. `null`
 * elsewhere (the operator configures one, or the chain has no USD figures).
 *
 * @example
 * ```ts
 * defaultUsdToken({ chainId: 1 }); // '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
 * ```
 */
export function defaultUsdToken({ chainId }: { readonly chainId: number }): Address | null {
  return WELL_KNOWN_TOKENS[chainId]?.find((t) => t.symbol === 'USDC')?.address ?? null;
}
