import { getCreate2Address, keccak256 } from 'ethers';
import type { Address } from '../chains/chains.js';

/** Init-code hash of the canonical Uniswap V2 pair (the npm bytecode the devnet deploys has the same). */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
/** Init-code hash of the canonical Uniswap V3 pool. */
export const UNISWAP_V3_POOL_INIT_CODE_HASH =
  '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

const word = (hex: string) => hex.slice(2).toLowerCase().padStart(64, '0');
// Pool addresses never change: computed once (two keccaks and a checksum each, ~0.1–1 ms), then remembered. Bounded:
// past CACHE_LIMIT entries the oldest are forgotten.
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Address>();

/** Parameters of {@link uniswapPoolAddress}. */
export interface UniswapPoolAddressParameters {
  readonly protocol: 'v2' | 'v3';
  /** The V2 or V3 factory. */
  readonly factory: Address;
  readonly tokenA: Address;
  readonly tokenB: Address;
  /** V3 fee tier (500, 3000, 10000); ignored for V2. */
  readonly fee?: number | null;
}

/**
 * The address of a Uniswap V2 pair or V3 pool, computed (CREATE2 with the canonical init-code hashes) rather than
 * asked of the factory, so the pool's state can be read in the same Multicall3 batch. Token order does not matter.
 * Whether anything is deployed there is for the read to find out.
 *
 * @example
 * ```ts
 * const pool = uniswapPoolAddress({ protocol: 'v3', factory, tokenA: usdc, tokenB: weth, fee: 3000 });
 * ```
 */
export function uniswapPoolAddress({
  protocol,
  factory,
  tokenA,
  tokenB,
  fee,
}: UniswapPoolAddressParameters): Address {
  const [t0, t1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA];
  const key = `${protocol}:${factory}:${t0}:${t1}:${protocol === 'v3' ? (fee ?? 0) : ''}`.toLowerCase();
  const known = cache.get(key);
  if (known !== undefined) return known;
  let address: Address;
  if (protocol === 'v2') {
    const salt = keccak256(`0x${t0.slice(2)}${t1.slice(2)}`.toLowerCase());
    address = getCreate2Address(factory, salt, UNISWAP_V2_PAIR_INIT_CODE_HASH) as Address;
  } else {
    // abi.encode(token0, token1, fee), written out.
    const salt = keccak256(`0x${word(t0)}${word(t1)}${(fee ?? 0).toString(16).padStart(64, '0')}`);
    address = getCreate2Address(factory, salt, UNISWAP_V3_POOL_INIT_CODE_HASH) as Address;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, address);
  return address;
}
