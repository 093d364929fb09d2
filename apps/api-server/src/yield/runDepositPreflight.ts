import {
  type Address,
  type CheckDepositPreflightReturnType,
  type ChainInfo,
  checkDepositPreflight,
  type DepositPreflightReads,
  readDepositPreflight,
  type RpcSender,
} from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * The deposit pre-flight of `POST /yield/compound`: the vault read at one block (`readDepositPreflight`), then
 * `checkDepositPreflight` (supply, `maxDeposit`, preview of 0, preview against `convertToShares` within the
 * tolerance). A refusal is 409 with its code and the figures; a vault that does not answer (or answers another asset
 * than `asset`) is 502 `VAULT_UNREADABLE`.
 *
 * @example
 * ```ts
 * const { reads, check } = await runDepositPreflight({ provider, chain, vault, wallet, amount, asset, timeoutMs, toleranceBps: 50, minSupplyShares: 1n });
 * ```
 */
export async function runDepositPreflight(p: {
  provider: RpcSender;
  chain: ChainInfo;
  vault: Address;
  wallet: Address;
  amount: bigint;
  asset: Address;
  timeoutMs: number;
  toleranceBps: number;
  minSupplyShares: bigint;
}): Promise<{ reads: DepositPreflightReads; check: Extract<CheckDepositPreflightReturnType, { ok: true }> }> {
  const read = await readDepositPreflight({
    provider: p.provider,
    chain: p.chain,
    vault: p.vault,
    receiver: p.wallet,
    amount: p.amount,
    timeoutMs: p.timeoutMs,
  });
  if (read.reads === null || read.asset?.toLowerCase() !== p.asset.toLowerCase()) {
    throw new ApiProblem(
      502,
      'VAULT_UNREADABLE',
      'The vault could not be read as ERC-4626',
      read.unreadableReason ?? 'asset() changed between reads',
      { vault: p.vault },
    );
  }
  const check = checkDepositPreflight({
    amount: p.amount,
    reads: read.reads,
    toleranceBps: p.toleranceBps,
    minSupplyShares: p.minSupplyShares,
  });
  if (!check.ok) {
    throw new ApiProblem(409, check.code, 'The vault refuses this deposit now', check.reason, {
      vault: p.vault,
      maxDeposit: read.reads.maxDeposit.toString(),
      previewShares: read.reads.previewShares.toString(),
      convertShares: read.reads.convertShares.toString(),
      shortfallBps: check.shortfallBps,
      toleranceBps: p.toleranceBps,
    });
  }
  return { reads: read.reads, check };
}
