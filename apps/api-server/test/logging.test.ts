import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/http/createLogger.js';

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
    expect(out).toContain('[redacted-url]');
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
