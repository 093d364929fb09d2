import { InvalidAmountError } from './errors/InvalidAmountError.js';
import { DECIMALS, WEI_PER_ETHER } from './internal/parseDecimal.js';

/**
 * Formats wei as an exact decimal ETH string, without trailing zeros (the inverse of {@link parseEther}).
 * Negative values get a leading `-`. Throws {@link InvalidAmountError} for anything but a bigint.
 *
 * @example
 * ```ts
 * formatEther(50000000000000000n); // '0.05'
 * formatEther(10n ** 18n); // '1'
 * ```
 */
export function formatEther(wei: bigint): string {
  if (typeof wei !== 'bigint') {
    throw new InvalidAmountError({ shortMessage: `Expected a bigint amount in wei, got ${typeof wei}.` });
  }
  const sign = wei < 0n ? '-' : '';
  const abs = wei < 0n ? -wei : wei;
  const integer = (abs / WEI_PER_ETHER).toString();
  const fraction = (abs % WEI_PER_ETHER).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return fraction.length === 0 ? `${sign}${integer}` : `${sign}${integer}.${fraction}`;
}
