import { getAddress, Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type Aggregate3Call, aggregate3, type RpcSender } from '../multicall/aggregate3.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { multicall3BlockNumberCall } from '../multicall/multicall3BlockNumberCall.js';
import type { DepositPreflightReads } from './checkDepositPreflight.js';
import { YieldError } from './YieldError.js';

const iface = new Interface([
  'function asset() view returns (address)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function maxDeposit(address receiver) view returns (uint256)',
  'function previewDeposit(uint256 assets) view returns (uint256)',
  'function convertToShares(uint256 assets) view returns (uint256)',
]);

/** Parameters of {@link readDepositPreflight}. */
export interface ReadDepositPreflightParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly vault: Address;
  /** Who receives the shares (the wallet). */
  readonly receiver: Address;
  /** Assets to deposit, base units. */
  readonly amount: bigint;
  readonly timeoutMs?: number;
}

/** Result of {@link readDepositPreflight}. */
export interface ReadDepositPreflightReturnType {
  readonly blockNumber: bigint;
  /** `asset()` (checksummed); `null` if it did not answer. */
  readonly asset: Address | null;
  /** Every read a pre-flight needs; `null` when one did not answer (then refuse: never a guess). */
  readonly reads: DepositPreflightReads | null;
  /** Which reads did not answer; `null` when all did. */
  readonly unreadableReason: string | null;
}

/**
 * The on-chain reads of a deposit pre-flight, in ONE Multicall3 request at one block: `asset()`, `decimals()`,
 * `totalSupply()`, `maxDeposit(receiver)`, `previewDeposit(amount)`, `convertToShares(amount)`. Feed `reads` to
 * `checkDepositPreflight`. A read that does not answer makes `reads` `null` with the reason; node trouble →
 * `RpcError`.
 *
 * @example
 * ```ts
 * const { reads } = await readDepositPreflight({ provider, chain, vault, receiver: wallet, amount: 1_000_000n });
 * const check = reads === null ? null : checkDepositPreflight({ amount: 1_000_000n, reads });
 * ```
 */
export async function readDepositPreflight({
  provider,
  chain,
  vault,
  receiver,
  amount,
  timeoutMs,
}: ReadDepositPreflightParameters): Promise<ReadDepositPreflightReturnType> {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new YieldError('YIELD_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  if (amount <= 0n) throw new YieldError('INVALID_YIELD_PARAMETER', 'amount must be positive');
  const names = [
    'asset',
    'decimals',
    'totalSupply',
    'maxDeposit',
    'previewDeposit',
    'convertToShares',
  ] as const;
  const args: Record<(typeof names)[number], readonly unknown[]> = {
    asset: [],
    decimals: [],
    totalSupply: [],
    maxDeposit: [receiver],
    previewDeposit: [amount],
    convertToShares: [amount],
  };
  const calls: Aggregate3Call[] = [
    multicall3BlockNumberCall(multicall3),
    ...names.map((fn) => ({
      target: vault,
      callData: iface.encodeFunctionData(fn, args[fn]) as Address,
      allowFailure: true,
    })),
  ];
  const results = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const blockNumber = decodeUint256(results[0]?.returnData ?? '0x') ?? 0n;
  const values = names.map((_, i) => {
    const r = results[i + 1];
    return r?.success ? decodeUint256(r.returnData) : null;
  });
  const [assetWord, decimals, totalSupply, maxDeposit, previewShares, convertShares] = values;
  const missing = names.filter((_, i) => values[i] === null || (i === 1 && (values[i] as bigint) > 255n));
  const asset =
    assetWord === null || assetWord === undefined || assetWord === 0n || assetWord >= 1n << 160n
      ? null
      : (getAddress(`0x${assetWord.toString(16).padStart(40, '0')}`) as Address);
  if (asset === null && !missing.includes('asset')) missing.push('asset');
  if (
    missing.length > 0 ||
    decimals == null ||
    totalSupply == null ||
    maxDeposit == null ||
    previewShares == null ||
    convertShares == null
  ) {
    return {
      blockNumber,
      asset,
      reads: null,
      unreadableReason: `the vault did not answer ${missing.map((m) => `${m}()`).join(', ')}`,
    };
  }
  return {
    blockNumber,
    asset,
    reads: { maxDeposit, previewShares, convertShares, totalSupply, shareDecimals: Number(decimals) },
    unreadableReason: null,
  };
}
