import { createHash } from 'node:crypto';
import type { IdempotencyStore } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/** Parameters of {@link runIdempotent}. */
export interface RunIdempotentParameters<T> {
  readonly store: IdempotencyStore;
  /** The `Idempotency-Key` header; without one the request simply runs. */
  readonly key: string | undefined;
  /** The request body (its canonical JSON is hashed: a key reused with another body is refused). */
  readonly body: object;
  /** Distinguishes endpoints whose bodies could look alike (hashed with the body). */
  readonly scope?: string;
  /** Runs the request; receives the key to pass on to the gateway's execution records. */
  readonly run: (key: string | undefined) => Promise<{ status: number; body: T }>;
}

/**
 * Runs an executing request at most once per `Idempotency-Key`: the first request claims the key (atomically) and its
 * answer — success or problem — is stored; a repeat with the same body gets that answer back and never executes
 * again; another body → 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first still runs → 409
 * `IDEMPOTENCY_IN_PROGRESS`; a key in the DCA scheduler's namespace (`dca:…`) → 422 `IDEMPOTENCY_KEY_RESERVED`. A `VALIDATION_FAILED` before any side effect frees the key; an infrastructure error
 * leaves it in progress (fail closed: the first request may have broadcast), and so does an answer that cannot be
 * stored (the answer is still returned).
 *
 * @example
 * ```ts
 * return runIdempotent({ store, key, body, run: (key) => this.#execute(body, key) });
 * ```
 */
export async function runIdempotent<T>({
  store,
  key,
  body,
  scope,
  run,
}: RunIdempotentParameters<T>): Promise<{ status: number; body: T }> {
  if (key === undefined) return run(undefined);
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { 'Idempotency-Key': 'must be 1–200 printable ASCII characters' },
    });
  }
  // `dca:` is the scheduler's namespace (`dca:<order>:<slot>` finds a fill's execution after a crash): a client key
  // there could pose as a fill, or make a fill's own key collide (G8).
  if (/^dca:/i.test(key)) {
    throw new ApiProblem(
      422,
      'IDEMPOTENCY_KEY_RESERVED',
      'This Idempotency-Key is in a namespace the server reserves',
      'keys starting with "dca:" are the DCA scheduler\'s own',
    );
  }
  const requestHash = createHash('sha256')
    .update(`${scope === undefined ? '' : `${scope}\n`}${canonical(body)}`)
    .digest('hex');
  const claim = await store.claim({ key, requestHash, at: Date.now() });
  if (claim.state !== 'claimed') {
    if (claim.requestHash !== requestHash) {
      throw new ApiProblem(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with another request body',
      );
    }
    if (claim.state === 'in_progress') {
      throw new ApiProblem(
        409,
        'IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still running',
      );
    }
    return replay<T>(claim.response);
  }
  let answer: { status: number; body: unknown };
  try {
    answer = await run(key);
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 422 && error.code === 'VALIDATION_FAILED') {
      // Refused before any side effect: the key may be used again.
      await store.abandon({ key });
      throw error;
    }
    if (!(error instanceof ApiProblem)) throw error; // infrastructure: the key stays in progress (fail closed)
    answer = { status: error.status, body: { problem: problemOf(error) } };
  }
  try {
    await store.complete({ key, response: answer, at: Date.now() });
  } catch {
    // The request ran (it may have broadcast) but its answer cannot be stored (a full disk): the client still gets
    // it, and the key stays in progress — a repeat is refused 409, never run again (fail closed).
  }
  return replay<T>(answer);
}

function canonical(body: object): string {
  const record = body as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  );
}

function problemOf(error: ApiProblem): Record<string, unknown> {
  return {
    status: error.status,
    code: error.code,
    title: error.title,
    detail: error.detail ?? null,
    extra: error.extra ?? null,
  };
}

/** Returns a stored answer, or throws the stored problem again. */
function replay<T>(answer: { status: number; body: unknown }): { status: number; body: T } {
  const problem = (
    answer.body as {
      problem?: {
        status: number;
        code: string;
        title: string;
        detail: string | null;
        extra: Record<string, unknown> | null;
      };
    }
  ).problem;
  if (problem) {
    throw new ApiProblem(
      problem.status,
      problem.code,
      problem.title,
      problem.detail ?? undefined,
      problem.extra ?? undefined,
    );
  }
  return answer as { status: number; body: T };
}
