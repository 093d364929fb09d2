import type { ChainRescans } from '../chain/ChainRescans.js';
import type {
  ActionModule,
  ExecutionGateway,
  ExecutionRecord,
  GatewayReceipt,
  SwapTokenInput,
} from '@org/chain-evm';
import type { ConfirmFn } from '@org/governor';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { VariableInfo } from '../config/variables/Variable.js';
import type { EventHub } from '../events/EventHub.js';
import type { ChainProviders } from '../services/ChainProviders.js';
import type { ExecutionKeyIndex } from '../services/dca/ExecutionKeyIndex.js';
import type { GovernorService } from '../services/GovernorService.js';
import type { SecurityService } from '../services/SecurityService.js';
import type { Services } from '../services/Services.js';
import type { KeyedMutex } from '../services/swap/KeyedMutex.js';
import type { SwapPlanner } from '../services/swap/SwapPlanner.js';
import type { StoreFactory } from '../stores/StoreFactory.js';
import type { VaultAssetBook } from '../yield/VaultAssetBook.js';
import type { ExecutionStore } from '@org/chain-evm';

/** A background job of a capability: started after the server listens, stopped (in reverse) before it closes. */
export interface Job {
  /** For logs and the shutdown test (`watcher`, `dca-scheduler`, …). */
  readonly name: string;
  /**
   * Runs on one instance at a time when several share a database: started only while this instance holds the job's
   * lease (`jobs_leases`), stopped when it loses it. Work every instance must do (its own caches) leaves it unset.
   */
  readonly once?: boolean;
  start(): void;
  /** Stops the job; resolves once nothing of it runs (a DCA tick under way finishes first). */
  stop(): void | Promise<void>;
}

/** What `startServer`'s caller may hand the capabilities (tests and `pnpm demo`). */
export interface StartOptions {
  /** Operator approval for fund-moving actions; when given, the governor requires it and calls it. */
  confirmFn?: ConfirmFn;
  /** Tokens added to a chain's swap list (the devnet's deployed tokens; `pnpm demo` passes them). */
  swapTokens?: ReadonlyMap<number, readonly SwapTokenInput[]>;
  /** The DCA scheduler's clock (Unix ms; default `Date.now`). */
  clock?: () => number;
}

/** Turns a settled execution's receipt into the result its record shows (per action). */
export interface ResultDescriber {
  readonly actions: readonly string[];
  describe(p: { record: ExecutionRecord; receipt: GatewayReceipt }): Record<string, unknown>;
}

/** What a capability adds to the execution gateway: action modules and how their results read. */
export interface GatewayContribution {
  readonly modules?: readonly ActionModule[];
  readonly describers?: readonly ResultDescriber[];
}

/**
 * What the rows hand on to later rows (each field set by the row named in its comment). Read with `need`, which
 * fails startup with the missing piece's name when the table's order is wrong.
 */
export interface Shared {
  /** core */ providers?: ChainProviders;
  /** core */ security?: SecurityService;
  /** core */ version?: string;
  /** core: re-scans after a reorg or a reset (`chain.reorg`, `/health` degraded while one runs) */
  rescans?: ChainRescans;
  /** events */ hub?: EventHub;
  /** events: the hub is every instance's (a shared log): an event published once reaches every stream */
  hubShared?: boolean;
  /** governor */ address?: `0x${string}`;
  /** governor */ governor?: GovernorService;
  /** governor: undefined when no wallet key is configured */ gateway?: ExecutionGateway;
  /** governor */ executions?: ExecutionStore;
  /** governor */ executionKeys?: ExecutionKeyIndex;
  /** governor */ reconcile?: () => Promise<void>;
  /** swaps */ planner?: SwapPlanner;
  /** swaps */ swapLock?: KeyedMutex;
  /** swaps */ holdSeconds?: number;
  /** yield (gateway phase) */ vaultAssets?: VaultAssetBook;
  /** docs */ spec?: object;
}

/** What every capability is given. */
export interface CapabilityContext {
  readonly config: Config;
  readonly log: Logger;
  /** The one store factory (memory, SQLite, …): a capability never opens a database itself. */
  readonly stores: StoreFactory;
  readonly options: StartOptions;
  /** What earlier rows handed on. */
  readonly shared: Shared;
  /** Every row's gateway contribution, collected before any row starts (read by the governor row). */
  readonly gateway: { modules: ActionModule[]; describers: ResultDescriber[] };
  /** Every started row's `/health` check (core's `HealthService` reports them as the `database` check). */
  readonly health: ReadonlyArray<() => boolean | Promise<boolean>>;
}

/** What a started capability provides. */
export interface Provided {
  /** Its services (the controllers read them from `app.locals.services`). */
  readonly services?: Partial<Services>;
  /** Its background jobs, started in order once the server listens. */
  readonly jobs?: readonly Job[];
  /**
   * Its part of `/health`: false marks the server down. (The answer's shape is fixed by the OpenAPI document: the
   * checks count as its `database` entry.)
   */
  readonly health?: () => boolean | Promise<boolean>;
  /** Releases what it opened (after every job has stopped and the server has closed). */
  release?(): void | Promise<void>;
}

/**
 * One capability of the server: a row of the table in `capabilities/table.ts`. It declares the variables it reads
 * (from the schema), may add gateway actions, and when started provides services (and so the controllers that use
 * them), background jobs and a `/health` part.
 */
export interface Capability {
  readonly name: string;
  /** The configuration variables it reads (declared in `config/schema/`). */
  readonly reads: readonly VariableInfo[];
  /** The controllers that serve its routes (generated into the route table by tsoa). */
  readonly controllers: readonly string[];
  /** Gateway actions it adds; asked of every row before any row starts. */
  gateway?(ctx: CapabilityContext): GatewayContribution;
  start(ctx: CapabilityContext): Provided | Promise<Provided>;
}
