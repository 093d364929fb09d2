// GET /v1/chains, /v1/connections and /v1/tools of the fixture, in LI.FI's shapes.
import { badRequest, type FixtureAnswer, json } from './fixtureAnswers.js';
import type { LifiFixtureChain, LifiFixtureToken } from './types.js';

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

function tokenJson(chain: LifiFixtureChain, token: LifiFixtureToken) {
  return {
    address: token.address,
    chainId: chain.id,
    symbol: token.symbol,
    decimals: token.decimals,
    name: token.name,
    coinKey: token.symbol,
    logoURI: '',
    priceUSD: token.priceUSD,
  };
}

function nativeOf(chain: LifiFixtureChain): LifiFixtureToken | undefined {
  return chain.tokens.find((t) => /^0x0{40}$/.test(t.address));
}

/** `/v1/chains?chainTypes=EVM,…`: only EVM chains exist here; another chain type lists none. */
export function chainsAnswer(
  chains: readonly LifiFixtureChain[],
  query: Record<string, string>,
): FixtureAnswer {
  const types = (query['chainTypes'] ?? 'EVM').split(',').map((t) => t.trim().toUpperCase());
  const known = ['EVM', 'SVM', 'UTXO', 'MVM', 'TVM'];
  if (types.some((t) => !known.includes(t)))
    return badRequest(`chainTypes must be a list of ${known.join(', ')}.`);
  if (!types.includes('EVM')) return json(200, { chains: [] });
  return json(200, {
    chains: chains.map((chain) => {
      const native = nativeOf(chain);
      return {
        key: chain.key,
        chainType: 'EVM',
        name: chain.name,
        coin: native?.symbol ?? 'ETH',
        id: chain.id,
        mainnet: false,
        logoURI: '',
        tokenlistUrl: '',
        multicallAddress: MULTICALL3,
        relayerSupported: false,
        metamask: {
          chainId: `0x${chain.id.toString(16)}`,
          blockExplorerUrls: [],
          chainName: chain.name,
          nativeCurrency: { name: native?.name ?? 'Ether', symbol: native?.symbol ?? 'ETH', decimals: 18 },
          rpcUrls: chain.rpcUrl ? [chain.rpcUrl] : [],
        },
        nativeToken: native ? tokenJson(chain, native) : null,
        diamondAddress: chain.bridge,
      };
    }),
  });
}

/** `/v1/connections?fromChain&toChain&fromToken&toToken`: every ordered pair of distinct chains, filtered. */
export function connectionsAnswer(
  chains: readonly LifiFixtureChain[],
  query: Record<string, string>,
): FixtureAnswer {
  const matches = (chain: LifiFixtureChain, text: string | undefined) =>
    text === undefined || String(chain.id) === text || chain.key === text.toLowerCase();
  for (const name of ['fromChain', 'toChain'] as const) {
    const text = query[name];
    if (text !== undefined && !chains.some((c) => matches(c, text))) {
      return badRequest(`${name} must be one of the supported chains: ${text} is not.`);
    }
  }
  const filterTokens = (chain: LifiFixtureChain, text: string | undefined) =>
    chain.tokens.filter(
      (t) =>
        text === undefined ||
        t.address.toLowerCase() === text.toLowerCase() ||
        t.symbol.toLowerCase() === text.toLowerCase(),
    );
  const connections = [];
  for (const from of chains) {
    for (const to of chains) {
      if (from.id === to.id || !matches(from, query['fromChain']) || !matches(to, query['toChain'])) continue;
      const fromTokens = filterTokens(from, query['fromToken']);
      const toTokens = filterTokens(to, query['toToken']);
      if (fromTokens.length === 0 || toTokens.length === 0) continue;
      connections.push({
        fromChainId: from.id,
        toChainId: to.id,
        fromTokens: fromTokens.map((t) => tokenJson(from, t)),
        toTokens: toTokens.map((t) => tokenJson(to, t)),
      });
    }
  }
  return json(200, { connections });
}

/** `/v1/tools?chains=`: the devnet bridge between every pair of chains, no exchanges. */
export function toolsAnswer(
  chains: readonly LifiFixtureChain[],
  query: Record<string, string>,
): FixtureAnswer {
  const wanted = query['chains']?.split(',').filter(Boolean);
  const listed = chains.filter((c) => !wanted || wanted.some((w) => String(c.id) === w || c.key === w));
  const supportedChains = [];
  for (const from of listed) {
    for (const to of listed)
      if (from.id !== to.id) supportedChains.push({ fromChainId: from.id, toChainId: to.id });
  }
  return json(200, {
    bridges: [
      {
        key: 'devnetbridge',
        name: 'Devnet Bridge',
        logoURI: 'https://example.invalid/devnetbridge.svg',
        supportedChains,
      },
    ],
    exchanges: [],
  });
}
