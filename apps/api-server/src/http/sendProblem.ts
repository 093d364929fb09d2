import type { Request, Response } from 'express';
import type { ApiProblem } from './ApiProblem.js';

/** Writes `problem` as `application/problem+json`, with the request id so logs and answers can be matched. */
export function sendProblem(req: Request, res: Response, problem: ApiProblem): void {
  const body: Record<string, unknown> = {
    type: `urn:wallet-ops:problem:${problem.code.toLowerCase().replaceAll('_', '-')}`,
    title: problem.title,
    status: problem.status,
    code: problem.code,
    ...(problem.detail === undefined ? {} : { detail: problem.detail }),
    ...(problem.extra ?? {}),
    instance: req.path,
    requestId: String(req.id ?? ''),
  };
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(body));
}
