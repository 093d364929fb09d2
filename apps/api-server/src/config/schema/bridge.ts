import { parseAddressList } from '../../parseAddressList.js';
import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { integer } from '../variables/integer.js';
import { perChain } from '../variables/perChain.js';
import { url } from '../variables/url.js';

/** `/bridge/*`: LI.FI, the per-chain allowlists, the quote TTL and the status follower. */

/**
 * The bridge family's suffix: the chain name upper-cased, `-` → `_`.
 *
 * @example
 * ```ts
 * bridgeChainSuffix('devnet-b'); // 'DEVNET_B'
 * ```
 */
export function bridgeChainSuffix(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

export const LIFI_BASE_URL = url({ name: 'LIFI_BASE_URL', default: 'https://li.quest' });
export const LIFI_API_KEY = custom({
  name: 'LIFI_API_KEY',
  type: 'text (printable)',
  bounds: '1–300 characters',
  secret: true,
  read: (env) => {
    const apiKey = env.LIFI_API_KEY?.trim() || undefined;
    if (apiKey !== undefined && !/^[\x21-\x7e]{1,300}$/.test(apiKey)) {
      throw new ConfigError('LIFI_API_KEY', 'must be 1 to 300 printable characters');
    }
    return apiKey;
  },
});
export const LIFI_TIMEOUT_MS = integer({ name: 'LIFI_TIMEOUT_MS', default: 10_000, min: 100, max: 120_000 });
export const BRIDGE_ALLOWED_CONTRACTS = perChain({
  prefix: 'BRIDGE_ALLOWED_CONTRACTS',
  type: 'addresses',
  bounds: '≤ 20',
  suffix: bridgeChainSuffix,
  unknownHint: 'use one of',
  item: (variable, raw) => parseAddressList({ variable, raw, max: 20 }),
});
export const BRIDGE_QUOTE_TTL_SECONDS = integer({
  name: 'BRIDGE_QUOTE_TTL_SECONDS',
  default: 60,
  min: 1,
  max: 3_600,
});
export const BRIDGE_MAX_PRICE_IMPACT_BPS = integer({
  name: 'BRIDGE_MAX_PRICE_IMPACT_BPS',
  default: 300,
  min: 1,
  max: 999,
});
export const BRIDGE_STATUS_POLL_MS = integer({
  name: 'BRIDGE_STATUS_POLL_MS',
  default: 10_000,
  min: 10,
  max: 3_600_000,
});
export const BRIDGE_STATUS_MAX_POLL_MS = integer({
  name: 'BRIDGE_STATUS_MAX_POLL_MS',
  default: 300_000,
  min: 10,
  max: 86_400_000,
});
export const BRIDGE_STUCK_FACTOR = custom({
  name: 'BRIDGE_STUCK_FACTOR',
  type: 'number',
  default: '3',
  bounds: '> 0, ≤ 1000',
  read: (env) => {
    const factor = Number(env.BRIDGE_STUCK_FACTOR?.trim() || '3');
    if (!Number.isFinite(factor) || factor <= 0 || factor > 1_000) {
      throw new ConfigError('BRIDGE_STUCK_FACTOR', 'must be a number above 0 and at most 1000');
    }
    return factor;
  },
});
export const BRIDGE_STUCK_MIN_SECONDS = integer({
  name: 'BRIDGE_STUCK_MIN_SECONDS',
  default: 600,
  min: 0,
  max: 604_800,
});
