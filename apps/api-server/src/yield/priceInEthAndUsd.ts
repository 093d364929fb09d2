import {
  type Address,
  type ChainInfo,
  priceInNative,
  readTokenBalances,
  type RpcSender,
  USD_REFERENCE_WHOLE_UNITS,
  usdFromWei,
} from '@org/chain-evm';

const ZERO = '0x0000000000000000000000000000000000000000' as Address;

/** One priced amount: ETH-equivalent wei and USD × 10^18; `null` = unpriceable (never 0), with the reason. */
export interface PricedAmount {
  readonly valueWei: bigint | null;
  readonly usdE18: bigint | null;
  readonly unpricedReason: string | null;
}

/**
 * Prices token amounts the way `/portfolio` does, in ONE request to the gateway's pricing module (`priceInNative`:
 * the highest usable Uniswap route against the wrapped native, the liquidity floor applied, WETH 1:1) plus the USD
 * reference (1,000,000 whole units of the chain's stablecoin through the same pools; `usdFromWei`, exact bigint).
 * The stablecoin's decimals are read on chain when not given (one more request). No USD token → USD `null`.
 *
 * @example
 * ```ts
 * const [tvl] = await priceInEthAndUsd({ provider, chain, amounts: [{ token: usdc, amount: totalAssets }], usdToken: usdc, usdDecimals: 6, minLiquidityWei });
 * ```
 */
export async function priceInEthAndUsd({
  provider,
  chain,
  amounts,
  usdToken,
  usdDecimals,
  minLiquidityWei,
  blockTag,
  timeoutMs,
}: {
  provider: RpcSender;
  chain: ChainInfo;
  amounts: readonly { token: Address; amount: bigint }[];
  usdToken: Address | null;
  /** The stablecoin's decimals if known (else read). */
  usdDecimals?: number | null;
  minLiquidityWei: bigint;
  blockTag?: bigint;
  timeoutMs?: number;
}): Promise<PricedAmount[]> {
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  let decimals = usdDecimals ?? null;
  if (usdToken !== null && decimals === null) {
    const read = await readTokenBalances({
      provider,
      chain,
      owner: ZERO,
      tokens: [{ address: usdToken }],
      ...deadline,
    });
    decimals = read.tokens[0]?.decimals ?? null;
  }
  const reference =
    usdToken !== null && decimals !== null
      ? [{ token: usdToken, amount: USD_REFERENCE_WHOLE_UNITS * 10n ** BigInt(decimals) }]
      : [];
  const all = [...amounts, ...reference];
  if (all.length === 0) return [];
  const priced = await priceInNative({
    provider,
    chain,
    amounts: all,
    minLiquidityWei,
    ...(blockTag === undefined ? {} : { blockTag }),
    ...deadline,
  });
  const referenceWei = reference.length === 0 ? null : (priced.items[amounts.length]?.valueWei ?? null);
  return amounts.map((_, i) => {
    const item = priced.items[i];
    const valueWei = item?.valueWei ?? null;
    return {
      valueWei,
      usdE18: valueWei === null ? null : usdFromWei({ wei: valueWei, referenceWei }),
      unpricedReason:
        valueWei !== null
          ? null
          : (priced.reason ??
            ((item?.routes.length ?? 0) > 0
              ? 'every pool against the wrapped native is under the liquidity floor'
              : 'no Uniswap V2/V3 pool against the wrapped native')),
    };
  });
}
