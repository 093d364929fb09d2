import { parseAddress } from '@org/chain-evm';
import { ConfigError } from './config/ConfigError.js';

/**
 * A configuration variable's comma-separated 0x addresses, each checked (EIP-55) and checksummed, duplicates
 * dropped (first spelling kept, order kept); more than `max` entries or an empty entry fails startup, naming the
 * variable and never its value.
 *
 * @example
 * ```ts
 * parseAddressList({ variable: 'YIELD_VAULTS_DEVNET', raw: '0xA…, 0xb…', max: 100 }); // ['0xA…', '0xB…']
 * ```
 */
export function parseAddressList({
  variable,
  raw,
  max,
}: {
  variable: string;
  raw: string;
  max: number;
}): `0x${string}`[] {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > max || parts.some((p) => p === '')) {
    throw new ConfigError(variable, `must be a comma-separated list of at most ${max} 0x addresses`);
  }
  const out = new Map<string, `0x${string}`>();
  for (const part of parts) {
    try {
      const address = parseAddress({ address: part });
      out.set(address.toLowerCase(), address);
    } catch {
      throw new ConfigError(variable, 'every entry must be a 0x address with a valid EIP-55 checksum');
    }
  }
  return [...out.values()];
}
