import { describe, expect, it } from 'vitest';
import { loadMcpConfig } from './loadMcpConfig.js';

const base = { WALLET_OPS_URL: 'http://127.0.0.1:8000/', WALLET_OPS_API_KEY: 'trading-key-0123456789' };
const httpKey = 'h'.repeat(32);

describe('loadMcpConfig', () => {
  it('defaults: stdio, loopback, 8 sessions, bounded waits; the URL without its trailing slash', () => {
    const config = loadMcpConfig({ env: base });
    expect(config).toMatchObject({
      url: 'http://127.0.0.1:8000',
      transport: 'stdio',
      http: { host: '127.0.0.1', port: 8765, maxSessions: 8, allowedOrigins: [] },
      waitMaxSeconds: 50,
    });
  });

  it('requires the API server and its key, naming the variable and never its value', () => {
    expect(() => loadMcpConfig({ env: {} })).toThrow('WALLET_OPS_URL is required');
    expect(() => loadMcpConfig({ env: { WALLET_OPS_URL: base.WALLET_OPS_URL } })).toThrow(
      'WALLET_OPS_API_KEY is required',
    );
    expect(() => loadMcpConfig({ env: { ...base, WALLET_OPS_API_KEY: 'short-secret' } })).toThrow(
      /^(?!.*short-secret)/,
    );
  });

  it('refuses credentials or a query in WALLET_OPS_URL: the key travels in a header only', () => {
    expect(() => loadMcpConfig({ env: { ...base, WALLET_OPS_URL: 'http://u:p@127.0.0.1:8000' } })).toThrow(
      /credentials/,
    );
    expect(() => loadMcpConfig({ env: { ...base, WALLET_OPS_URL: 'http://127.0.0.1:8000/?key=x' } })).toThrow(
      /credentials/,
    );
    expect(() => loadMcpConfig({ env: { ...base, WALLET_OPS_URL: 'ftp://127.0.0.1' } })).toThrow(/http/);
  });

  it('http needs a key of its own: at least 32 characters and never the trading key', () => {
    expect(() => loadMcpConfig({ env: base, argv: ['--http'] })).toThrow(/MCP_HTTP_KEY must be set/);
    expect(() =>
      loadMcpConfig({ env: { ...base, MCP_TRANSPORT: 'http', MCP_HTTP_KEY: 'x'.repeat(31) } }),
    ).toThrow(/MCP_HTTP_KEY must be set/);
    const same = 'k'.repeat(40);
    expect(() =>
      loadMcpConfig({ env: { ...base, WALLET_OPS_API_KEY: same, MCP_HTTP_KEY: same }, argv: ['--http'] }),
    ).toThrow(/differ/);
    expect(loadMcpConfig({ env: { ...base, MCP_HTTP_KEY: httpKey }, argv: ['--http'] }).transport).toBe(
      'http',
    );
  });

  it('origins are bare and never a wildcard; numbers are whole and in range', () => {
    expect(() => loadMcpConfig({ env: { ...base, MCP_HTTP_ALLOWED_ORIGINS: '*' } })).toThrow(
      /MCP_HTTP_ALLOWED_ORIGINS/,
    );
    expect(() =>
      loadMcpConfig({ env: { ...base, MCP_HTTP_ALLOWED_ORIGINS: 'https://app.example.com/path' } }),
    ).toThrow(/bare origins/);
    expect(
      loadMcpConfig({
        env: { ...base, MCP_HTTP_ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000' },
      }).http.allowedOrigins,
    ).toEqual(['https://a.example', 'http://localhost:3000']);
    expect(() => loadMcpConfig({ env: { ...base, MCP_HTTP_MAX_SESSIONS: '0' } })).toThrow(
      /MCP_HTTP_MAX_SESSIONS/,
    );
    expect(() => loadMcpConfig({ env: { ...base, MCP_WAIT_MAX_SECONDS: '1.5' } })).toThrow(
      /MCP_WAIT_MAX_SECONDS/,
    );
    expect(() => loadMcpConfig({ env: { ...base, MCP_TRANSPORT: 'sse' } })).toThrow(/MCP_TRANSPORT/);
  });
});
