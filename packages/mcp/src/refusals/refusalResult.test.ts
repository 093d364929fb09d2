import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletOpsClient } from '../client/WalletOpsClient.js';
import { ApiRequestError } from '../errors/ApiRequestError.js';
import { refusalResult } from './refusalResult.js';

// The governor's status is read from a local HTTP server answering in the API server's shape.
let url: string;
const server = createServer((req, res) => {
  if (req.url !== '/governor/status' || req.headers['x-api-key'] !== 'k'.repeat(16)) {
    res.writeHead(401).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      killSwitch: false,
      remaining: {
        perTx: { eth: '0.012', wei: '12000000000000000' },
        daily: { eth: '0.3', wei: '300000000000000000' },
        session: { eth: '0.9', wei: '900000000000000000' },
      },
    }),
  );
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refused = (code: string, detail?: string, problem: Record<string, unknown> = {}) =>
  new ApiRequestError({ status: 403, code, title: 'The execution was blocked', detail, problem });

describe('refusalResult', () => {
  it('a cap: isError, the code first, what is left from the governor, the key to keep', async () => {
    const result = await refusalResult({
      error: refused('PER_TX_LIMIT_EXCEEDED', undefined, { executionId: 'ex-1' }),
      client: new WalletOpsClient({ url, apiKey: 'k'.repeat(16) }),
      idempotencyKey: 'mcp-key-1',
    });
    expect(result.isError).toBe(true);
    const [first, second] = result.content as { text: string }[];
    expect(first?.text.split('\n')[0]).toBe('PER_TX_LIMIT_EXCEEDED: The execution was blocked.');
    expect(first?.text).toContain(
      'The governor has 0.012 ETH left for one transaction (0.3 ETH today, 0.9 ETH this session)',
    );
    expect(first?.text).toContain('Execution ex-1 records it.');
    expect(JSON.parse(second?.text ?? '{}')).toEqual({
      code: 'PER_TX_LIMIT_EXCEEDED',
      status: 403,
      hint: expect.stringContaining('only the operator can raise a cap'),
      detail: null,
      executionId: 'ex-1',
      idempotencyKey: 'mcp-key-1',
    });
  });

  it('a cap when the governor cannot be read: still the code and a sentence, no figure invented', async () => {
    const result = await refusalResult({
      error: refused('DAILY_LIMIT_EXCEEDED'),
      client: new WalletOpsClient({ url: 'http://127.0.0.1:9', apiKey: 'k'.repeat(16) }),
    });
    expect((result.content[0] as { text: string }).text).toMatch(
      /^DAILY_LIMIT_EXCEEDED: [\s\S]*The daily cap is reached/,
    );
  });

  it('the verdict of an unsafe token, the retry key of an unknown outcome, a generic sentence for a new code', async () => {
    const client = new WalletOpsClient({ url, apiKey: 'k'.repeat(16) });
    const unsafe = await refusalResult({
      error: refused('TOKEN_UNSAFE', 'honeypot: selling reverts'),
      client,
    });
    expect((unsafe.content[0] as { text: string }).text).toContain(
      "The token's safety verdict is unsafe (honeypot: selling reverts)",
    );
    const timeout = await refusalResult({
      error: new ApiRequestError({ status: 0, code: 'API_TIMEOUT', title: 'No answer' }),
      client,
      idempotencyKey: 'mcp-k',
    });
    expect((timeout.content[0] as { text: string }).text).toContain(
      'retry with idempotencyKey mcp-k (never with a new key)',
    );
    const other = await refusalResult({ error: refused('SOMETHING_NEW'), client });
    expect((other.content[0] as { text: string }).text).toContain('Refused with SOMETHING_NEW (HTTP 403)');
  });
});
