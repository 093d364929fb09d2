import { getAddress, Interface, ZeroAddress } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type Aggregate3Call, aggregate3, type RpcSender } from '../multicall/aggregate3.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { multicall3BlockNumberCall } from '../multicall/multicall3BlockNumberCall.js';
import { decodeTokenMetadata } from '../tokens/decodeTokenMetadata.js';
import { tokenMetadataCalls } from '../tokens/tokenMetadataCalls.js';
import type { VaultPosition, VaultState } from './types.js';
import { YieldError } from './YieldError.js';

const vaultIface = new Interface([
  'function asset() view returns (address)',
  'function totalAssets() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
  'function maxRedeem(address owner) view returns (uint256)',
  'function maxDeposit(address receiver) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const timestampIface = new Interface(['function getCurrentBlockTimestamp() view returns (uint256)']);
const call = (target: Address, fn: string, args: readonly unknown[] = []): Aggregate3Call => ({
  target,
  callData: vaultIface.encodeFunctionData(fn, args) as Address,
  allowFailure: true,
});

/** Parameters of {@link readVaultStates}. */
export interface ReadVaultStatesParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly vaults: readonly Address[];
  /** Whose position to read (`balanceOf`, `previewRedeem`, `maxRedeem`, `maxDeposit`); none without it. */
  readonly owner?: Address;
  readonly timeoutMs?: number;
}

/** Result of {@link readVaultStates}: every figure read at one block. */
export interface ReadVaultStatesReturnType {
  readonly blockNumber: bigint;
  /** The block's timestamp, epoch ms (chain time). */
  readonly timestamp: number;
  readonly vaults: readonly VaultState[];
}

/**
 * Reads ERC-4626 vaults in TWO Multicall3 requests pinned to one block: first `asset()`, share metadata,
 * `totalAssets()`, `totalSupply()`, `maxDeposit(owner)` and (with an owner) `balanceOf` / `maxRedeem`, plus the
 * block number and timestamp; then, at that block, `convertToAssets(one whole share)`, the asset's metadata and (for
 * shares held) `previewRedeem(shares)` — the exit value, fees included — and `convertToAssets(shares)`. A vault whose
 * core reads fail is returned with `unreadableReason` and `null` fields (never 0); node trouble → `RpcError`.
 *
 * @example
 * ```ts
 * const { vaults: [v] } = await readVaultStates({ provider, chain, vaults: [vault], owner: wallet });
 * v.position?.exitAssets; v.assetsPerShare;
 * ```
 */
export async function readVaultStates({
  provider,
  chain,
  vaults,
  owner,
  timeoutMs,
}: ReadVaultStatesParameters): Promise<ReadVaultStatesReturnType> {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new YieldError('YIELD_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  const who = owner ?? (ZeroAddress as Address);
  const PER_VAULT = 8;
  const first: Aggregate3Call[] = [
    multicall3BlockNumberCall(multicall3),
    {
      target: multicall3,
      callData: timestampIface.encodeFunctionData('getCurrentBlockTimestamp') as Address,
      allowFailure: false,
    },
    ...vaults.flatMap((vault) => [
      call(vault, 'asset'),
      ...tokenMetadataCalls(vault).slice(0, 2),
      call(vault, 'totalAssets'),
      call(vault, 'totalSupply'),
      call(vault, 'maxDeposit', [who]),
      call(vault, 'balanceOf', [who]),
      call(vault, 'maxRedeem', [who]),
    ]),
  ];
  const r1 = await aggregate3({ provider, chainId: chain.id, multicall3, calls: first, ...deadline });
  const blockNumber = decodeUint256(r1[0]?.returnData ?? '0x') ?? 0n;
  const timestamp = Number(decodeUint256(r1[1]?.returnData ?? '0x') ?? 0n) * 1000;
  const uint = (i: number) => {
    const r = r1[i];
    return r?.success ? decodeUint256(r.returnData) : null;
  };

  type Partial1 = {
    vault: Address;
    asset: Address | null;
    shareSymbol: string | null;
    shareDecimals: number | null;
    totalAssets: bigint | null;
    totalSupply: bigint | null;
    maxDeposit: bigint | null;
    shares: bigint | null;
    maxRedeem: bigint | null;
  };
  const partial: Partial1[] = vaults.map((vault, v) => {
    const base = 2 + v * PER_VAULT;
    const assetWord = uint(base);
    const metadata = decodeTokenMetadata([r1[base + 1], r1[base + 2]]);
    return {
      vault,
      asset:
        assetWord === null || assetWord === 0n || assetWord >= 1n << 160n
          ? null
          : (getAddress(`0x${assetWord.toString(16).padStart(40, '0')}`) as Address),
      shareSymbol: metadata.symbol,
      shareDecimals: metadata.decimals,
      totalAssets: uint(base + 3),
      totalSupply: uint(base + 4),
      maxDeposit: uint(base + 5),
      shares: uint(base + 6),
      maxRedeem: uint(base + 7),
    };
  });

  // Second request, pinned to the first one's block.
  const second: Aggregate3Call[] = [];
  const plan = partial.map((p) => {
    const slots = { perShare: -1, exit: -1, converted: -1, assetMeta: -1 };
    if (p.shareDecimals !== null) {
      slots.perShare = second.push(call(p.vault, 'convertToAssets', [10n ** BigInt(p.shareDecimals)])) - 1;
    }
    if (owner !== undefined && p.shares !== null && p.shares > 0n) {
      slots.exit = second.push(call(p.vault, 'previewRedeem', [p.shares])) - 1;
      slots.converted = second.push(call(p.vault, 'convertToAssets', [p.shares])) - 1;
    }
    if (p.asset !== null) {
      slots.assetMeta = second.length;
      second.push(...tokenMetadataCalls(p.asset).slice(0, 2));
    }
    return slots;
  });
  const r2 =
    second.length === 0
      ? []
      : await aggregate3({
          provider,
          chainId: chain.id,
          multicall3,
          calls: second,
          blockTag: blockNumber,
          ...deadline,
        });
  const uint2 = (i: number) => {
    if (i < 0) return null;
    const r = r2[i];
    return r?.success ? decodeUint256(r.returnData) : null;
  };

  const states = partial.map((p, v): VaultState => {
    const slots = plan[v] as (typeof plan)[number];
    const assetMeta =
      slots.assetMeta < 0
        ? { decimals: null, symbol: null }
        : decodeTokenMetadata([r2[slots.assetMeta], r2[slots.assetMeta + 1]]);
    const assetsPerShare = uint2(slots.perShare);
    const missing = [
      p.asset === null ? 'asset()' : null,
      p.shareDecimals === null ? 'decimals()' : null,
      p.totalAssets === null ? 'totalAssets()' : null,
      p.totalSupply === null ? 'totalSupply()' : null,
      assetsPerShare === null ? 'convertToAssets()' : null,
      assetMeta.decimals === null && p.asset !== null ? "the asset's decimals()" : null,
    ].filter((m): m is string => m !== null);
    let position: VaultPosition | null = null;
    if (owner !== undefined) {
      const shares = p.shares ?? 0n;
      if (p.shares === null) missing.push('balanceOf()');
      position = {
        shares,
        exitAssets: shares === 0n ? 0n : uint2(slots.exit),
        convertedAssets: shares === 0n ? 0n : uint2(slots.converted),
        maxRedeem: p.maxRedeem,
        maxDeposit: p.maxDeposit,
      };
    }
    return {
      vault: p.vault,
      asset: p.asset,
      assetSymbol: assetMeta.symbol,
      assetDecimals: assetMeta.decimals,
      shareSymbol: p.shareSymbol,
      shareDecimals: p.shareDecimals,
      totalAssets: p.totalAssets,
      totalSupply: p.totalSupply,
      assetsPerShare,
      maxDeposit: p.maxDeposit,
      position,
      unreadableReason: missing.length === 0 ? null : `the vault did not answer ${missing.join(', ')}`,
    };
  });
  return { blockNumber, timestamp, vaults: states };
}
