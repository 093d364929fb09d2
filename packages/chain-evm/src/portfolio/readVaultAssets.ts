import { getAddress, Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type Aggregate3Call, aggregate3, type RpcSender } from '../multicall/aggregate3.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { PortfolioError } from './PortfolioError.js';

const erc4626 = new Interface([
  'function asset() view returns (address)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
]);

/** Parameters of {@link readVaultAssets}. */
export interface ReadVaultAssetsParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  /** Vault share balances to convert, with the share token's decimals (for the one-share price). */
  readonly vaults: readonly { readonly vault: Address; readonly shares: bigint; readonly decimals: number }[];
  readonly blockTag?: 'latest' | bigint;
  readonly timeoutMs?: number;
}

/** One vault's answer; `null` fields could not be read (the shares are then unpriceable). */
export interface VaultAssetsRead {
  readonly vault: Address;
  readonly asset: Address | null;
  /** `convertToAssets(shares)`. */
  readonly assets: bigint | null;
  /** `convertToAssets(10^decimals)`: the assets of one whole share. */
  readonly assetsPerShare: bigint | null;
}

/**
 * Reads ERC-4626 vaults in ONE Multicall3 request: `asset()`, `convertToAssets(shares)` and
 * `convertToAssets(one whole share)` of each. No vaults → no request. A vault that does not answer is `null`
 * fields (never 0); node trouble → `RpcError`.
 *
 * @example
 * ```ts
 * const [v] = await readVaultAssets({ provider, chain, vaults: [{ vault, shares: 10n ** 6n, decimals: 6 }] });
 * ```
 */
export async function readVaultAssets({
  provider,
  chain,
  vaults,
  blockTag,
  timeoutMs,
}: ReadVaultAssetsParameters): Promise<VaultAssetsRead[]> {
  if (vaults.length === 0) return [];
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new PortfolioError('PORTFOLIO_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  const calls: Aggregate3Call[] = vaults.flatMap(({ vault, shares, decimals }) =>
    [
      erc4626.encodeFunctionData('asset'),
      erc4626.encodeFunctionData('convertToAssets', [shares]),
      erc4626.encodeFunctionData('convertToAssets', [10n ** BigInt(decimals)]),
    ].map((callData) => ({ target: vault, callData: callData as Address, allowFailure: true })),
  );
  const results = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls,
    ...(blockTag === undefined ? {} : { blockTag }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return vaults.map(({ vault }, i) => {
    const [asset, assets, perShare] = [results[3 * i], results[3 * i + 1], results[3 * i + 2]];
    const word = asset?.success ? decodeUint256(asset.returnData) : null;
    return {
      vault,
      asset:
        word === null || word === 0n || word >= 1n << 160n
          ? null
          : (getAddress(`0x${word.toString(16).padStart(40, '0')}`) as Address),
      assets: assets?.success ? decodeUint256(assets.returnData) : null,
      assetsPerShare: perShare?.success ? decodeUint256(perShare.returnData) : null,
    };
  });
}
