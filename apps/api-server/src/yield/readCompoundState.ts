import { type Address, aggregate3, type ChainInfo, decodeUint256, type RpcSender } from '@org/chain-evm';
import { getAddress, Interface } from 'ethers';
import { ApiProblem } from '../http/ApiProblem.js';

const iface = new Interface([
  'function asset() view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function maxWithdraw(address owner) view returns (uint256)',
]);

/** What {@link readCompoundState} read (base units). */
export interface CompoundState {
  /** The vault's `asset()` (checksummed). */
  readonly asset: Address;
  readonly assetDecimals: number;
  readonly assetSymbol: string | null;
  /** The wallet's idle balance of the asset. */
  readonly idle: bigint;
  /** The wallet's allowance of the asset to the vault. */
  readonly allowance: bigint;
  /** `maxWithdraw(wallet)`: what the wallet's shares already in the vault are worth in the asset. */
  readonly position: bigint;
}

/**
 * The wallet's side of a compound, in two Multicall3 requests: the vault's `asset()`, then the asset's `balanceOf`,
 * `allowance(wallet, vault)`, `decimals()`, `symbol()` and the vault's `maxWithdraw(wallet)`. A vault or asset that
 * does not answer → 502 `VAULT_UNREADABLE` (never a guessed 0); node trouble → the chain's typed error.
 *
 * @example
 * ```ts
 * const state = await readCompoundState({ provider, chain, vault, wallet, timeoutMs });
 * ```
 */
export async function readCompoundState({
  provider,
  chain,
  vault,
  wallet,
  timeoutMs,
}: {
  provider: RpcSender;
  chain: ChainInfo;
  vault: Address;
  wallet: Address;
  timeoutMs: number;
}): Promise<CompoundState> {
  const multicall3 = chain.contracts.multicall3;
  const unreadable = (what: string) =>
    new ApiProblem(
      502,
      'VAULT_UNREADABLE',
      'The vault could not be read as ERC-4626',
      `${what} did not answer`,
      {
        vault,
      },
    );
  if (multicall3 === null) {
    throw new ApiProblem(422, 'YIELD_NOT_CONFIGURED', 'The chain has no Multicall3 configured', undefined, {
      chain: chain.name,
    });
  }
  const call = (target: Address, fn: string, args: readonly unknown[] = []) => ({
    target,
    callData: iface.encodeFunctionData(fn, args) as Address,
    allowFailure: true,
  });
  const read = (calls: ReturnType<typeof call>[]) =>
    aggregate3({ provider, chainId: chain.id, multicall3, calls, timeoutMs });
  const [assetResult] = await read([call(vault, 'asset')]);
  const assetWord = assetResult?.success ? decodeUint256(assetResult.returnData) : null;
  if (assetWord === null || assetWord === 0n || assetWord >= 1n << 160n) throw unreadable('asset()');
  const asset = getAddress(`0x${assetWord.toString(16).padStart(40, '0')}`) as Address;
  const results = await read([
    call(asset, 'balanceOf', [wallet]),
    call(asset, 'allowance', [wallet, vault]),
    call(asset, 'decimals'),
    call(asset, 'symbol'),
    call(vault, 'maxWithdraw', [wallet]),
  ]);
  const uint = (i: number, what: string) => {
    const r = results[i];
    const value = r?.success ? decodeUint256(r.returnData) : null;
    if (value === null) throw unreadable(what);
    return value;
  };
  const decimals = uint(2, 'the asset’s decimals()');
  if (decimals > 77n) throw unreadable('the asset’s decimals()');
  let assetSymbol: string | null = null;
  try {
    const r = results[3];
    if (r?.success) assetSymbol = String(iface.decodeFunctionResult('symbol', r.returnData)[0]).slice(0, 32);
  } catch {
    assetSymbol = null; // a symbol is for display only
  }
  return {
    asset,
    assetDecimals: Number(decimals),
    assetSymbol,
    idle: uint(0, 'the asset’s balanceOf()'),
    allowance: uint(1, 'the asset’s allowance()'),
    position: uint(4, 'maxWithdraw()'),
  };
}
