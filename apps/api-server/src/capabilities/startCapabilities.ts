import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Services } from '../services/Services.js';
import { leasedJob } from '../jobs/leasedJob.js';
import type { StoreFactory } from '../stores/StoreFactory.js';
import type { Capability, CapabilityContext, Job, Provided, Shared, StartOptions } from './Capability.js';

/** A started table: its services, what the rows handed on, and its jobs and resources to start and stop. */
export interface StartedCapabilities {
  readonly services: Services;
  readonly shared: Shared;
  /** Every row's jobs, in table order. */
  readonly jobs: readonly Job[];
  /** Starts every job, in table order. */
  startJobs(): void;
  /** Stops every job, the last row's first; resolves when all have stopped (a failing stop is logged). */
  stopJobs(): Promise<void>;
  /** Releases what the rows opened, the last row's first. */
  release(): Promise<void>;
}

/**
 * Starts the rows of a capability table in order: first every row's gateway contribution, then each row's `start`
 * (which may use what earlier rows handed on). A row that fails releases the rows started before it, in reverse,
 * and the error goes on (a `ConfigError` still names its variable).
 *
 * @example
 * ```ts
 * const table = await startCapabilities({ table: capabilityTable, config, log, stores, options: {} });
 * table.startJobs();
 * ```
 */
export async function startCapabilities({
  table,
  config,
  log,
  stores,
  options,
}: {
  table: readonly Capability[];
  config: Config;
  log: Logger;
  stores: StoreFactory;
  options: StartOptions;
}): Promise<StartedCapabilities> {
  const shared: Shared = {};
  const health: Array<() => boolean | Promise<boolean>> = [];
  const ctx: CapabilityContext = {
    config,
    log,
    stores,
    options,
    shared,
    gateway: { modules: [], describers: [] },
    health,
  };
  for (const row of table) {
    const contribution = row.gateway?.(ctx);
    ctx.gateway.modules.push(...(contribution?.modules ?? []));
    ctx.gateway.describers.push(...(contribution?.describers ?? []));
  }
  const started: Provided[] = [];
  const release = async () => {
    for (const row of [...started].reverse()) await row.release?.();
  };
  const provided: Partial<Services> = {};
  let services: Services;
  try {
    for (const row of table) {
      const rowProvided = await row.start(ctx);
      started.push(rowProvided);
      Object.assign(provided, rowProvided.services);
      if (rowProvided.health) health.push(rowProvided.health);
    }
    services = complete(provided);
  } catch (error) {
    await release();
    throw error;
  }
  // A job marked `once` runs on the instance holding its lease (one instance at a time on a shared database).
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const lease = stores.jobLeases();
  const jobs = started
    .flatMap((row) => row.jobs ?? [])
    .map((job) => (job.once ? leasedJob({ job, lease, owner, ttlMs: config.jobLeaseMs, log }) : job));
  return {
    services,
    shared,
    jobs,
    startJobs() {
      for (const job of jobs) job.start();
    },
    async stopJobs() {
      // Every stop is asked at once, the last job's first (timers clear at once); the slow ones are then awaited.
      const stopping = [...jobs].reverse().map((job) =>
        Promise.resolve()
          .then(() => job.stop())
          .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'a job failed to stop')),
      );
      await Promise.all(stopping);
    },
    release,
  };
}

const SERVICE_KEYS: readonly (keyof Services)[] = [
  'version',
  'wallet',
  'security',
  'governor',
  'health',
  'executions',
  'swap',
  'confirmations',
  'events',
  'approvals',
  'watcher',
  'gas',
  'portfolio',
  'dca',
  'yield',
  'yieldPortfolio',
  'yieldCompound',
  'yieldSampler',
  'bridge',
];

/** Every service the controllers use, or a wiring error naming the ones no row provided. */
function complete(services: Partial<Services>): Services {
  const missing = SERVICE_KEYS.filter((key) => services[key] === undefined);
  if (missing.length > 0) throw new Error(`capability table: no row provides ${missing.join(', ')}`);
  return services as Services;
}
