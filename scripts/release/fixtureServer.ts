import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface FixtureServer {
  /**
   * `${url}/<clean|honeypot|unknown>` is a GoPlus base URL; `url` itself is a DexScreener base URL;
   * `${url}/rpc/base` is a JSON-RPC endpoint serving Base (chain 8453) at block 16, where every address holds 1 ETH.
   */
  readonly url: string;
  close(): Promise<void>;
}

// GoPlus answers for the same token (USDC) with the honeypot flag "0", "1" and missing: the three values.
const GOPLUS_FIXTURES: Readonly<Record<string, string>> = {
  clean: 'goplus-evm-clean.json',
  honeypot: 'goplus-evm-honeypot.json',
  unknown: 'goplus-evm-honeypot-missing.json',
};

/**
 * A 127.0.0.1 server answering in GoPlus' and DexScreener's real shapes, from `@org/token-safety`'s own provider
 * fixtures, so the installed package builds reports without the internet. Runs in the calling process.
 */
export async function startFixtureServer({ fixtures }: { fixtures: string }): Promise<FixtureServer> {
  const load = (file: string) => readFileSync(join(fixtures, file), 'utf8');
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/rpc/base' && request.method === 'POST') {
      answerJsonRpc(request, response);
      return;
    }
    const goplus = /^\/(\w+)\/api\/v1\/token_security\/1$/.exec(path);
    const fixture = goplus ? GOPLUS_FIXTURES[goplus[1] ?? ''] : undefined;
    let body: string | undefined;
    if (fixture) body = load(fixture);
    else if (path.startsWith('/latest/dex/tokens/')) body = load('dexscreener-tokens.json');
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(body ?? '{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const RPC_RESULTS: Readonly<Record<string, string>> = {
  eth_chainId: '0x2105',
  eth_blockNumber: '0x10',
  eth_getBalance: '0xde0b6b3a7640000',
};

function answerJsonRpc(request: IncomingMessage, response: ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const parsed = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
    const answer = ({ id, method }: { id: unknown; method: string }) => {
      const result = RPC_RESULTS[method];
      return result === undefined
        ? { jsonrpc: '2.0', id, error: { code: -32601, message: `method ${method} not served` } }
        : { jsonrpc: '2.0', id, result };
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
  });
}
