import { Interface } from 'ethers';
import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import { type RpcSender, aggregate3 } from '../multicall/aggregate3.js';
import { decodeAbiText } from '../multicall/decodeAbiText.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { getSwapTokenList } from './getSwapTokenList.js';
import { SwapError } from './SwapError.js';
import type { ResolvedSwapToken, SwapToken } from './types.js';

/** Parameters of {@link resolveSwapToken}. */
export interface ResolveSwapTokenParameters {
  readonly chain: ChainInfo;
  /** User input: the native symbol (`ETH`), a symbol of the list (any case), or an address. */
  readonly token: string;
  /** The chain's token list; default `getSwapTokenList({ chain })`. */
  readonly tokens?: readonly SwapToken[];
  /** Needed only for an address that is not on the list (its `decimals()`/`symbol()`/`name()` are read). */
  readonly provider?: RpcSender;
  readonly timeoutMs?: number;
}

const erc20Metadata = new Interface([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
]);

/**
 * Resolves a token given by a user. The chain's native symbol (`ETH`; `POL` on Polygon) is the native currency,
 * routed as the wrapped native token. A symbol is looked up in the list (case-insensitive). An address must be
 * valid EIP-55 (or all one case); one not on the list is read from the chain in ONE Multicall3 request:
 * `decimals()` is required, `symbol()`/`name()` may be `string`, `bytes32` (old tokens such as MKR) or missing
 * (`null`).
 *
 * Errors: `INVALID_ADDRESS` (bad checksum, malformed), `SWAP_TOKEN_UNKNOWN` (symbol not listed, no readable
 * `decimals()`), `SWAP_TOKEN_AMBIGUOUS`, `SWAP_NOT_CONFIGURED` (native without a wrapped native token), RPC errors.
 *
 * @example
 * ```ts
 * const usdc = await resolveSwapToken({ chain, token: 'usdc' });            // from the list, no RPC
 * const eth = await resolveSwapToken({ chain, token: 'ETH' });              // { ref: 'native', address: WETH, … }
 * const x = await resolveSwapToken({ chain, token: '0x…', provider });      // read on chain
 * ```
 */
export async function resolveSwapToken({
  chain,
  token,
  tokens,
  provider,
  timeoutMs,
}: ResolveSwapTokenParameters): Promise<ResolvedSwapToken> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 64) {
    throw new SwapError('SWAP_TOKEN_UNKNOWN', 'Unknown token', {
      details: JSON.stringify(String(token).slice(0, 64)),
    });
  }
  const list = tokens ?? getSwapTokenList({ chain });
  if (token.toUpperCase() === chain.nativeSymbol.toUpperCase()) {
    const wrapped = chain.contracts.wrappedNative;
    if (wrapped === null) {
      throw new SwapError(
        'SWAP_NOT_CONFIGURED',
        `No wrapped ${chain.nativeSymbol} configured on ${chain.name}`,
      );
    }
    return Object.freeze({
      ref: 'native',
      native: true,
      address: wrapped,
      symbol: chain.nativeSymbol,
      name: chain.nativeSymbol,
      decimals: 18,
      source: 'native',
    });
  }
  if (token.startsWith('0x') || token.startsWith('0X')) {
    const address = parseAddress({ address: token });
    const listed = list.find((t) => t.address.toLowerCase() === address.toLowerCase());
    if (listed !== undefined) return fromList(listed);
    if (provider === undefined) {
      throw new SwapError('SWAP_TOKEN_UNKNOWN', 'Token not on the list and no provider to read it', {
        details: address,
      });
    }
    return readFromChain({ chain, address, provider, timeoutMs });
  }
  const matches = list.filter((t) => t.symbol.toUpperCase() === token.toUpperCase());
  if (matches.length === 0) {
    throw new SwapError('SWAP_TOKEN_UNKNOWN', `Unknown token symbol on ${chain.name}`, {
      details: JSON.stringify(token),
    });
  }
  if (matches.length > 1) {
    throw new SwapError('SWAP_TOKEN_AMBIGUOUS', 'Symbol matches several tokens: use the address', {
      details: matches.map((t) => t.address).join(', '),
    });
  }
  return fromList(matches[0] as SwapToken);
}

function fromList(token: SwapToken): ResolvedSwapToken {
  return Object.freeze({
    ref: token.address,
    native: false,
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    source: 'list',
  });
}

async function readFromChain({
  chain,
  address,
  provider,
  timeoutMs,
}: {
  chain: ChainInfo;
  address: `0x${string}`;
  provider: RpcSender;
  timeoutMs: number | undefined;
}): Promise<ResolvedSwapToken> {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new SwapError('SWAP_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  const call = (fn: string) => ({
    target: address,
    callData: erc20Metadata.encodeFunctionData(fn, []) as `0x${string}`,
    allowFailure: true,
  });
  const [decimals, symbol, name] = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls: [call('decimals'), call('symbol'), call('name')],
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const value = decimals?.success ? decodeUint256(decimals.returnData) : null;
  if (value === null || value > 255n) {
    throw new SwapError('SWAP_TOKEN_UNKNOWN', 'Address is not a readable ERC-20 (no decimals())', {
      details: `${address} on ${chain.name}`,
    });
  }
  return Object.freeze({
    ref: address,
    native: false,
    address,
    symbol: symbol?.success ? decodeAbiText(symbol.returnData, 32) : null,
    name: name?.success ? decodeAbiText(name.returnData, 100) : null,
    decimals: Number(value),
    source: 'chain',
  });
}
