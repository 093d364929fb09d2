import { type ConfirmMode } from '@org/chain-evm';
import { parseEther } from '@org/governor';
import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { eth } from '../variables/eth.js';
import { integer } from '../variables/integer.js';

/** The execution gateway, pricing, held actions and the spend governor. */

export const CONFIRM_MODE = custom({
  name: 'CONFIRM_MODE',
  type: 'off, unknown, all or above:<eth>',
  default: 'off',
  read: (env): { mode: ConfirmMode; text: string } => {
    const text = (env.CONFIRM_MODE ?? 'off').trim().toLowerCase() || 'off';
    if (text === 'off' || text === 'unknown' || text === 'all') return { mode: { kind: text }, text };
    const above = /^above:(.+)$/.exec(text);
    if (above?.[1] !== undefined) {
      try {
        return { mode: { kind: 'above', thresholdWei: parseEther(above[1]) }, text };
      } catch {
        // fall through to the error below
      }
    }
    throw new ConfigError('CONFIRM_MODE', 'must be off, unknown, all or above:<eth> (e.g. above:0.01)');
  },
});

export const CONFIRM_TTL_SECONDS = integer({
  name: 'CONFIRM_TTL_SECONDS',
  default: 600,
  min: 1,
  max: 86_400,
});

export const MAX_SLIPPAGE_BPS = integer({ name: 'MAX_SLIPPAGE_BPS', default: 100, min: 0, max: 5_000 });

export const PRICING_MIN_LIQUIDITY_ETH = eth({ name: 'PRICING_MIN_LIQUIDITY_ETH', default: '10' });

export const PRICING_MAX_TWAP_DEVIATION_BPS = integer({
  name: 'PRICING_MAX_TWAP_DEVIATION_BPS',
  default: 500,
  min: 0,
  max: 100_000,
});

export const RECEIPT_TIMEOUT_MS = integer({
  name: 'RECEIPT_TIMEOUT_MS',
  default: 60_000,
  min: 100,
  max: 600_000,
});

export const TX_REPLACE_AFTER_MS = integer({
  name: 'TX_REPLACE_AFTER_MS',
  default: 30_000,
  min: 100,
  max: 3_600_000,
});

export const GAS_PRICE_CEILING_GWEI = integer({
  name: 'GAS_PRICE_CEILING_GWEI',
  default: 500,
  min: 1,
  max: 100_000,
});

export const MAX_PENDING_PER_SENDER = integer({
  name: 'MAX_PENDING_PER_SENDER',
  default: 16,
  min: 1,
  max: 1_024,
});

export const SENDER_WINDOW_WAIT_MS = integer({
  name: 'SENDER_WINDOW_WAIT_MS',
  default: 30_000,
  min: 0,
  max: 600_000,
});

export const GOVERNOR_MAX_PER_TX = eth({ name: 'GOVERNOR_MAX_PER_TX', default: '0.05' });
export const GOVERNOR_DAILY_LIMIT = eth({ name: 'GOVERNOR_DAILY_LIMIT', default: '0.5' });
export const GOVERNOR_SESSION_LIMIT = eth({ name: 'GOVERNOR_SESSION_LIMIT', default: '1.0' });

export const GOVERNOR_DAILY_WINDOW = custom({
  name: 'GOVERNOR_DAILY_WINDOW',
  type: 'one of rolling-24h, utc-day',
  default: 'rolling-24h',
  read: (env) => {
    const window = env.GOVERNOR_DAILY_WINDOW?.trim() || 'rolling-24h';
    if (window !== 'rolling-24h' && window !== 'utc-day') {
      throw new ConfigError('GOVERNOR_DAILY_WINDOW', 'must be rolling-24h or utc-day');
    }
    return window as 'rolling-24h' | 'utc-day';
  },
});
