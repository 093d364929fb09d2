import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { SwapTokenInput } from '@org/chain-evm';
import type { ConfirmFn } from '@org/governor';
import type { Capability } from '../../src/capabilities/Capability.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/createLogger.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { recordForSecretScan, secretsOf } from './secretScan.js';

export const TEST_API_KEY = 'test-key-0123456789abcdef0123456789abcdef';
/** The operator key every test server is configured with (unless a test sets `WEB3_OPERATOR_KEY` itself). */
export const TEST_OPERATOR_KEY = 'test-operator-key-0123456789abcdef0123456789';

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, as raw JSON text. */
  logs(): string;
  /** fetch relative to the server, with the API key unless `key: null`. */
  call(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** POST as the operator (`X-Operator-Key` only). */
  operator(path: string, init?: RequestInit): Promise<Response>;
}

/** Starts the real server on 127.0.0.1:random with `env` on top of a minimal valid environment. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    confirmFn?: ConfirmFn;
    swapTokens?: ReadonlyMap<number, readonly SwapTokenInput[]>;
    /** The DCA scheduler's clock (tests that move the chain's time). */
    clock?: () => number;
    /** The capability table to start (default: all of them). */
    table?: readonly Capability[];
  } = {},
): Promise<TestServer> {
  const environment: Record<string, string> = {
    WEB3_API_KEY: TEST_API_KEY,
    WEB3_OPERATOR_KEY: TEST_OPERATOR_KEY,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'api-server-test-')), 'data'),
    LOG_LEVEL: 'debug',
    // No test reaches the internet: DefiLlama is a port nobody listens on unless a test gives it a local fixture.
    YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
    // Nor LI.FI.
    LIFI_BASE_URL: 'http://127.0.0.1:9',
    ...env,
  };
  const config: Config = loadConfig(environment);
  const sink = new PassThrough();
  let captured = '';
  sink.on('data', (chunk: Buffer) => {
    captured += chunk.toString('utf8');
  });
  const server = await startServer({
    config,
    logger: createLogger({ level: 'debug', destination: sink }),
    ...(options.confirmFn ? { confirmFn: options.confirmFn } : {}),
    ...(options.swapTokens ? { swapTokens: options.swapTokens } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.table ? { table: options.table } : {}),
  });
  // Every answer a helper reads is kept for the end-of-suite secret scan, except the one documented exception: the
  // private key that POST /wallet/create returns once.
  const bodies: string[] = [];
  const keep = async (path: string, response: Response): Promise<Response> => {
    const stream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
    if (!path.startsWith('/wallet/create') && !stream) bodies.push(await response.clone().text());
    return response;
  };
  let recorded = false;
  return {
    ...server,
    close: async () => {
      await server.close();
      if (!recorded) {
        recorded = true;
        recordForSecretScan({ secrets: secretsOf(environment), logs: captured, bodies });
      }
    },
    logs: () => captured,
    call: async (path, init = {}) => {
      const { key = TEST_API_KEY, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (key !== null) merged.set('X-API-Key', key);
      return keep(path, await fetch(`${server.url}${path}`, { ...rest, headers: merged }));
    },
    operator: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('X-Operator-Key', TEST_OPERATOR_KEY);
      return keep(path, await fetch(`${server.url}${path}`, { method: 'POST', ...init, headers }));
    },
  };
}
