import type { Request, Response } from 'express';
import type { ApiProblem } from './ApiProblem.js';
import { problemBody } from './problemBody.js';
import { contextOf } from './requestContext.js';

/** Writes `problem` as `application/problem+json`, with the request id so logs and answers can be matched. */
export function sendProblem(req: Request, res: Response, problem: ApiProblem): void {
  if (problem.status === 401) res.setHeader('WWW-Authenticate', 'ApiKey header="X-API-Key"');
  // A problem that says when to come back (`SENDER_WINDOW_FULL`) says it in the standard header too.
  const retryAfter = problem.extra?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter > 0)
    res.setHeader('Retry-After', String(retryAfter));
  res
    .status(problem.status)
    .type('application/problem+json')
    .send(problemBody(problem, req.path, contextOf(req).id));
}
