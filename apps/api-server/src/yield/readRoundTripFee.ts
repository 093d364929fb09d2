import { type Address, decodeUint256, type RpcSender } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * What a deposit costs in the vault's own fees, measured on chain: `amount` in, then `previewRedeem` of the shares
 * `previewDeposit(amount)` mints (`previewShares`) — the entry fee (`previewDeposit` below `convertToShares`) and the
 * exit fee (`previewRedeem` below `convertToAssets`) together, in the asset's base units, and in bps of the amount
 * (rounded up). A vault that does not answer is 502 `VAULT_UNREADABLE` (never counted as free).
 *
 * @example
 * ```ts
 * const { feeAssets, feeBps } = await readRoundTripFee({ provider, vault, amount, previewShares, timeoutMs });
 * ```
 */
export async function readRoundTripFee(p: {
  provider: RpcSender;
  vault: Address;
  amount: bigint;
  previewShares: bigint;
  timeoutMs: number;
}): Promise<{ redeemAssets: bigint; feeAssets: bigint; feeBps: number }> {
  // previewRedeem(uint256)
  const data = `0x4cdad506${p.previewShares.toString(16).padStart(64, '0')}`;
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    p.provider.send('eth_call', [{ to: p.vault, data }, 'latest']),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), p.timeoutMs);
    }),
  ])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  const redeemAssets = typeof answer === 'string' ? decodeUint256(answer as `0x${string}`) : null;
  if (redeemAssets === null) {
    throw new ApiProblem(
      502,
      'VAULT_UNREADABLE',
      'The vault could not be read as ERC-4626',
      'previewRedeem() did not answer',
      {
        vault: p.vault,
      },
    );
  }
  const feeAssets = p.amount > redeemAssets ? p.amount - redeemAssets : 0n;
  const feeBps = p.amount === 0n ? 0 : Number((feeAssets * 10_000n + p.amount - 1n) / p.amount);
  return { redeemAssets, feeAssets, feeBps };
}
