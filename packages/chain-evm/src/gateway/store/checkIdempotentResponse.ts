import type { IdempotentResponse } from '../types.js';
import { invalid, jsonText } from './storeInput.js';

/**
 * Validates a finished request's response (HTTP status 100–599, a JSON body) and returns the JSON text a store
 * persists. Throws `STORE_INPUT_INVALID`.
 *
 * @example
 * ```ts
 * const json = checkIdempotentResponse({ status: 200, body: { id: 'e1' } });
 * ```
 */
export function checkIdempotentResponse(response: unknown): string {
  if (typeof response !== 'object' || response === null) throw invalid('idempotent response');
  const { status, body } = response as Partial<IdempotentResponse>;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    throw invalid('response status', 'expected an HTTP status 100–599');
  }
  if (body === undefined) throw invalid('response body', 'expected a JSON value (null for none)');
  return jsonText({ status, body }, 'response body');
}
