import { ConfigError } from '../ConfigError.js';
import { custom } from '../variables/custom.js';
import { integer } from '../variables/integer.js';
import { perChain } from '../variables/perChain.js';
import { readUrl, url } from '../variables/url.js';

/** Chains (RPC, contract overrides, the default chain), the wallet key and the token-safety providers. */

export const RPC_URL = perChain({
  prefix: 'RPC_URL',
  type: 'URL',
  bounds: 'http(s)',
  secret: true,
  item: (variable, raw) => readUrl(variable, raw),
});

export const DEFAULT_CHAIN = custom({
  name: 'DEFAULT_CHAIN',
  type: 'chain name, alias or id',
  read: (env) => env.DEFAULT_CHAIN?.trim() || undefined,
});

export const RPC_TIMEOUT_MS = integer({ name: 'RPC_TIMEOUT_MS', default: 8_000, min: 100, max: 120_000 });

/** Seconds a node's proved chain id is trusted before a fund-moving send asks it again (0: before every send). */
export const RPC_CHAIN_RECHECK_SECONDS = integer({
  name: 'RPC_CHAIN_RECHECK_SECONDS',
  default: 30,
  min: 0,
  max: 3_600,
});

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const UNISWAP_V2 = perChain({
  prefix: 'UNISWAP_V2',
  type: '<router02>,<factory>,<weth>',
  item: (variable, raw) => {
    const parts = raw.split(',').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => !ADDRESS.test(p))) {
      throw new ConfigError(variable, 'must be "<router02>,<factory>,<weth>" (three 0x addresses)');
    }
    const [router02, factory, weth] = parts as [string, string, string];
    return { router02, factory, weth };
  },
});

export const UNISWAP_V3 = perChain({
  prefix: 'UNISWAP_V3',
  type: '<factory>,<swapRouter>,<quoterV2>[,kind]',
  item: (variable, raw) => {
    const parts = raw.split(',').map((p) => p.trim());
    const kind = parts[3] ?? 'SwapRouter';
    if (
      parts.length < 3 ||
      parts.length > 4 ||
      parts.slice(0, 3).some((p) => !ADDRESS.test(p)) ||
      (kind !== 'SwapRouter' && kind !== 'SwapRouter02')
    ) {
      throw new ConfigError(
        variable,
        'must be "<factory>,<swapRouter>,<quoterV2>[,SwapRouter|SwapRouter02]" (three 0x addresses)',
      );
    }
    const [factory, swapRouter, quoterV2] = parts as [string, string, string];
    return { factory, swapRouter, quoterV2, swapRouterKind: kind as 'SwapRouter' | 'SwapRouter02' };
  },
});

export const WALLET_PRIVATE_KEY = custom({
  name: 'WALLET_PRIVATE_KEY',
  type: '64 hex characters (optional 0x)',
  secret: true,
  // Checked with the keystore variables (one source only), in `readWalletSource`.
  read: (env) => env.WALLET_PRIVATE_KEY?.trim() || undefined,
});

export const WALLET_KEYSTORE_PATH = custom({
  name: 'WALLET_KEYSTORE_PATH',
  type: 'path',
  read: (env) => env.WALLET_KEYSTORE_PATH?.trim() || undefined,
});

export const WALLET_KEYSTORE_PASSWORD = custom({
  name: 'WALLET_KEYSTORE_PASSWORD',
  type: 'text',
  secret: true,
  read: (env) => env.WALLET_KEYSTORE_PASSWORD,
});

export const GOPLUS_BASE_URL = url({ name: 'GOPLUS_BASE_URL', default: 'https://api.gopluslabs.io' });

export const GOPLUS_ACCESS_TOKEN = custom({
  name: 'GOPLUS_ACCESS_TOKEN',
  type: 'text',
  secret: true,
  read: (env) => env.GOPLUS_ACCESS_TOKEN?.trim() || undefined,
});

export const DEXSCREENER_BASE_URL = url({
  name: 'DEXSCREENER_BASE_URL',
  default: 'https://api.dexscreener.com',
});

export const SOLANA_RPC_URL = url({ name: 'SOLANA_RPC_URL', default: undefined, secret: true });

export const PROVIDER_TIMEOUT_MS = integer({
  name: 'PROVIDER_TIMEOUT_MS',
  default: 5_000,
  min: 100,
  max: 60_000,
});

export const PROVIDER_CACHE_TTL_MS = integer({
  name: 'PROVIDER_CACHE_TTL_MS',
  default: 60_000,
  min: 0,
  max: 3_600_000,
});
