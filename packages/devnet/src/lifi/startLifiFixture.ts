import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidParameterError } from '../errors/InvalidParameterError.js';
import { buildFixtureQuote } from './buildFixtureQuote.js';
import { createFixtureRelayer } from './createFixtureRelayer.js';
import { failureAnswer, type FixtureAnswer, json, LIFI_CODES, rateLimitHeaders } from './fixtureAnswers.js';
import { chainsAnswer, connectionsAnswer, toolsAnswer } from './fixtureDiscovery.js';
import type {
  LifiFixtureChain,
  LifiFixtureEndpoint,
  LifiFixtureFailure,
  LifiFixtureRequest,
  LifiFixtureTransfer,
  LifiQuoteScript,
  LifiTransferOutcome,
} from './types.js';

type Hex = `0x${string}`;

/** Parameters of {@link startLifiFixture}. */
export interface StartLifiFixtureParameters {
  /** The chains served (quotes between any two of them); see `lifiFixtureChain(devnet)`. */
  readonly chains: readonly LifiFixtureChain[];
  /** Bridge fee in basis points of `fromAmount`, included in the amount (default 10 = 0.1%). */
  readonly feeBps?: number | undefined;
  /** `estimate.executionDuration` of every quote, in seconds (default 30). */
  readonly executionDurationSeconds?: number | undefined;
  /** Transfers worth less than this (USD, decimal string) get a 404 `AMOUNT_TOO_LOW` (default `"1"`). */
  readonly minAmountUSD?: string | undefined;
  /** Status answers that say `PENDING` for a mined deposit before the relayer acts (default 1). */
  readonly pendingPolls?: number | undefined;
  /** What the relayer does with a deposit no quote script named (default `{ kind: 'complete' }`). */
  readonly defaultOutcome?: LifiTransferOutcome | undefined;
  /** When set, a request whose `x-lifi-api-key` header is present and different is answered 401 (code 1010). */
  readonly apiKey?: string | undefined;
  /** A fixed window: `ratelimit-*` headers on every answer, 429 (code 1005) beyond `limit` requests. */
  readonly rateLimit?: { readonly limit: number; readonly windowSeconds: number } | undefined;
  /** The relayer's key (default the devnet bridge's relayer, `DEVNET_BRIDGE_RELAYER`). */
  readonly relayerPrivateKey?: Hex | undefined;
}

/** A running LI.FI fixture. */
export interface LifiFixture {
  /** `http://127.0.0.1:PORT`: the base URL a LI.FI client is given (the API lives under `/v1`). */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: readonly LifiFixtureRequest[];
  /** Scripts for the next `/v1/quote` answers, in order; once used up, quotes are honest. */
  scriptQuote(...scripts: LifiQuoteScript[]): void;
  /** Answers the next `times` (default 1) requests to `endpoint` with `failure`. */
  failNext(endpoint: LifiFixtureEndpoint, failure: LifiFixtureFailure, times?: number): void;
  /** What the relayer does with deposits no script named. */
  setDefaultOutcome(outcome: LifiTransferOutcome): void;
  /** What the relayer does with one transaction id's deposit (overrides its quote script). */
  setOutcome(transactionId: Hex, outcome: LifiTransferOutcome): void;
  /** Makes the relayer act on a mined deposit now (no status polls needed); resolves once its transaction is mined. */
  settle(txHash: Hex): Promise<LifiFixtureTransfer>;
  /** Every deposit seen so far and what was done with it. */
  transfers(): LifiFixtureTransfer[];
  /** Closes the server (dropping open connections) and the relayer's providers. Idempotent. */
  close(): Promise<void>;
}

const ENDPOINTS: readonly LifiFixtureEndpoint[] = ['quote', 'status', 'chains', 'connections', 'tools'];

/**
 * Starts a local LI.FI API on 127.0.0.1 (random port) that answers `/v1/quote`, `/v1/status`, `/v1/chains`,
 * `/v1/connections` and `/v1/tools` in LI.FI's real shapes — hex `transactionRequest` numbers, `estimate` with fee
 * and gas costs, `NOT_FOUND` statuses with HTTP 200 — and in its real failures (400 with numeric codes, 404 no-quote
 * with `errors.failed`, 429 with `ratelimit-*` headers, 5xx, slow, malformed, hang-ups). Quotes call the devnet
 * bridge with `BridgeData`-shaped calldata; scripts make them lie in one precise way each. A relayer reads mined
 * deposits from the source chain and pays the receiver on the destination chain (or refunds on the source chain)
 * with real transactions, reporting `NOT_FOUND` → `PENDING` → `DONE/COMPLETED` (or `PARTIAL`, `REFUNDED`,
 * `FAILED`, or never filled). Test support: DEVNET ONLY.
 *
 * @example
 * ```ts
 * import { lifiFixtureChain, startDevnetPair, startLifiFixture } from '@org/devnet';
 * const { a, b, stop } = await startDevnetPair();
 * const lifi = await startLifiFixture({ chains: [lifiFixtureChain(a), lifiFixtureChain(b)] });
 * lifi.scriptQuote({ adversary: 'receiver-not-us' }, { outcome: { kind: 'refund' } });
 * const quote = await (await fetch(`${lifi.url}/v1/quote?fromChain=31337&toChain=31338&…`)).json();
 * await lifi.close();
 * await stop();
 * ```
 */
export async function startLifiFixture(parameters: StartLifiFixtureParameters): Promise<LifiFixture> {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidParameterError('parameters', 'must be an object');
  }
  const { chains } = parameters;
  if (!Array.isArray(chains) || chains.length === 0) {
    throw new InvalidParameterError('chains', 'must list at least one chain');
  }
  const feeBps = parameters.feeBps ?? 10;
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps >= 10_000) {
    throw new InvalidParameterError('feeBps', 'must be an integer between 0 and 9999');
  }
  const pendingPolls = parameters.pendingPolls ?? 1;
  if (!Number.isInteger(pendingPolls) || pendingPolls < 0) {
    throw new InvalidParameterError('pendingPolls', 'must be a non-negative integer');
  }
  const executionDurationSeconds = parameters.executionDurationSeconds ?? 30;
  if (!Number.isInteger(executionDurationSeconds) || executionDurationSeconds < 0) {
    throw new InvalidParameterError('executionDurationSeconds', 'must be a non-negative integer');
  }
  const rateLimit = parameters.rateLimit;
  if (rateLimit && (!(rateLimit.limit > 0) || !(rateLimit.windowSeconds > 0))) {
    throw new InvalidParameterError('rateLimit', 'needs a positive limit and window');
  }

  const requests: LifiFixtureRequest[] = [];
  const quoteScripts: LifiQuoteScript[] = [];
  const failures = new Map<LifiFixtureEndpoint, LifiFixtureFailure[]>();
  const outcomes = new Map<string, LifiTransferOutcome>();
  let defaultOutcome: LifiTransferOutcome = parameters.defaultOutcome ?? { kind: 'complete' };
  let window = { startedAt: Date.now(), count: 0 };
  const relayer = createFixtureRelayer({
    chains,
    pendingPolls,
    privateKey: parameters.relayerPrivateKey,
    defaultOutcome: () => defaultOutcome,
    outcomeOf: (id) => outcomes.get(id.toLowerCase()),
  });
  const settings = {
    chains,
    feeBps,
    executionDurationSeconds,
    minAmountUSD: parameters.minAmountUSD ?? '1',
  };

  async function answer(request: IncomingMessage): Promise<FixtureAnswer> {
    const url = new URL(request.url ?? '/', 'http://fixture.invalid');
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      headers: { ...request.headers },
    });
    const endpoint = /^\/v1\/(quote|status|chains|connections|tools)$/.exec(url.pathname)?.[1] as
      | LifiFixtureEndpoint
      | undefined;
    if (request.method !== 'GET')
      return json(405, { message: 'Method not allowed.', code: LIFI_CODES.default });
    if (!endpoint) return json(404, { message: `Cannot GET ${url.pathname}`, code: LIFI_CODES.notFound });
    const key = request.headers['x-lifi-api-key'];
    if (parameters.apiKey !== undefined && key !== undefined && key !== parameters.apiKey) {
      return failureAnswer(
        { kind: 'unauthorized' },
        { fromChainId: 0, toChainId: 0, normal: () => json(200, {}) },
      );
    }
    let limitHeaders: Record<string, string> = {};
    if (rateLimit) {
      const now = Date.now();
      if (now - window.startedAt >= rateLimit.windowSeconds * 1000) window = { startedAt: now, count: 0 };
      window.count += 1;
      const reset = rateLimit.windowSeconds - (now - window.startedAt) / 1000;
      limitHeaders = rateLimitHeaders(rateLimit.limit, rateLimit.limit - window.count, reset);
      if (window.count > rateLimit.limit) {
        return json(
          429,
          { message: 'Too many requests, please try again later.', code: LIFI_CODES.rateLimit },
          limitHeaders,
        );
      }
    }
    const normal = async (): Promise<FixtureAnswer> => {
      switch (endpoint) {
        case 'quote': {
          const script = quoteScripts.shift() ?? {};
          if (script.failure) {
            return failureAnswer(script.failure, {
              fromChainId: Number(query['fromChain']) || 0,
              toChainId: Number(query['toChain']) || 0,
              normal: () => buildFixtureQuote(query, settings, {}).answer,
            });
          }
          const built = buildFixtureQuote(query, settings, script);
          if (built.transactionId && script.outcome)
            outcomes.set(built.transactionId.toLowerCase(), script.outcome);
          return built.answer;
        }
        case 'status':
          return relayer.status(query);
        case 'chains':
          return chainsAnswer(chains, query);
        case 'connections':
          return connectionsAnswer(chains, query);
        case 'tools':
          return toolsAnswer(chains, query);
      }
    };
    const scripted = failures.get(endpoint)?.shift();
    const result = scripted
      ? scripted.kind === 'slow'
        ? { ...(await normal()), delayMs: scripted.delayMs }
        : failureAnswer(scripted, {
            fromChainId: Number(query['fromChain']) || 0,
            toChainId: Number(query['toChain']) || 0,
            normal: () => json(200, {}),
          })
      : await normal();
    return { ...result, headers: { ...limitHeaders, ...result.headers } };
  }

  function send(response: ServerResponse, request: IncomingMessage, result: FixtureAnswer): void {
    if (result.hangUp) {
      request.socket.destroy();
      return;
    }
    const body = result.raw ? String(result.body) : JSON.stringify(result.body);
    response.writeHead(result.status, {
      'content-type': 'application/json; charset=utf-8',
      ...result.headers,
    });
    response.end(body);
  }

  const server = createServer((request, response) => {
    answer(request).then(
      (result) => {
        if (result.delayMs) setTimeout(() => send(response, request, result), result.delayMs).unref();
        else send(response, request, result);
      },
      (error: unknown) => {
        send(
          response,
          request,
          json(500, { message: `fixture error: ${String(error)}`, code: LIFI_CODES.server }),
        );
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    scriptQuote: (...scripts) => {
      quoteScripts.push(...scripts);
    },
    failNext: (endpoint, failure, times = 1) => {
      if (!ENDPOINTS.includes(endpoint))
        throw new InvalidParameterError('endpoint', `unknown endpoint ${endpoint}`);
      const list = failures.get(endpoint) ?? [];
      for (let i = 0; i < times; i++) list.push(failure);
      failures.set(endpoint, list);
    },
    setDefaultOutcome: (outcome) => {
      defaultOutcome = outcome;
    },
    setOutcome: (transactionId, outcome) => {
      outcomes.set(transactionId.toLowerCase(), outcome);
    },
    settle: (txHash) => relayer.settle(txHash),
    transfers: () => relayer.transfers(),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        relayer.close();
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
