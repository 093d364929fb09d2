import { DEFAULT_PORTFOLIO_BATCH_SIZE, MAX_PORTFOLIO_BATCH_SIZE } from '@org/chain-evm';
import { parseAddressList } from '../../parseAddressList.js';
import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { eth } from '../variables/eth.js';
import { integer, readInteger } from '../variables/integer.js';
import { perChain } from '../variables/perChain.js';

/** The watcher, approval scans, the portfolio and DCA. */

export const WATCHER_INTERVAL_SECONDS = integer({
  name: 'WATCHER_INTERVAL_SECONDS',
  default: 60,
  min: 0,
  max: 86_400,
});
export const WATCHER_MIN_CHANGE_ETH = eth({ name: 'WATCHER_MIN_CHANGE_ETH', default: '0.01' });
export const WATCHER_LARGE_OUTGOING_ETH = eth({ name: 'WATCHER_LARGE_OUTGOING_ETH', default: '0.5' });
export const WATCHER_MAX_WALLETS = integer({
  name: 'WATCHER_MAX_WALLETS',
  default: 1_000,
  min: 1,
  max: 100_000,
});

export const APPROVAL_SCAN_START = perChain({
  prefix: 'APPROVAL_SCAN_START',
  type: 'block number',
  bounds: `0–${Number.MAX_SAFE_INTEGER}`,
  item: (variable, _raw, env) => readInteger(env, variable, 0, 0, Number.MAX_SAFE_INTEGER),
});
export const APPROVAL_SCAN_LOOKBACK_BLOCKS = integer({
  name: 'APPROVAL_SCAN_LOOKBACK_BLOCKS',
  default: 1_000_000,
  min: 1,
  max: 100_000_000,
});
export const APPROVAL_LOG_CHUNK_BLOCKS = integer({
  name: 'APPROVAL_LOG_CHUNK_BLOCKS',
  default: 10_000,
  min: 1,
  max: 1_000_000,
});
export const APPROVAL_MAX_AGE_DAYS = integer({
  name: 'APPROVAL_MAX_AGE_DAYS',
  default: 180,
  min: 0,
  max: 36_500,
});
export const APPROVAL_REVOKE_MAX_PER_RUN = integer({
  name: 'APPROVAL_REVOKE_MAX_PER_RUN',
  default: 20,
  min: 1,
  max: 1_000,
});
export const APPROVAL_RESET_INTERVAL_MS = integer({
  name: 'APPROVAL_RESET_INTERVAL_MS',
  default: 15_000,
  min: 200,
  max: 3_600_000,
});

export const PORTFOLIO_BATCH_SIZE = integer({
  name: 'PORTFOLIO_BATCH_SIZE',
  default: DEFAULT_PORTFOLIO_BATCH_SIZE,
  min: 1,
  max: MAX_PORTFOLIO_BATCH_SIZE,
});
export const PORTFOLIO_USD_TOKEN = perChain({
  prefix: 'PORTFOLIO_USD_TOKEN',
  type: '0x address or none',
  unknownHint: 'use one of',
  item: (variable, raw): `0x${string}` | null => {
    if (raw.includes(',')) throw new ConfigError(variable, 'must be one 0x address or "none"');
    return raw.toLowerCase() === 'none'
      ? null
      : (parseAddressList({ variable, raw, max: 1_000 }).at(0) ?? null);
  },
});
export const PORTFOLIO_TOKENS = perChain({
  prefix: 'PORTFOLIO_TOKENS',
  type: 'addresses',
  bounds: '≤ 1000',
  unknownHint: 'use one of',
  item: (variable, raw) => parseAddressList({ variable, raw, max: 1_000 }),
});
export const PORTFOLIO_VAULTS = perChain({
  prefix: 'PORTFOLIO_VAULTS',
  type: 'addresses',
  bounds: '≤ 1000',
  unknownHint: 'use one of',
  item: (variable, raw) => parseAddressList({ variable, raw, max: 1_000 }),
});

export const DCA_TICK_SECONDS = integer({ name: 'DCA_TICK_SECONDS', default: 30, min: 0, max: 86_400 });

/** Basis points only: `0.05` or `5%` would be read as something else, so they fail startup, said plainly. */
export const DCA_MAX_FEE_SHARE = custom({
  name: 'DCA_MAX_FEE_SHARE',
  type: 'integer (basis points)',
  default: '500',
  bounds: '0–10000',
  read: (env) => {
    const share = env.DCA_MAX_FEE_SHARE?.trim();
    if (share !== undefined && share !== '' && !/^[0-9]+$/.test(share)) {
      throw new ConfigError(
        'DCA_MAX_FEE_SHARE',
        'must be basis points, an integer from 0 to 10000 (500 = 5%)',
      );
    }
    return readInteger(env, 'DCA_MAX_FEE_SHARE', 500, 0, 10_000);
  },
});
export const DCA_MAX_CONSECUTIVE_FAILURES = integer({
  name: 'DCA_MAX_CONSECUTIVE_FAILURES',
  default: 3,
  min: 1,
  max: 1_000,
});
export const DCA_CONCURRENCY = integer({ name: 'DCA_CONCURRENCY', default: 4, min: 1, max: 64 });
