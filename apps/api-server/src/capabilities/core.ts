import { ChainRescans } from '../chain/ChainRescans.js';
import { checkDataChains } from '../chain/checkDataChains.js';
import * as chainVars from '../config/schema/chains.js';
import * as server from '../config/schema/server.js';
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
    chainVars.RPC_CHAIN_RECHECK_SECONDS,
    chainVars.DEFAULT_CHAIN,
    chainVars.UNISWAP_V2,
    chainVars.UNISWAP_V3,
    chainVars.GOPLUS_BASE_URL,
    chainVars.GOPLUS_ACCESS_TOKEN,
    chainVars.DEXSCREENER_BASE_URL,
    chainVars.SOLANA_RPC_URL,
    chainVars.PROVIDER_TIMEOUT_MS,
    chainVars.PROVIDER_CACHE_TTL_MS,
    server.REBASE_CHAIN_DATA,
  ],
  controllers: ['HealthController', 'SecurityController'],
  async start({ config, stores, shared, health, log }) {
    const providers = new ChainProviders({
      rpcUrls: config.rpcUrls,
      timeoutMs: config.rpcTimeoutMs,
      recheckMs: config.rpcChainRecheckMs,
      registry: config.chains,
      defaultChainId: config.defaultChainId,
    });
    const version = packageVersion();
    // Issue 32: the data directory must belong to the chains it talks to (start refused otherwise).
    const store = stores.chainIdentity();
    if (store) await checkDataChains({ store, providers, config, log });
    const security = new SecurityService({ config, providers });
    // Issue 32: re-scans after a reorg or a reset — `chain.reorg` on /events (the hub is the next row's: bound late),
    // a warning, /health degraded meanwhile.
    const rescans = new ChainRescans({
      publish: (type, data) => shared.hub?.publish(type, data),
      warn: (data, message) => log.warn({ reorg: data }, message),
    });
    Object.assign(shared, { providers, security, version, rescans });
    return {
      services: {
        version,
        security,
        health: new HealthService({
          version,
          ping: async () => (await Promise.all(health.map((check) => check()))).every(Boolean),
          providers,
          rescans,
        }),
      },
      health: () => stores.ping(),
      release: () => providers.destroy(),
    };
  },
};
