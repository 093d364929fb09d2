import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers one provider's next requests. */
export type ProviderFault =
  | 'none'
  /** No answer until the stand-in closes (past any time-out). */
  | 'stall'
  /** HTTP 503 with an HTML body, as a proxy in front of the provider sends. */
  | 'server-error'
  /** HTTP 200 with a body that is not JSON. */
  | 'garbage'
  /** HTTP 429 with `Retry-After: 60` (and, for GoPlus, its in-body code 4029 on a 200 as well: see `goplus-rate-limit-code`). */
  | 'rate-limited';

/** A running GoPlus + DexScreener stand-in. */
export interface TokenSafetyStandIn {
  readonly url: string;
  /** Requests per provider since start. */
  readonly counts: { goplus: number; dexscreener: number };
  fault: { goplus: ProviderFault; dexscreener: ProviderFault };
  close(): Promise<void>;
}

// The providers' real answers: the fixtures @org/token-safety's own tests use (written from their documentation).
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../packages/token-safety/src/test-support/fixtures/${name}`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;

/**
 * GoPlus (`/api/v1/token_security/{chain}`) and DexScreener (`/latest/dex/tokens/{address}`) on 127.0.0.1, answering
 * every token with the clean fixtures re-keyed to the token asked about, or failing as `fault` says. Test support.
 */
export async function startTokenSafetyStandIn({
  dexChainId = 'ethereum',
}: {
  dexChainId?: string;
} = {}): Promise<TokenSafetyStandIn> {
  const clean = fixture('goplus-evm-clean.json');
  const [cleanEntry] = Object.values(clean['result'] as Record<string, unknown>);
  const dex = fixture('dexscreener-tokens.json');
  const counts = { goplus: 0, dexscreener: 0 };
  const stalled = new Set<ServerResponse>();
  const state: TokenSafetyStandIn = {
    url: '',
    counts,
    fault: { goplus: 'none', dexscreener: 'none' },
    close: async () => undefined,
  };

  const fail = (fault: ProviderFault, res: ServerResponse): boolean => {
    switch (fault) {
      case 'stall':
        stalled.add(res);
        return true;
      case 'server-error':
        res
          .writeHead(503, { 'content-type': 'text/html' })
          .end('<html><body>503 Service Unavailable</body></html>');
        return true;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
        return true;
      case 'rate-limited':
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' })
          .end(JSON.stringify(fixture('goplus-rate-limit-code.json')));
        return true;
      default:
        return false;
    }
  };

  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const goplus = /^\/api\/v1\/token_security\/[^/]+$/.exec(url.pathname);
    const dexscreener = /^\/latest\/dex\/tokens\/([^/]+)$/.exec(url.pathname);
    if (goplus) {
      counts.goplus += 1;
      if (fail(state.fault.goplus, res)) return;
      const token = (url.searchParams.get('contract_addresses') ?? '').toLowerCase();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...clean, result: { [token]: cleanEntry } }));
    } else if (dexscreener) {
      counts.dexscreener += 1;
      if (fail(state.fault.dexscreener, res)) return;
      const token = decodeURIComponent(dexscreener[1] ?? '');
      const pairs = (dex['pairs'] as Record<string, unknown>[]).map((p) => ({
        ...p,
        chainId: dexChainId,
        baseToken: { ...(p['baseToken'] as object), address: token },
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...dex, pairs }));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
