import type { SwapTokenInput } from './getSwapTokenList.js';

/** The part of the devnet manifest (`@org/devnet`'s `DevnetManifest`) the token list needs. */
export interface DevnetTokenListParameters {
  readonly manifest: {
    readonly contracts: { readonly weth: string };
    readonly tokens: Readonly<
      Record<
        string,
        {
          readonly address: string;
          readonly symbol: string;
          readonly name: string;
          readonly decimals: number;
        }
      >
    >;
  };
}

/**
 * Every token deployed on the devnet — WETH, the honeypot, the fee-on-transfer and high-tax tokens and the vault
 * included — as extra tokens for {@link getSwapTokenList}. Listing a token is not vouching for it: the execution
 * gateway's safety gate still blocks buying the honeypot.
 *
 * @example
 * ```ts
 * const tokens = getSwapTokenList({ chain: devnetChain, extraTokens: devnetTokenList({ manifest: devnet.manifest }) });
 * ```
 */
export function devnetTokenList({ manifest }: DevnetTokenListParameters): SwapTokenInput[] {
  return [
    { address: manifest.contracts.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    ...Object.values(manifest.tokens).map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
    })),
  ];
}
