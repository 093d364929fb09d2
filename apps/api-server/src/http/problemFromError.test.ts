import { StoreError } from '@org/chain-evm';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { problemFromError } from './problemFromError.js';

describe('problemFromError', () => {
  it("a store's refusal of an input (STORE_INPUT_INVALID) is the client's 422 INVALID_PARAMETER, with the store's words", () => {
    const problem = problemFromError(
      new StoreError('STORE_INPUT_INVALID', 'Invalid cursor.', { details: 'not a cursor returned by list' }),
    );
    expect(problem).toMatchObject({
      status: 422,
      code: 'INVALID_PARAMETER',
      title: 'Invalid cursor.',
      detail: 'not a cursor returned by list',
    });
  });

  it('a store failure stays a 503 and an unknown error a 500 without detail', () => {
    expect(problemFromError(new StoreError('STORE_FAILURE', 'The SQLite store failed.'))).toMatchObject({
      status: 503,
      code: 'STORE_FAILURE',
    });
    expect(problemFromError(new Error('boom at /x.ts:1'))).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: undefined,
    });
  });

  it("the router's error for a path parameter that does not percent-decode → 400 MALFORMED_URL; another URIError → 500", async () => {
    const app = express();
    let caught: unknown;
    app.get('/x/:id', (_req, res) => {
      res.end();
    });
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      caught = error;
      res.end();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await (await fetch(`http://127.0.0.1:${port}/x/%E0%A4%A`)).text();
    server.close();
    expect(caught).toBeInstanceOf(URIError);
    expect(problemFromError(caught)).toMatchObject({ status: 400, code: 'MALFORMED_URL' });
    expect(problemFromError(new URIError('URI malformed'))).toMatchObject({ status: 500 });
  });
});
