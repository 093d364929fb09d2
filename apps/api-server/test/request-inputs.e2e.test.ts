import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { generateDefiLlamaPools } from '../src/yield/testing/generateDefiLlamaPools.js';
import { type DefiLlamaFixture, startDefiLlamaFixture } from '../src/yield/testing/startDefiLlamaFixture.js';
import { rawHttp } from './helpers/rawHttp.js';
import { type OperationInputs, type StringInput, specInputs } from './helpers/specInputs.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';

// 1. Every operation of the generated document with a string input (path, query, header or body, nested too) gets the
// boundary values in that input, one at a time, the rest of the request valid: empty, whitespace only, one over the
// declared maximum, emoji, right-to-left text, NUL, a lone surrogate, a malformed percent escape. Against the real
// server on the devnet, with CONFIRM_MODE=all (every fund-moving request is held, so nothing is sent unless an
// operator approves) and the operator key set, so that the operator routes are reached with a real held action.
// Whatever the value, the answer is never a 5xx, and a refusal is problem+json with a code.
// 2. Every POST/PUT whose body fields are all optional works without a body: a bare `curl -X POST`.
let devnet: StartDevnetReturnType;
let server: TestServer;
/** The yield endpoints read DefiLlama: a local fixture in its real shape, as the chain is a local devnet. */
let llama: DefiLlamaFixture;
const operations = specInputs().filter((op) => op.strings.length > 0);

beforeAll(async () => {
  devnet = await startDevnet();
  llama = await startDefiLlamaFixture({ pools: generateDefiLlamaPools({ count: 200, seed: 3 }) });
  const c = devnet.manifest.contracts;
  server = await startTestServer({
    YIELD_DEFILLAMA_BASE_URL: llama.url,
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[5]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    RECEIPT_TIMEOUT_MS: '10000',
    CONFIRM_MODE: 'all',
    // DCA orders are created here to be read, paused and cancelled, never filled.
    DCA_TICK_SECONDS: '0',
  });
});
afterAll(async () => {
  await server?.close();
  await llama?.close();
  await devnet?.stop();
});

interface BoundaryValue {
  name: string;
  /** The value as a string (what a JSON body or a header carries). */
  text: string;
  /** Its form in a URL, when percent-encoding the text cannot express it. */
  url?: string;
  /** Not a value a URL can carry as text (only sent raw in URLs). */
  urlOnly?: boolean;
}

/** The longest value an input allows: its `maxLength`, or its longest enum member. */
const longest = (input: StringInput): number =>
  input.schema.maxLength ?? Math.max(...(input.schema.enum ?? []).map((v) => String(v).length));

function boundaryValues(input: StringInput): BoundaryValue[] {
  const max = longest(input);
  return [
    { name: 'empty', text: '' },
    { name: 'whitespace only', text: ' \t  ' },
    { name: `longest + 1 (${max + 1})`, text: 'x'.repeat(max + 1) },
    { name: 'emoji', text: '💸🚀' },
    { name: 'right-to-left', text: '\u202Eمرحبا' },
    { name: 'NUL', text: 'a\u0000b' },
    // JSON.stringify writes it as the escape `\ud800`; in a URL it is the (invalid UTF-8) bytes of its WTF-8 form.
    { name: 'lone surrogate', text: '\ud800', url: '%ED%A0%80' },
    { name: 'malformed percent escape', text: '%E0%A4%A', url: '%E0%A4%A', urlOnly: true },
  ];
}

/** A header carries only visible Latin-1 text (a client cannot send the rest): those values, and one Latin-1 letter. */
function headerValues(input: StringInput): BoundaryValue[] {
  const max = longest(input);
  return [
    { name: 'empty', text: '' },
    { name: 'whitespace only', text: ' \t  ' },
    { name: `longest + 1 (${max + 1})`, text: 'x'.repeat(max + 1) },
    { name: 'Latin-1', text: 'café' },
  ];
}

const hold = async (): Promise<SwapExecutionDto> => {
  const res = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountIn: '0.0001',
    }),
  });
  expect(res.status).toBe(202);
  return (await res.json()) as SwapExecutionDto;
};

const dcaOrder = async (): Promise<{ id: string }> => {
  const res = await server.call('/dca/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountPerFill: '0.01',
      interval: 'daily',
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};

/** A valid value for every required string input the walk meets (an unknown one fails the walk: add it here). */
async function baseline(op: OperationInputs, input: StringInput): Promise<string> {
  const { tokens, contracts, accounts } = devnet.manifest;
  switch (input.name) {
    case 'id':
      // A fresh held action each time: approving one (a valid note) runs it.
      return op.template.startsWith('/confirmations/')
        ? ((await hold()).confirmation?.id as string)
        : (await hold()).execution.id;
    case 'address':
      return op.template.startsWith('/wallet/') ? (accounts[5]!.address as string) : tokens.usdc.address;
    case 'to':
    case 'token':
    case 'tokenOut':
      return tokens.usdc.address;
    case 'spender':
      return contracts.uniswapV2Router02;
    case 'vault':
      return tokens.vault.address;
    case 'tokenIn':
      return 'ETH';
    case 'amountIn':
      return '0.0001';
    case 'amountPerFill':
      return '0.01';
    case 'order_id':
      // A fresh order each time: cancelling or pausing it is then a real transition.
      return (await dcaOrder()).id;
    case 'fromChain':
      return 'devnet';
    case 'toChain':
      // Not configured on this server: the bridge routes refuse before any provider call.
      return 'devnet-b';
    case 'amount':
      return '1';
    case 'quoteId':
      return 'bq_unknown';
    default:
      throw new Error(
        `no baseline value for the required input ${input.in}:${input.name} of ${op.operationId}`,
      );
  }
}

function setPath(target: Record<string, unknown>, dotted: string, value: string): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
}

/** Sends `op` with every required input at its baseline and `under` (if any) set to `value`. */
async function send(op: OperationInputs, under?: StringInput, value?: BoundaryValue): Promise<Response> {
  const urlForm = (v: BoundaryValue) => v.url ?? encodeURIComponent(v.text);
  let path = op.template;
  const query: string[] = [];
  const headers = new Headers();
  const body: Record<string, unknown> = {};
  for (const input of op.strings) {
    const mine = input === under && value !== undefined;
    if (!mine && !input.required) continue;
    const v: BoundaryValue = mine ? value : { name: 'baseline', text: await baseline(op, input) };
    if (input.in === 'path') path = path.replace(`{${input.name}}`, urlForm(v));
    else if (input.in === 'query') query.push(`${encodeURIComponent(input.name)}=${urlForm(v)}`);
    else if (input.in === 'header') headers.set(input.name, v.text);
    else setPath(body, input.name, v.text);
  }
  if (op.schemes.includes('api_key')) headers.set('X-API-Key', TEST_API_KEY);
  else headers.set('X-Operator-Key', TEST_OPERATOR_KEY);
  if (op.body) headers.set('Content-Type', 'application/json');
  return fetch(`${server.url}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`, {
    method: op.method,
    headers,
    ...(op.body ? { body: JSON.stringify(body) } : {}),
  });
}

/** What is wrong with an answer, or undefined: a 5xx, or a refusal that is not problem+json with a code. */
async function defectOf(res: Response): Promise<string | undefined> {
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return res.status === 200 ? undefined : `${res.status} event stream`;
  }
  const text = await res.text();
  if (res.status >= 500) return `${res.status} ${text.slice(0, 200)}`;
  if (res.status < 400) return undefined;
  if (!type.startsWith('application/problem+json')) return `${res.status} as ${type || 'no content type'}`;
  const code = (JSON.parse(text) as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) return `${res.status} without a code`;
  if (text.includes('    at ')) return `${res.status} with a stack trace`;
  return undefined;
}

describe('boundary values in every string input of the document (devnet, CONFIRM_MODE=all, operator key)', () => {
  it('covers the operations of the document, the operator routes included', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['approveConfirmation', 'denyConfirmation', 'executeSwap']));
    expect(operations.length).toBeGreaterThan(20);
  });

  it('every string input declares its longest value in the document (or an enum)', () => {
    const unbounded = operations.flatMap((op) =>
      op.strings
        .filter((s) => s.schema.enum === undefined && s.schema.maxLength === undefined)
        .map((s) => `${op.operationId} ${s.in}:${s.name}`),
    );
    expect(unbounded).toEqual([]);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: no 5xx; every refusal is problem+json with a code',
    async (_id, op) => {
      // The baseline itself is accepted or refused cleanly.
      const defects: string[] = [];
      const first = await defectOf(await send(op));
      if (first) defects.push(`baseline → ${first}`);
      for (const input of op.strings) {
        const values =
          input.in === 'header'
            ? headerValues(input)
            : boundaryValues(input).filter((v) => input.in !== 'body' || !v.urlOnly);
        for (const value of values) {
          const defect = await defectOf(await send(op, input, value));
          if (defect) defects.push(`${input.in}:${input.name} = ${value.name} → ${defect}`);
        }
      }
      expect(defects).toEqual([]);
    },
    120_000,
  );
});

describe("an operator's note is checked at the edge (1 to 500 characters)", () => {
  it.each(['approve', 'deny'])(
    '%s with an empty note → 422 VALIDATION_FAILED naming the note; the action stays pending',
    async (decision) => {
      const held = await hold();
      const id = held.confirmation?.id as string;
      const res = await server.operator(`/confirmations/${id}/${decision}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ note: '' }),
      });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(problem.fields)).toEqual(['body.note']);
      const after = (await (await server.call(`/confirmations/${id}`)).json()) as { status: string };
      expect(after.status).toBe('pending');
      // The longest allowed note is accepted.
      const ok = await server.operator(`/confirmations/${id}/${decision}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'n'.repeat(500) }),
      });
      expect(ok.status).toBeLessThan(300);
    },
  );

  it('a cursor no list returned → 422 INVALID_PARAMETER (the store refused it), never a 500', async () => {
    for (const path of ['/executions', '/confirmations', '/watcher/alerts']) {
      const res = await server.call(`${path}?cursor=bm90LWEtY3Vyc29y`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_PARAMETER');
    }
    expect(server.logs()).toContain('request refused by a store');
  });
});

describe('a POST/PUT whose body fields are all optional works without a body', () => {
  const optional = specInputs().filter((op) => op.body?.allOptional === true);

  it('covers the operations of the document that take such a body', () => {
    expect(optional.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['approveConfirmation', 'denyConfirmation', 'setGovernorLimits']),
    );
  });

  it('the document does not require their body', () => {
    expect(optional.filter((op) => op.body?.required).map((op) => op.operationId)).toEqual([]);
  });

  // What curl -X POST sends (no length, no type), what fetch and http.request send (length 0), and length 0 with
  // the JSON type.
  const variants = [
    ['no Content-Length, no Content-Type', ''],
    ['Content-Length: 0', 'Content-Length: 0\r\n'],
    [
      'Content-Length: 0 and Content-Type: application/json',
      'Content-Length: 0\r\nContent-Type: application/json\r\n',
    ],
  ] as const;

  it.each(
    optional.flatMap((op) => variants.map(([name, headers]) => [op.operationId, name, op, headers] as const)),
  )(
    '%s with %s → 2xx',
    async (_id, _variant, op, headers) => {
      let path = op.template;
      for (const name of op.requiredParameters) {
        const input = op.strings.find((s) => s.name === name && s.in === 'path');
        if (!input) throw new Error(`no baseline for the required parameter ${name} of ${op.operationId}`);
        path = path.replace(`{${name}}`, encodeURIComponent(await baseline(op, input)));
      }
      const key = op.schemes.includes('api_key')
        ? `X-API-Key: ${TEST_API_KEY}`
        : `X-Operator-Key: ${TEST_OPERATOR_KEY}`;
      const answer = await rawHttp(
        server.url,
        `${op.method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n${key}\r\n${headers}Connection: close\r\n\r\n`,
      );
      expect(answer.status, answer.body).toBeGreaterThanOrEqual(200);
      expect(answer.status, answer.body).toBeLessThan(300);
    },
    60_000,
  );
});
