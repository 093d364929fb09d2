import type { paths } from '../generated/api';
import { authHeaders, type Session } from '../session/Session';

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of an operation's 2xx answers, as the OpenAPI document declares it. */
export type SuccessBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never }[keyof R]
    : never;
type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type PathParameters<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { path: infer X } } ? X : never;
type QueryParameters<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;

/** What the server answered: the typed body of a success, or the refusal with its stable `code`. */
export type ApiAnswer<T> =
  | { readonly ok: true; readonly status: number; readonly body: T }
  | {
      readonly ok: false;
      /** 0 when no HTTP answer arrived (network, time-out). */
      readonly status: number;
      readonly code: string;
      readonly title: string;
      readonly detail?: string;
      readonly requestId?: string;
    };

/** Options of {@link callApi}: path and query parameters and the JSON body, typed per operation. */
export interface CallOptions<P extends keyof paths, M extends Method> {
  readonly path?: PathParameters<P, M>;
  readonly query?: QueryParameters<P, M>;
  readonly body?: RequestBody<P, M>;
  /** Default 20 s; an approval waits for its receipt (the server's `RECEIPT_TIMEOUT_MS`), give it longer. */
  readonly timeoutMs?: number;
}

/**
 * Calls one operation of the API on this origin with the session's key, typed against the OpenAPI document: the
 * path template, its parameters, the body and the answer all come from `paths`. Never throws: a refusal is an
 * answer with the server's `code`; no answer at all is status 0.
 *
 * @example
 * ```ts
 * const answer = await callApi(session, 'get', '/governor/status');
 * if (answer.ok) console.log(answer.body.killSwitch);
 * else console.log(answer.status, answer.code);
 * ```
 */
export async function callApi<P extends keyof paths, M extends Method>(
  session: Session,
  method: M,
  template: P,
  options: CallOptions<P, M> = {},
): Promise<ApiAnswer<SuccessBody<P, M>>> {
  const pathValues = (options.path ?? {}) as Record<string, string>;
  let url = String(template).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValues[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  if (query.size > 0) url += `?${query}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(session) };
  const init: RequestInit = {
    method: method.toUpperCase(),
    headers,
    cache: 'no-store',
    credentials: 'omit',
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      ok: false,
      status: 0,
      code: timedOut ? 'NO_ANSWER_IN_TIME' : 'NETWORK_ERROR',
      title: timedOut ? 'The server did not answer in time' : 'The server could not be reached',
    };
  }
  let parsed: unknown;
  try {
    parsed = /json/i.test(response.headers.get('content-type') ?? '') ? await response.json() : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, body: parsed as SuccessBody<P, M> };
  const problem = (parsed ?? {}) as {
    code?: unknown;
    title?: unknown;
    detail?: unknown;
    requestId?: unknown;
  };
  return {
    ok: false,
    status: response.status,
    code: typeof problem.code === 'string' ? problem.code : `HTTP_${response.status}`,
    title: typeof problem.title === 'string' ? problem.title : response.statusText,
    ...(typeof problem.detail === 'string' ? { detail: problem.detail } : {}),
    ...(typeof problem.requestId === 'string' ? { requestId: problem.requestId } : {}),
  };
}
