import * as chainVars from '../config/schema/chains.js';
import { ChainProviders } from '../services/ChainProviders.js';
import { HealthService } from '../services/HealthService.js';
import { SecurityService } from '../services/SecurityService.js';
import { packageVersion } from '../version.js';
import type { Capability } from './Capability.js';

/**
 * The chains' RPC providers, token safety (`/security/*`) and `/health` (the store backend answers a read; each
 * chain's node answers `eth_chainId`). Every other row reads the providers it hands on.
 */
export const core: Capability = {
  name: 'core',
  reads: [
    chainVars.RPC_URL,
    chainVars.RPC_TIMEOUT_MS,
    chainVars.DEFAULT_CHAIN,
    chainVars.UNISWAP_V2,
    chainVars.UNISWAP_V3,
    chainVars.GOPLUS_BASE_URL,
    chainVars.GOPLUS_ACCESS_TOKEN,
    chainVars.DEXSCREENER_BASE_URL,
    chainVars.SOLANA_RPC_URL,
    chainVars.PROVIDER_TIMEOUT_MS,
    chainVars.PROVIDER_CACHE_TTL_MS,
  ],
  controllers: ['HealthController', 'SecurityController'],
  start({ config, stores, shared, health }) {
    const providers = new ChainProviders({
      rpcUrls: config.rpcUrls,
      timeoutMs: config.rpcTimeoutMs,
      registry: config.chains,
      defaultChainId: config.defaultChainId,
    });
    const version = packageVersion();
    const security = new SecurityService({ config, providers });
    Object.assign(shared, { providers, security, version });
    return {
      services: {
        version,
        security,
        health: new HealthService({
          version,
          ping: async () => (await Promise.all(health.map((check) => check()))).every(Boolean),
          providers,
        }),
      },
      health: () => stores.ping(),
      release: () => providers.destroy(),
    };
  },
};
