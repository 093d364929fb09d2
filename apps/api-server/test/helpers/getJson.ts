import { expect } from 'vitest';
import type { TestServer } from './startTestServer.js';

/** GETs `path` with the API key, asserts the status (naming the path when it differs) and returns the JSON body. */
export async function getJson<T>(server: TestServer, path: string, status = 200): Promise<T> {
  const res = await server.call(path);
  const body = (await res.json()) as T;
  expect({ path, status: res.status }).toEqual({ path, status });
  return body;
}
