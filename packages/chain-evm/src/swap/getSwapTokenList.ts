import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import { SwapError } from './SwapError.js';
import type { SwapToken } from './types.js';
import { WELL_KNOWN_TOKENS } from './wellKnownTokens.js';

/** A token the application adds to a chain's list (plain strings: validated and checksummed here). */
export interface SwapTokenInput {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/** Parameters of {@link getSwapTokenList}. */
export interface GetSwapTokenListParameters {
  readonly chain: ChainInfo;
  /**
   * Tokens to add (e.g. the devnet's, from `devnetTokenList`). An entry with the address of a built-in token
   * replaces it; a symbol already used by another address is refused (a symbol must name one token).
   */
  readonly extraTokens?: readonly SwapTokenInput[];
}

/**
 * The chain's swap token list: the built-in well-known tokens, the chain's wrapped native token (from the
 * registry, so a configured devnet WETH is listed), and the application's extra tokens. Symbols are unique
 * (case-insensitive) and never equal the native symbol (`ETH` always means the native currency). A malformed
 * extra token (bad checksum, decimals outside 0..255, empty or oversized symbol) → `INVALID_SWAP_PARAMETER`
 * (or `INVALID_ADDRESS`).
 *
 * @example
 * ```ts
 * const tokens = getSwapTokenList({ chain: resolveChain({ chain: 'base' }) });
 * tokens.find((t) => t.symbol === 'USDC')?.address; // '0x8335…2913'
 * ```
 */
export function getSwapTokenList({ chain, extraTokens = [] }: GetSwapTokenListParameters): SwapToken[] {
  const byAddress = new Map<string, SwapToken>();
  for (const token of WELL_KNOWN_TOKENS[chain.id] ?? []) byAddress.set(token.address, token);
  const wrapped = chain.contracts.wrappedNative;
  if (wrapped !== null && !byAddress.has(wrapped)) {
    byAddress.set(wrapped, {
      address: wrapped,
      symbol: `W${chain.nativeSymbol}`,
      name: `Wrapped ${chain.nativeSymbol === 'ETH' ? 'Ether' : chain.nativeSymbol}`,
      decimals: 18,
    });
  }
  for (const input of extraTokens) {
    const token = validate(input);
    if (token.symbol.toUpperCase() === chain.nativeSymbol.toUpperCase()) {
      throw new SwapError('INVALID_SWAP_PARAMETER', 'A token may not use the native currency symbol', {
        details: `${token.symbol} at ${token.address}`,
      });
    }
    byAddress.set(token.address, token);
  }
  const list = [...byAddress.values()];
  const seen = new Map<string, string>();
  for (const token of list) {
    const key = token.symbol.toUpperCase();
    const other = seen.get(key);
    if (other !== undefined) {
      throw new SwapError('INVALID_SWAP_PARAMETER', 'Two tokens of the list share a symbol', {
        details: `${token.symbol}: ${other} and ${token.address}`,
      });
    }
    seen.set(key, token.address);
  }
  return list;
}

function validate(input: SwapTokenInput): SwapToken {
  const address = parseAddress({ address: input.address });
  const { symbol, name, decimals } = input;
  if (typeof symbol !== 'string' || !/^[\x21-\x7e]{1,32}$/.test(symbol)) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'Invalid token symbol', {
      details: `${address}: ${JSON.stringify(String(symbol).slice(0, 40))}`,
    });
  }
  if (typeof name !== 'string' || name.length > 100 || /\p{Cc}/u.test(name)) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'Invalid token name', { details: address });
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'Invalid token decimals', {
      details: `${address}: ${String(decimals)}`,
    });
  }
  return Object.freeze({ address, symbol, name, decimals });
}
