import type { ExecutionRecord, GatewayReceipt } from '@org/chain-evm';
import { getAddress } from 'ethers';

/** ERC-4626 `Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)`. */
export const DEPOSIT_EVENT_TOPIC = '0xdcbc1c05240f31ff3ad067ef1ee35ce4997762752e3a095284754544f4c709d7';

const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

/**
 * The gateway's `describeResult` for deposits: `result.deposit = { vault, asset, assets, shares }` (base-unit
 * decimal strings) from the receipt's ERC-4626 `Deposit` events emitted by the vault (the record's target) for the
 * wallet (owner = the record's `from`) — never from the request or the preview. The deposit journal
 * (`listDepositJournal`) reads it for the yield portfolio's cost basis. A receipt without such an event gives no
 * result (the journal then says the deposit is unreadable rather than guess). Other actions get no result.
 *
 * @example
 * ```ts
 * describeDepositResult({ record, receipt }); // { deposit: { vault, asset, assets: '1000000', shares: '990099' } }
 * ```
 */
export function describeDepositResult({
  record,
  receipt,
}: {
  record: ExecutionRecord;
  receipt: GatewayReceipt;
}): Record<string, unknown> {
  const asset = record.intent.spends[0]?.token;
  if (record.action !== 'deposit' || asset === undefined) return {};
  const vault = record.to.toLowerCase();
  const owner = word(record.from);
  let assets = 0n;
  let shares = 0n;
  let found = false;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== vault || log.topics[0]?.toLowerCase() !== DEPOSIT_EVENT_TOPIC) continue;
    if (log.topics[2]?.toLowerCase() !== owner || !/^0x[0-9a-fA-F]{128}$/.test(log.data)) continue;
    assets += BigInt(log.data.slice(0, 66));
    shares += BigInt(`0x${log.data.slice(66)}`);
    found = true;
  }
  if (!found) return {};
  return {
    deposit: {
      vault: getAddress(record.to),
      asset: getAddress(asset),
      assets: assets.toString(),
      shares: shares.toString(),
    },
  };
}
