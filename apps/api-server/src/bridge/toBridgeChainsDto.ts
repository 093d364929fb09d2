import type { Address, ChainInfo, LifiChain, LifiTools } from '@org/chain-evm';
import type { BridgeChainsDto, BridgeRouteDto } from '../dto/bridge.js';

/**
 * `GET /bridge/chains`: LI.FI's chains that are configured here (matched by the registry's LI.FI id), each with our
 * allowlist on it, and the routes LI.FI's bridges serve between two of them.
 *
 * @example
 * ```ts
 * const dto = toBridgeChainsDto({ configured, lifiChains, tools, allowlist: (id) => service.allowlist(id) });
 * ```
 */
export function toBridgeChainsDto(p: {
  configured: readonly ChainInfo[];
  lifiChains: readonly LifiChain[];
  tools: LifiTools;
  allowlist: (chainId: number) => readonly Address[];
}): BridgeChainsDto {
  const byLifiId = new Map(
    p.configured.filter((c) => c.providers.lifi !== null).map((c) => [c.providers.lifi, c]),
  );
  const chains = p.lifiChains.flatMap((lc) => {
    const chain = byLifiId.get(lc.id);
    return chain
      ? [
          {
            chain: { id: chain.id, name: chain.name },
            key: lc.key,
            allowedContracts: [...p.allowlist(chain.id)],
          },
        ]
      : [];
  });
  const supported = new Set(chains.map((c) => c.chain.id));
  const routes = new Map<string, BridgeRouteDto>();
  for (const bridge of p.tools.bridges) {
    for (const pair of bridge.supportedChains) {
      if (!supported.has(pair.fromChainId) || !supported.has(pair.toChainId)) continue;
      const key = `${pair.fromChainId}:${pair.toChainId}`;
      const route = routes.get(key) ?? {
        fromChainId: pair.fromChainId,
        toChainId: pair.toChainId,
        bridges: [],
      };
      if (!route.bridges.includes(bridge.key)) route.bridges.push(bridge.key);
      routes.set(key, route);
    }
  }
  return { chains, routes: [...routes.values()], fetchedAt: new Date().toISOString() };
}
