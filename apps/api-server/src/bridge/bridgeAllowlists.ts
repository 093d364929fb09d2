import { type Address, type ChainInfo, resolveBridgeAllowlist } from '@org/chain-evm';
import type { BridgeConfig } from './parseBridgeConfig.js';

/**
 * The bridge allowlist of every chain of the registry — LI.FI's pinned diamond and Permit2Proxy plus
 * `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>` — as the gateway's `bridge` module takes it. A chain with neither has no entry:
 * nothing is allowed there.
 *
 * @example
 * ```ts
 * createBridgeAction({ allowlist: bridgeAllowlists(config.chains, config.bridge) });
 * ```
 */
export function bridgeAllowlists(
  registry: readonly ChainInfo[],
  config: Pick<BridgeConfig, 'allowedContracts'>,
): Record<number, readonly Address[]> {
  const out: Record<number, readonly Address[]> = {};
  for (const chain of registry) {
    const list = resolveBridgeAllowlist({
      chainId: chain.id,
      configured: config.allowedContracts.get(chain.id) ?? [],
    });
    if (list.length > 0) out[chain.id] = list;
  }
  return out;
}
