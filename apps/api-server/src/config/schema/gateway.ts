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

/**
 * What a node answering neither `eth_simulateV1` nor `debug_traceCall` gets: `required` (every execution refused
 * `EFFECTS_SIMULATION_UNSUPPORTED`) or `models-only` (signed without the effects checked).
 */
export const GATEWAY_EFFECTS = custom({
  name: 'GATEWAY_EFFECTS',
  type: 'required or models-only',
  default: 'required',
  read: (env): 'required' | 'models-only' => {
    const mode = (env.GATEWAY_EFFECTS ?? '').trim() || 'required';
    if (mode !== 'required' && mode !== 'models-only') {
      throw new ConfigError('GATEWAY_EFFECTS', 'must be "required" or "models-only"');
    }
    return mode;
  },
});

/**
 * How much less than the value charged a swap's simulated output may be worth (bps): by default the slippage
 * ceiling (`MAX_SLIPPAGE_BPS`) plus 400 for pool fees and price impact; never under the slippage ceiling.
 */
export const MAX_VALUE_LOSS_BPS = custom({
  name: 'MAX_VALUE_LOSS_BPS',
  type: 'integer (basis points)',
  default: 'MAX_SLIPPAGE_BPS + 400',
  bounds: 'MAX_SLIPPAGE_BPS–10000',
  read: (env): number => {
    const slippage = MAX_SLIPPAGE_BPS.read(env);
    return integer({
      name: 'MAX_VALUE_LOSS_BPS',
      default: Math.min(10_000, slippage + 400),
      min: slippage,
      max: 10_000,
    }).read(env);
  },
});

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

export const PREPARING_STALE_MS = integer({
  name: 'PREPARING_STALE_MS',
  default: 300_000,
  min: 1_000,
  max: 3_600_000,
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
