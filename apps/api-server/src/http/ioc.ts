import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request } from 'express';
import type { Services } from '../services/Services.js';

/**
 * tsoa IoC hook: controllers are built per request from the services of the app that serves the request, so
 * several apps (tests) can live in one process without global state.
 */
export const iocContainer: IocContainerFactory = (request: unknown): IocContainer => {
  const services = ((request as Request).app.locals as { services: Services }).services;
  return {
    get<T>(controller: new (services: Services) => T): T {
      return new controller(services);
    },
  } as IocContainer;
};
