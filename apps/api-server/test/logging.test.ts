import { PassThrough } from 'node:stream';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/http/createLogger.js';
import type { WalletInfoDto } from '../src/dto/wallet.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

const PRIVATE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const API_KEY = 'api-key-SECRET-0123456789abcdef';

function capture(): { logger: ReturnType<typeof createLogger>; text: () => string } {
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { logger: createLogger({ level: 'debug', destination: sink }), text: () => text };
}

describe('log redaction at any depth', () => {
  it('a whole config object: private key, API key, token, password and the RPC URL Map never reach the output', () => {
    const config = loadConfig({
      WEB3_API_KEY: API_KEY,
      WALLET_PRIVATE_KEY: PRIVATE_KEY,
      RPC_URL_BASE: 'https://user:pw-SECRET@base.example/v2/KEY-SECRET-123',
      GOPLUS_ACCESS_TOKEN: 'goplus-SECRET-token',
      SOLANA_RPC_URL: 'https://solana.example/?api-key=SOL-SECRET',
    });
    const { logger, text } = capture();
    logger.info({ config }, 'config');
    logger.info({ deeper: { a: { b: { c: { wallet: config.wallet } } } } }, 'nested');
    logger.info({ headers: { 'X-API-Key': API_KEY }, 'x-api-key': API_KEY }, 'outside req.headers');
    const out = text();
    expect(out).toContain('"msg":"config"');
    expect(out).toContain('"msg":"nested"');
    expect(out).not.toContain(PRIVATE_KEY.slice(2));
    expect(out).not.toMatch(/SECRET/);
    expect(out).toContain('[redacted]');
  });

  it('foreign errors: URLs with credentials in messages, info.requestUrl, causes and the msg line are redacted', () => {
    const { logger, text } = capture();
    const ethersLike = Object.assign(
      new Error('server response 500 (request="https://rpc.example/v3/KEY-SECRET")'),
      {
        code: 'SERVER_ERROR',
        info: { requestUrl: 'https://rpc.example/v3/KEY-SECRET', responseStatus: '500' },
        cause: new Error('connect failed to https://user:pw-SECRET@rpc.example'),
      },
    );
    logger.error({ err: ethersLike }, 'request failed');
    logger.error(ethersLike);
    const out = text();
    expect(out).toContain('SERVER_ERROR');
    // The credential goes, the rest of the URL stays readable.
    expect(out).toContain('https://rpc.example/v3/[redacted]');
    expect(out).toContain('https://[redacted]@rpc.example');
    expect(out).not.toMatch(/SECRET/);
  });

  it('cycles and deep nesting do not crash the logger', () => {
    const { logger, text } = capture();
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    let deep: Record<string, unknown> = { privateKey: PRIVATE_KEY };
    for (let i = 0; i < 50; i++) deep = { next: deep };
    logger.info({ a, deep }, 'odd shapes');
    expect(text()).toContain('[circular]');
    expect(text()).not.toContain(PRIVATE_KEY.slice(2));
  });
});

/** An error thrown inside ethers, loaded by Node as ES modules: its stack frames are `file://` URLs with line numbers. */
function ethersError(): Error {
  try {
    getAddress('0xnot-an-address');
  } catch (error) {
    return error as Error;
  }
  throw new Error('getAddress accepted a malformed address');
}

describe('stack traces stay readable; URL credentials do not', () => {
  it("a logged error's stack keeps its file:// frames (file, line, column)", () => {
    const error = ethersError();
    expect(error.stack).toMatch(/file:\/\/\S+\/address\.js:\d+:\d+/);
    const { logger, text } = capture();
    logger.error({ err: error }, 'failed');
    expect(text()).toMatch(/file:\/\/\S+\/ethers\/lib\.esm\/address\/address\.js:\d+:\d+/);
    expect(text()).not.toContain('[redacted');
  });

  describe('a real 500 over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server?.close());

    it('is logged with its stack (this file and line, the library frames) and its message without the credential', async () => {
      const rpcUrl =
        'https://user:pw-SECRET@mainnet.infura.io/v3/0123456789abcdef0123456789abcd01?apikey=Q-SECRET';
      // A bug: a service hands ethers a malformed value while talking to a node; nothing maps the error, so it is a 500.
      server.services.wallet.info = async (): Promise<WalletInfoDto> => {
        throw new Error(`balance read from ${rpcUrl} failed`, { cause: ethersError() });
      };
      const res = await server.call('/wallet/info');
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).not.toContain('address.js');
      const line = server
        .logs()
        .split('\n')
        .find((l) => l.includes('"msg":"request failed"'));
      expect(line).toBeDefined();
      const logged = JSON.parse(line as string) as {
        err: { message: string; stack: string; cause: { stack: string } };
      };
      expect(logged.err.stack).toMatch(/logging\.test\.ts:\d+:\d+/);
      expect(logged.err.cause.stack).toMatch(/file:\/\/\S+\/ethers\/lib\.esm\/address\/address\.js:\d+:\d+/);
      expect(logged.err.message).toBe(
        'balance read from https://[redacted]@mainnet.infura.io/v3/[redacted]?apikey=[redacted] failed',
      );
      expect(server.logs()).not.toMatch(/SECRET|0123456789abcdef0123456789abcd01/);
    });
  });
});
