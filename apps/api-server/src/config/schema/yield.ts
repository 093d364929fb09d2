import { parseAddressList } from '../../parseAddressList.js';
import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { integer } from '../variables/integer.js';
import { perChain } from '../variables/perChain.js';
import { url } from '../variables/url.js';

/** `/yield/*`: DefiLlama, the ranking's filters, on-chain vaults, their sampler and `POST /yield/compound`. */

export const YIELD_DEFILLAMA_BASE_URL = url({
  name: 'YIELD_DEFILLAMA_BASE_URL',
  default: 'https://yields.llama.fi',
});
export const YIELD_DEFILLAMA_API_KEY = custom({
  name: 'YIELD_DEFILLAMA_API_KEY',
  type: 'text (A-Za-z0-9_-)',
  bounds: '1–200 characters',
  secret: true,
  read: (env) => {
    const apiKey = env.YIELD_DEFILLAMA_API_KEY?.trim() || undefined;
    if (apiKey !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(apiKey)) {
      throw new ConfigError('YIELD_DEFILLAMA_API_KEY', 'must be 1 to 200 letters, digits, "-" or "_"');
    }
    return apiKey;
  },
});
export const YIELD_DEFILLAMA_TIMEOUT_MS = integer({
  name: 'YIELD_DEFILLAMA_TIMEOUT_MS',
  default: 30_000,
  min: 100,
  max: 300_000,
});
export const YIELD_DEFILLAMA_MAX_BODY_MB = integer({
  name: 'YIELD_DEFILLAMA_MAX_BODY_MB',
  default: 64,
  min: 1,
  max: 1_024,
});
export const YIELD_POOLS_TTL_SECONDS = integer({
  name: 'YIELD_POOLS_TTL_SECONDS',
  default: 1_800,
  min: 1,
  max: 86_400,
});
export const YIELD_STALE_MAX_SECONDS = integer({
  name: 'YIELD_STALE_MAX_SECONDS',
  default: 21_600,
  min: 0,
  max: 604_800,
});
export const YIELD_MAX_DATA_AGE_SECONDS = integer({
  name: 'YIELD_MAX_DATA_AGE_SECONDS',
  default: 7_200,
  min: 1,
  max: 604_800,
});
export const YIELD_FROZEN_AFTER_HOURS = integer({
  name: 'YIELD_FROZEN_AFTER_HOURS',
  default: 48,
  min: 1,
  max: 8_760,
});
export const YIELD_MIN_TVL_USD = integer({
  name: 'YIELD_MIN_TVL_USD',
  default: 1_000_000,
  min: 0,
  max: 1_000_000_000_000,
});
export const YIELD_MIN_HISTORY_DAYS = integer({
  name: 'YIELD_MIN_HISTORY_DAYS',
  default: 30,
  min: 0,
  max: 3_650,
});
export const YIELD_REWARD_HAIRCUT_BPS = integer({
  name: 'YIELD_REWARD_HAIRCUT_BPS',
  default: 5_000,
  min: 0,
  max: 10_000,
});
export const YIELD_VERIFY_MAX = integer({ name: 'YIELD_VERIFY_MAX', default: 10, min: 1, max: 100 });
export const YIELD_VAULTS = perChain({
  prefix: 'YIELD_VAULTS',
  type: 'addresses',
  bounds: '≤ 100',
  unknownHint: 'use one of',
  item: (variable, raw) => parseAddressList({ variable, raw, max: 100 }),
});
export const YIELD_SAMPLE_INTERVAL_SECONDS = integer({
  name: 'YIELD_SAMPLE_INTERVAL_SECONDS',
  default: 3_600,
  min: 0,
  max: 86_400,
});

/** A factor such as `3` or `2.5` (up to 2 decimals, 0–1000) as basis points (`3` → 30,000). */
export const YIELD_COMPOUND_MIN_GAIN_FACTOR = custom({
  name: 'YIELD_COMPOUND_MIN_GAIN_FACTOR',
  type: 'decimal (≤ 2 places)',
  default: '3',
  bounds: '0–1000',
  read: (env) => {
    const raw = env.YIELD_COMPOUND_MIN_GAIN_FACTOR?.trim() || '3';
    const match = /^([0-9]{1,4})(?:\.([0-9]{1,2}))?$/.exec(raw);
    const bps = match
      ? BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(2, '0')) * 100n
      : -1n;
    if (bps < 0n || bps > 10_000_000n) {
      throw new ConfigError(
        'YIELD_COMPOUND_MIN_GAIN_FACTOR',
        'must be a number from 0 to 1000 with at most 2 decimals, e.g. 3 or 2.5',
      );
    }
    return bps;
  },
});
export const YIELD_COMPOUND_HORIZON_DAYS = integer({
  name: 'YIELD_COMPOUND_HORIZON_DAYS',
  default: 30,
  min: 1,
  max: 3_650,
});
export const YIELD_COMPOUND_GAS_LIMIT = integer({
  name: 'YIELD_COMPOUND_GAS_LIMIT',
  default: 350_000,
  min: 21_000,
  max: 30_000_000,
});
export const YIELD_DEPOSIT_TOLERANCE_BPS = integer({
  name: 'YIELD_DEPOSIT_TOLERANCE_BPS',
  default: 50,
  min: 0,
  max: 10_000,
});
export const YIELD_MIN_VAULT_SUPPLY_SHARES = integer({
  name: 'YIELD_MIN_VAULT_SUPPLY_SHARES',
  default: 1,
  min: 0,
  max: 1_000_000_000,
});
