import type { Controller, ExpressTemplateService, IocContainerFactory, TsoaRoute } from '@tsoa/runtime';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** tsoa's authentication hook: returns the user, or throws (a promise of either is accepted too). */
export type AuthenticationFunction = (request: Request, securityName: string, scopes?: string[]) => unknown;

/** Parameters of {@link createRouteHandlers}. */
export interface CreateRouteHandlersParameters {
  /** The generated routes' template service (validation of inputs, and the response writer). */
  templateService: ExpressTemplateService;
  iocContainer: IocContainerFactory;
  authenticate: AuthenticationFunction;
}

/** What {@link createRouteHandlers} returns: the two middleware factories the route template uses. */
export interface CreateRouteHandlersReturnType {
  /** Per-route authentication for one route's security requirements (any group; every scheme of a group). */
  authenticate(security: TsoaRoute.Security[]): RequestHandler;
  /** The route handler: validated inputs → controller method → response (or `next(error)`). */
  handle(
    controller: new (...args: never[]) => Controller,
    methodName: string,
    args: Record<string, TsoaRoute.ParameterSchema>,
    successStatus: number | undefined,
  ): RequestHandler;
}

type Thenable = PromiseLike<unknown>;
type Readable = { pipe(destination: Response): unknown; readable: boolean; _read: unknown };
const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Readable).pipe === 'function' &&
  (value as Readable).readable &&
  typeof (value as Readable)._read === 'function';
const isThenable = (value: unknown): value is Thenable =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as Thenable).then === 'function';

/**
 * `res.status(status).json(data)` for an API answer, without Express's per-call content-type parsing and charset
 * formatting (the header is the same constant every time). Node drops the body of a `HEAD`; ETags are off in this
 * app. A value JSON cannot hold (a bigint) throws, as `res.json` does. A conditional request (`If-None-Match`,
 * `If-Modified-Since`) and a 204/304 status go through `res.json` itself, which may answer 304 and strips bodies.
 */
function sendJson(response: Response, status: number, data: unknown): void {
  const headers = response.req.headers;
  if (
    status === 204 ||
    status === 304 ||
    headers['if-none-match'] !== undefined ||
    headers['if-modified-since'] !== undefined
  ) {
    response.status(status).json(data);
    return;
  }
  const body = JSON.stringify(data);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Set here, not left to Node: a HEAD answer has no body to count and must still say the length.
  response.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  response.end(body);
}

/**
 * The middleware behind our tsoa route template (`tsoaRoutes.hbs`), doing what tsoa's default Express template
 * does without its per-request promise layers: tsoa runs every authentication check as a promise joined with
 * `Promise.any`, and wraps every handler in `async` → `apiHandler` → `buildPromise` even when nothing waits. Here a
 * synchronous check and a synchronous controller answer stay synchronous, a route without inputs skips validation,
 * and anything that does return a promise is awaited — an authentication hook that becomes async later is still
 * enforced, never mistaken for success. Authentication fails closed: no passing group → `next(error)` with the last
 * error (status 401 unless it says otherwise), exactly like tsoa's template.
 *
 * @example
 * ```ts
 * const { authenticate, handle } = createRouteHandlers({ templateService, iocContainer, authenticate: expressAuthentication });
 * app.get('/governor/status', authenticate([{ api_key: [] }]), handle(GovernorController, 'status', {}, undefined));
 * ```
 */
export function createRouteHandlers({
  templateService,
  iocContainer,
  authenticate: check,
}: CreateRouteHandlersParameters): CreateRouteHandlersReturnType {
  const fail = (error: unknown, next: NextFunction) => {
    const problem = (
      typeof error === 'object' && error !== null ? error : new Error('Authentication failed')
    ) as { status?: number };
    problem.status ||= 401;
    next(problem);
  };

  type Groups = [name: string, scopes: string[]][][];
  const setUser = (request: Request, user: unknown) => {
    (request as Request & { user?: unknown }).user = user;
  };

  function authenticate(security: TsoaRoute.Security[]): RequestHandler {
    const groups: Groups = security.map((group) => Object.entries(group));
    return (request, response, next) => {
      let lastError: unknown;
      for (let g = 0; g < groups.length; g++) {
        const group = groups[g] as Groups[number];
        const users: unknown[] = [];
        try {
          for (let s = 0; s < group.length; s++) {
            const [name, scopes] = group[s] as Groups[number][number];
            const user = check(request, name, scopes);
            if (isThenable(user)) {
              // An asynchronous check: carry on from exactly here the slow way, still failing closed.
              void authenticateAsync(groups, g, s, user, users, request, response, next);
              return;
            }
            users.push(user);
          }
        } catch (error) {
          lastError = error;
          continue;
        }
        setUser(request, users[0]);
        if (!response.writableEnded) next();
        return;
      }
      fail(lastError, next);
    };
  }

  async function authenticateAsync(
    groups: Groups,
    fromGroup: number,
    fromScheme: number,
    pending: Thenable,
    done: unknown[],
    request: Request,
    response: Response,
    next: NextFunction,
  ): Promise<void> {
    let lastError: unknown;
    let waiting: Thenable | undefined = pending;
    for (let g = fromGroup; g < groups.length; g++) {
      const group = groups[g] as Groups[number];
      const users = g === fromGroup ? done : [];
      try {
        for (let s = g === fromGroup ? fromScheme : 0; s < group.length; s++) {
          const [name, scopes] = group[s] as Groups[number][number];
          const answer = waiting ?? check(request, name, scopes);
          waiting = undefined;
          users.push(await answer);
        }
      } catch (error) {
        waiting = undefined;
        lastError = error;
        continue;
      }
      setUser(request, users[0]);
      if (!response.writableEnded) next();
      return;
    }
    if (!response.writableEnded) fail(lastError, next);
  }

  function handle(
    ControllerClass: new (...args: never[]) => Controller,
    methodName: string,
    args: Record<string, TsoaRoute.ParameterSchema>,
    successStatus: number | undefined,
  ): RequestHandler {
    const hasInputs = Object.keys(args).length > 0;
    // What tsoa's `returnHandler` does: controller headers, then a stream piped, a value as JSON, nothing as 204.
    const respond = (controller: Controller, response: Response, data: unknown) => {
      if (response.headersSent) return;
      const headers = controller.getHeaders();
      for (const name in headers) response.set(name, headers[name] as string | string[]);
      const status = controller.getStatus() || successStatus;
      if (isStream(data)) {
        response.status(status || 200);
        data.pipe(response);
      } else if (data !== null && data !== undefined) sendJson(response, status || 200, data);
      else response.status(status || 204).end();
    };
    const run = (controller: Controller, inputs: unknown[], response: Response, next: NextFunction) => {
      if (typeof controller.setStatus === 'function') controller.setStatus(undefined as unknown as number);
      const method = (controller as unknown as Record<string, (...a: unknown[]) => unknown>)[methodName];
      const result = (method as (...a: unknown[]) => unknown).apply(controller, inputs);
      if (!isThenable(result)) {
        respond(controller, response, result);
        return;
      }
      result.then((data) => {
        try {
          respond(controller, response, data);
        } catch (error) {
          next(error);
        }
      }, next);
    };
    return (request, response, next) => {
      try {
        const inputs = hasInputs ? templateService.getValidatedArgs({ args, request, response }) : [];
        const controller = iocContainer(request).get(ControllerClass) as Controller | Thenable;
        if (isThenable(controller))
          controller.then((c) => run(c as Controller, inputs, response, next)).then(undefined, next);
        else run(controller, inputs, response, next);
      } catch (error) {
        next(error);
      }
    };
  }

  return { authenticate, handle };
}
