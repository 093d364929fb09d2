import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { loadSpec } from '../src/loadSpec.js';
import { generateDefiLlamaPools } from '../src/yield/testing/generateDefiLlamaPools.js';
import { type DefiLlamaFixture, startDefiLlamaFixture } from '../src/yield/testing/startDefiLlamaFixture.js';
import {
  invalidJson,
  malformedScalar,
  malformedString,
  misChecksummed,
  notAString,
} from './helpers/malformedValues.js';
import { rawHttp } from './helpers/rawHttp.js';
import { type OperationInputs, type StringInput, specInputs } from './helpers/specInputs.js';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_OPERATOR_KEY,
  type TestServer,
} from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Spec-driven fuzzing. The test walks the served OpenAPI document and, for every operation, sends requests with the
// right key and one malformed part chosen by fast-check, the rest of the request valid: a parameter or body field
// of the wrong type, missing, past its longest value (ASCII and not), outside its enum, a malformed number, a bad or
// mis-checksummed address, an unknown chain; an extra body field; a body that is not JSON, of another content type
// or none, past the body limit; a query key given twice; an over-long URL or header. Every answer is a 4xx
// problem+json with a code, no stack trace, within 10 s — and nothing changed: the governor ledger, the
// executions, the confirmations, the DCA orders, the watch list and the wallet's nonce on the devnet (read
// directly) are the same before and after. CONFIRM_MODE=all, so a request wrongly accepted would leave a held
// action behind (and change the lists) rather than spend.
//
// FUZZ_RUNS sets the number of requests per operation (default 25 in CI; e.g. FUZZ_RUNS=500 for a long run).

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const WALLET_INDEX = 7;

let devnet: StartDevnetReturnType;
let server: TestServer;
let llama: DefiLlamaFixture;
/** Records that exist before the walk (the valid ids of path parameters). */
let held: SwapExecutionDto;
let orderId: string;

const operations = specInputs();
const spec = loadSpec() as {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; schema: { type?: string } }[] }>
  >;
};
/** Query parameters of an operation declared as numbers, integers or booleans. */
const scalars = (op: OperationInputs): { name: string; type: string }[] =>
  (spec.paths[op.template]?.[op.method.toLowerCase()]?.parameters ?? [])
    .filter((p) => p.in === 'query' && p.schema.type !== undefined && p.schema.type !== 'string')
    .map((p) => ({ name: p.name, type: p.schema.type as string }));

beforeAll(async () => {
  devnet = await startDevnet();
  llama = await startDefiLlamaFixture({ pools: generateDefiLlamaPools({ count: 50, seed: 5 }) });
  server = await startTestServer({
    ...swapServerEnv(devnet, devnet.rpcUrl, WALLET_INDEX),
    YIELD_DEFILLAMA_BASE_URL: llama.url,
    CONFIRM_MODE: 'all',
    DCA_TICK_SECONDS: '0',
    WATCHER_INTERVAL_SECONDS: '0',
  });
  const swap = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountIn: '0.0001',
    }),
  });
  expect(swap.status).toBe(202);
  held = (await swap.json()) as SwapExecutionDto;
  const order = await server.call('/dca/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountPerFill: '0.01',
      interval: 'daily',
    }),
  });
  expect(order.status, await order.clone().text()).toBe(201);
  orderId = ((await order.json()) as { id: string }).id;
  const watch = await server.call('/watcher/add', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: devnet.manifest.accounts[2]!.address }),
  });
  expect(watch.status).toBeLessThan(300);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await llama?.close();
  await devnet?.stop();
});

/** A valid value for an input the walk fills in (required ones, and the ones a duplicate needs). */
function baseline(op: OperationInputs, input: StringInput): string | undefined {
  const { tokens, contracts, accounts } = devnet.manifest;
  switch (input.name.split('.').at(-1)) {
    case 'id':
      return op.template.startsWith('/confirmations/') ? held.confirmation?.id : held.execution.id;
    case 'order_id':
      return orderId;
    case 'address':
      return op.template.startsWith('/wallet/') || op.template.startsWith('/watcher/')
        ? accounts[2]!.address
        : tokens.usdc.address;
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
    case 'amount':
      return '1';
    case 'chain':
    case 'fromChain':
      return 'devnet';
    case 'toChain':
      return 'devnet-b';
    case 'quoteId':
      return 'bq_unknown';
    default:
      return undefined;
  }
}

/** One malformed part of a request. */
type Mutation =
  | { kind: 'value'; input: StringInput; value: unknown }
  | { kind: 'missing'; input: StringInput }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'scalar'; name: string; value: string }
  | { kind: 'duplicate'; input: StringInput; second: string }
  | { kind: 'invalid-json'; text: string }
  | { kind: 'content-type'; type: string | null }
  | { kind: 'huge-body'; bytes: number }
  | { kind: 'long-url'; bytes: number }
  | { kind: 'long-header'; bytes: number };

function mutations(op: OperationInputs): fc.Arbitrary<Mutation> {
  const known = devnet.manifest.tokens.usdc.address;
  const options: fc.Arbitrary<Mutation>[] = [
    fc.integer({ min: 17 * 1024, max: 40 * 1024 }).map((bytes) => ({ kind: 'long-url', bytes }) as const),
    fc.integer({ min: 33 * 1024, max: 64 * 1024 }).map((bytes) => ({ kind: 'long-header', bytes }) as const),
  ];
  for (const input of op.strings) {
    options.push(malformedString(input, known).map((value) => ({ kind: 'value', input, value }) as const));
    if (input.in === 'body')
      options.push(
        notAString
          // `null` is a value of a nullable field (it returns a limit to its configured value).
          .filter((value) => value !== null || input.schema.nullable !== true)
          .map((value) => ({ kind: 'value', input, value }) as const),
      );
    if (input.required) options.push(fc.constant({ kind: 'missing', input } as const));
    const valid = baseline(op, input);
    if (input.in === 'query' && valid !== undefined)
      options.push(fc.constant({ kind: 'duplicate', input, second: valid } as const));
  }
  for (const { name, type } of scalars(op))
    options.push(malformedScalar(type).map((value) => ({ kind: 'scalar', name, value }) as const));
  if (op.body) {
    // A field no form of the body declares.
    const declared = new Set(
      [op.body.schema, ...(op.body.schema.anyOf ?? [])].flatMap((s) => Object.keys(s.properties ?? {})),
    );
    for (const input of op.strings) declared.add(input.name.split('.')[0] as string);
    options.push(
      fc
        .tuple(fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,12}$/), fc.jsonValue({ maxDepth: 2 }))
        .filter(([name]) => !declared.has(name))
        .map(([name, value]) => ({ kind: 'extra', name, value }) as const),
      invalidJson.map((text) => ({ kind: 'invalid-json', text }) as const),
      fc
        .constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/xml',
        )
        .map((type) => ({ kind: 'content-type', type }) as const),
      fc
        .integer({ min: 64 * 1024 + 1, max: 256 * 1024 })
        .map((bytes) => ({ kind: 'huge-body', bytes }) as const),
    );
  }
  return fc.oneof(...options);
}

/** Percent-encodes every byte of the UTF-8 form of `text` that is not unreserved (lone surrogates included). */
const urlEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
}

/** The raw request for `op` with every required input at its baseline and `mutation` applied. */
function build(op: OperationInputs, mutation: Mutation): Buffer {
  let path = op.template;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const body: Record<string, unknown> = {};
  for (const input of op.strings) {
    const mine = mutation.kind === 'value' && mutation.input === input;
    if (mutation.kind === 'missing' && mutation.input === input) continue;
    if (!mine && !input.required) continue;
    const value = mine ? mutation.value : baseline(op, input);
    if (value === undefined) throw new Error(`no baseline for ${op.operationId} ${input.in}:${input.name}`);
    if (input.in === 'body') setPath(body, input.name, value);
    else if (input.in === 'path') path = path.replace(`{${input.name}}`, urlEncode(String(value)));
    else if (input.in === 'query') query.push(`${input.name}=${urlEncode(String(value))}`);
    else {
      // A header carries Latin-1 only, and the parser trims it: what is left must still be past the longest value.
      let text = String(value)
        .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
        .trim();
      const max = input.schema.maxLength;
      if (mine && max !== undefined && text.length <= max) text = text.padEnd(max + 1, 'x');
      headers.push([input.name, text]);
    }
  }
  if (mutation.kind === 'duplicate') query.push(`${mutation.input.name}=${urlEncode(mutation.second)}`);
  if (mutation.kind === 'duplicate' && !mutation.input.required)
    query.push(`${mutation.input.name}=${urlEncode(mutation.second)}`);
  if (mutation.kind === 'scalar') query.push(`${mutation.name}=${urlEncode(mutation.value)}`);
  if (mutation.kind === 'extra') body[mutation.name] = mutation.value;
  if (mutation.kind === 'long-url') query.push(`pad=${'a'.repeat(mutation.bytes)}`);
  if (mutation.kind === 'long-header') headers.push(['X-Pad', 'b'.repeat(mutation.bytes)]);
  headers.push(
    op.schemes.includes('api_key') ? ['X-API-Key', TEST_API_KEY] : ['X-Operator-Key', TEST_OPERATOR_KEY],
  );
  let payload: Buffer | undefined;
  let type: string | null = 'application/json';
  if (op.body || mutation.kind === 'invalid-json' || mutation.kind === 'huge-body') {
    payload = Buffer.from(JSON.stringify(body), 'utf8');
    if (mutation.kind === 'invalid-json') payload = Buffer.from(mutation.text, 'utf8');
    if (mutation.kind === 'huge-body')
      payload = Buffer.from(JSON.stringify({ ...body, pad: 'c'.repeat(mutation.bytes) }), 'utf8');
    if (mutation.kind === 'content-type') type = mutation.type;
    if (type !== null) headers.push(['Content-Type', type]);
    headers.push(['Content-Length', String(payload.length)]);
  }
  const target = `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const head = `${op.method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers
    .map(([n, v]) => `${n}: ${v}\r\n`)
    .join('')}Connection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload ?? Buffer.alloc(0)]);
}

/** What is wrong with an answer, or undefined when it is a 4xx problem+json with a code and no stack trace. */
function defectOf(answer: {
  status: number;
  headers: Record<string, string>;
  body: string;
}): string | undefined {
  if (answer.status === 0) return 'no answer (connection closed)';
  if (answer.status < 400 || answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 200)}`;
  const type = answer.headers['content-type'] ?? '';
  if (!type.startsWith('application/problem+json')) return `${answer.status} as ${type || 'no content type'}`;
  let code: unknown;
  try {
    code = (JSON.parse(answer.body) as { code?: unknown }).code;
  } catch {
    return `${answer.status} with a body that is not JSON`;
  }
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) return `${answer.status} without a code`;
  if (/\n\s+at /.test(answer.body) || answer.body.includes('.ts:') || answer.body.includes('.js:'))
    return `${answer.status} with a stack trace`;
  return undefined;
}

/** Everything a malformed request must not change. */
async function snapshot(): Promise<Record<string, unknown>> {
  const read = async (path: string) => {
    const res = await server.call(path, { key: TEST_API_KEY });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const governor = (await read('/governor/status')) as Record<string, unknown>;
  const wallet = devnet.manifest.accounts[WALLET_INDEX]!.address;
  return {
    governor: {
      killSwitch: governor.killSwitch,
      limits: governor.limits,
      spent: governor.spent,
      openReservations: governor.openReservations,
    },
    executions: await read('/executions?limit=100'),
    confirmations: await read('/confirmations?limit=100'),
    dcaOrders: await read('/dca/orders?limit=100'),
    watchList: await read('/watcher/list'),
    nonce: await devnetReader(devnet).getTransactionCount(wallet, 'pending'),
    balance: (await devnetReader(devnet).getBalance(wallet)).toString(),
  };
}

/** Sends one request; a hang (no answer within 10 s) is a defect. */
async function send(request: Buffer): Promise<string | undefined> {
  const answer = await Promise.race([
    rawHttp(server.url, request),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000)),
  ]);
  return defectOf(answer);
}

describe(`spec-driven fuzzing: ${RUNS} malformed requests per operation (FUZZ_RUNS)`, () => {
  it('walks every operation of the served document', async () => {
    const served = (await (await server.call('/openapi.json')).json()) as { paths: Record<string, object> };
    const walked = new Set(operations.map((op) => `${op.method} ${op.template}`));
    const inServed = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(inServed.length).toBeGreaterThan(40);
    expect(inServed.filter((o) => !walked.has(o))).toEqual([]);
  });

  it('every malformed request → 4xx problem+json with a code, no stack trace, no hang; nothing changed', async () => {
    const before = await snapshot();
    const defects: string[] = [];
    let sent = 0;
    for (const op of operations) {
      await fc
        .assert(
          fc.asyncProperty(mutations(op), async (mutation) => {
            sent += 1;
            const defect = await send(build(op, mutation));
            if (defect) defects.push(`${op.operationId} ${describeMutation(mutation)} → ${defect}`);
            return defect === undefined;
          }),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A thrown request (a hang, a walk that cannot build it) is a defect too; a refused one is listed already.
          if (!defects.some((d) => d.startsWith(`${op.operationId} `)))
            defects.push(`${op.operationId} threw ${String(error).slice(0, 400)}`);
        });
    }
    expect(defects).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS);
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});

describe('a token read from the chain before is not a licence for its malformed spellings', () => {
  it.each([
    ['mis-checksummed', (a: string) => misChecksummed(a)],
    ['0X prefix', (a: string) => `0X${a.slice(2)}`],
  ])('%s tokenOut → 422 INVALID_ADDRESS on quote and execute (found by the walk)', async (_name, spell) => {
    const usdc = devnet.manifest.tokens.usdc.address;
    // The valid form first: the planner remembers the token it read.
    const ok = await server.call(`/swap/quote?tokenIn=ETH&tokenOut=${usdc}&amountIn=0.0001`);
    expect(ok.status).toBe(200);
    const before = await snapshot();
    const quote = await server.call(`/swap/quote?tokenIn=ETH&tokenOut=${spell(usdc)}&amountIn=0.0001`);
    expect(quote.status).toBe(422);
    expect(((await quote.json()) as { code: string }).code).toBe('INVALID_ADDRESS');
    const execute = await server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenIn: 'ETH', tokenOut: spell(usdc), amountIn: '0.0001' }),
    });
    expect(execute.status).toBe(422);
    expect(((await execute.json()) as { code: string }).code).toBe('INVALID_ADDRESS');
    expect(await snapshot()).toEqual(before);
  });
});

function describeMutation(m: Mutation): string {
  switch (m.kind) {
    case 'value':
      return `${m.input.in}:${m.input.name}=${JSON.stringify(m.value)?.slice(0, 60)}`;
    case 'missing':
    case 'duplicate':
      return `${m.kind} ${m.input.in}:${m.input.name}`;
    case 'extra':
      return `extra body field ${m.name}`;
    case 'scalar':
      return `query:${m.name}=${JSON.stringify(m.value)}`;
    case 'invalid-json':
      return `invalid JSON ${JSON.stringify(m.text).slice(0, 40)}`;
    case 'content-type':
      return `content type ${m.type}`;
    default:
      return `${m.kind} (${m.bytes} bytes)`;
  }
}
