import {
  type Address,
  type ChainInfo,
  parseAddress,
  type RunWatchCycleReturnType,
  runWatchCycle,
  type WatchAlert,
  type WatchedWallet,
  type WatchStore,
} from '@org/chain-evm';
import { formatEther, parseEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type {
  WatchAddRequestDto,
  WatchAddResponseDto,
  WatchAlertDto,
  WatchAlertPageDto,
  WatchCycleDto,
  WatchDeferralDto,
  WatchedWalletDto,
  WatcherSummaryDto,
} from '../dto/watcher.js';
import { ApiProblem } from '../http/ApiProblem.js';
import type { ChainProviders } from './ChainProviders.js';

/** Defaults and limits of the watcher (configuration). */
export interface WatcherSettings {
  /** Background cycle period; 0 = only forced cycles (`WATCHER_INTERVAL_SECONDS`). */
  readonly intervalMs: number;
  readonly defaultMinChangeWei: bigint;
  readonly defaultLargeOutgoingWei: bigint;
  readonly maxWallets: number;
  readonly minLiquidityWei: bigint;
  /** The V3 TWAP bound of the pricing rules (`PRICING_MAX_TWAP_DEVIATION_BPS`). */
  readonly maxTwapDeviationBps?: number;
}

const SEVERITIES = ['low', 'medium', 'high'] as const;

/**
 * `/watcher/*`: a persisted watch list, check cycles (forced, and in the background every `intervalMs`; two never
 * overlap — a forced check while one runs waits for it and answers its result), alerts and a summary. New alerts go
 * to `onAlert`, wallets whose checks start being deferred to `onDeferred` (the live event stream).
 */
export class WatcherService {
  readonly #store: WatchStore;
  readonly #providers: ChainProviders;
  readonly #registry: readonly ChainInfo[];
  readonly #tokens: (chain: ChainInfo) => readonly { address: Address; symbol?: string; decimals: number }[];
  readonly #settings: WatcherSettings;
  readonly #onAlert: (alert: WatchAlert) => void;
  readonly #onDeferred: (deferral: RunWatchCycleReturnType['deferred'][number]) => void;
  #running: Promise<RunWatchCycleReturnType> | undefined;
  #last: RunWatchCycleReturnType | undefined;
  #timer: NodeJS.Timeout | undefined;
  #nextAt: number | null = null;
  #stopped = false;

  constructor(p: {
    store: WatchStore;
    providers: ChainProviders;
    registry: readonly ChainInfo[];
    tokens: (chain: ChainInfo) => readonly { address: Address; symbol?: string; decimals: number }[];
    settings: WatcherSettings;
    onAlert?: (alert: WatchAlert) => void;
    /** A wallet whose checks start being deferred (once per run of deferrals): the live event stream. */
    onDeferred?: (deferral: RunWatchCycleReturnType['deferred'][number]) => void;
  }) {
    this.#store = p.store;
    this.#providers = p.providers;
    this.#registry = p.registry;
    this.#tokens = p.tokens;
    this.#settings = p.settings;
    this.#onAlert = p.onAlert ?? (() => undefined);
    this.#onDeferred = p.onDeferred ?? (() => undefined);
  }

  async add(body: WatchAddRequestDto): Promise<{ status: number; body: WatchAddResponseDto }> {
    const chain = this.#providers.resolve(body.chain);
    const address = parseAddress({ address: body.address }) as Address;
    const fields: Record<string, string> = {};
    const eth = (name: 'minChange' | 'largeOutgoing', fallback: bigint): bigint => {
      const raw = body.thresholds?.[name];
      if (raw === undefined) return fallback;
      try {
        return parseEther(raw);
      } catch {
        fields[`thresholds.${name}`] = 'must be a non-negative decimal ETH amount with at most 18 decimals';
        return 0n;
      }
    };
    const thresholds = {
      minChangeWei: eth('minChange', this.#settings.defaultMinChangeWei),
      largeOutgoingWei: eth('largeOutgoing', this.#settings.defaultLargeOutgoingWei),
      alertOnApproval: body.thresholds?.alertOnApproval ?? true,
    };
    if (body.label !== undefined && (body.label.length === 0 || body.label.length > 200)) {
      fields.label = 'must be 1 to 200 characters';
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    const existing = await this.#store.get({ chainId: chain.id, address });
    if (!existing && (await this.#store.list()).length >= this.#settings.maxWallets) {
      throw new ApiProblem(
        409,
        'WATCH_LIMIT_REACHED',
        `At most ${this.#settings.maxWallets} wallets are watched`,
      );
    }
    const { wallet, created } = await this.#store.upsert({
      chainId: chain.id,
      address,
      label: body.label ?? existing?.label ?? null,
      thresholds,
      at: Date.now(),
    });
    return { status: created ? 201 : 200, body: { created, wallet: this.#walletDto(wallet) } };
  }

  async remove(chain: string | undefined, address: string): Promise<{ removed: true }> {
    const info = this.#providers.known(chain);
    const removed = await this.#store.remove({
      chainId: info.id,
      address: parseAddress({ address }) as Address,
    });
    if (!removed) throw new ApiProblem(404, 'WATCH_NOT_FOUND', 'This wallet is not watched on this chain');
    return { removed: true };
  }

  async list(): Promise<WatchedWalletDto[]> {
    return (await this.#store.list()).map((w) => this.#walletDto(w));
  }

  /** One cycle now (or the one under way). */
  async check(): Promise<WatchCycleDto> {
    return this.#cycleDto(await this.#cycle());
  }

  async alerts(q: {
    since?: string;
    severity?: string;
    address?: string;
    limit?: number;
    cursor?: string;
  }): Promise<WatchAlertPageDto> {
    const fields: Record<string, string> = {};
    const limit = q.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      fields.limit = 'must be an integer from 1 to 100';
    let since: number | undefined;
    if (q.since !== undefined) {
      since = Date.parse(q.since);
      if (Number.isNaN(since)) fields.since = 'must be an ISO 8601 time';
    }
    if (q.severity !== undefined && !SEVERITIES.includes(q.severity as (typeof SEVERITIES)[number])) {
      fields.severity = `must be one of ${SEVERITIES.join(', ')}`;
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    const address = q.address === undefined ? undefined : (parseAddress({ address: q.address }) as Address);
    const page = await this.#store.listAlerts({
      limit,
      ...(q.cursor === undefined ? {} : { cursor: q.cursor }),
      ...(since === undefined ? {} : { since }),
      ...(q.severity === undefined ? {} : { severity: q.severity as (typeof SEVERITIES)[number] }),
      ...(address === undefined ? {} : { address }),
    });
    return { items: page.items.map((a) => this.#alertDto(a)), nextCursor: page.nextCursor };
  }

  async summary(): Promise<WatcherSummaryDto> {
    const s = await this.#store.summary();
    const last = this.#last;
    const deferred = s.walletsDeferred === 0 ? [] : (await this.#store.list()).filter((w) => w.deferred);
    return {
      wallets: s.wallets,
      walletsInError: s.walletsInError,
      walletsDeferred: s.walletsDeferred,
      deferred: deferred.map((w) => ({
        chain: this.#chain(w.chainId),
        address: w.address,
        ...this.#deferralDto(w.deferred as NonNullable<WatchedWallet['deferred']>),
      })),
      alertsBySeverity: { ...s.alertsBySeverity },
      alertsByKind: { ...s.alertsByKind },
      lastCycle: last
        ? {
            startedAt: new Date(last.startedAt).toISOString(),
            finishedAt: new Date(last.finishedAt).toISOString(),
            durationMs: last.finishedAt - last.startedAt,
          }
        : null,
      nextCycleAt: this.#nextAt === null ? null : new Date(this.#nextAt).toISOString(),
      intervalSeconds: Math.round(this.#settings.intervalMs / 1000),
    };
  }

  /** Starts the background cycle (no-op when the interval is 0). */
  start(onError: (error: unknown) => void): void {
    if (this.#settings.intervalMs <= 0) return;
    const schedule = () => {
      if (this.#stopped) return;
      this.#nextAt = Date.now() + this.#settings.intervalMs;
      this.#timer = setTimeout(() => {
        this.#cycle().catch(onError).finally(schedule);
      }, this.#settings.intervalMs);
      this.#timer.unref();
    };
    schedule();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#nextAt = null;
  }

  #cycle(): Promise<RunWatchCycleReturnType> {
    // Two cycles never overlap: a caller during a run shares it.
    this.#running ??= runWatchCycle({
      store: this.#store,
      chains: this.#registry,
      provider: async (chainId) => (await this.#providers.get(String(chainId))).provider,
      tokens: (chain) => this.#tokens(chain).map((t) => t.address),
      minLiquidityWei: this.#settings.minLiquidityWei,
      ...(this.#settings.maxTwapDeviationBps === undefined
        ? {}
        : { maxTwapDeviationBps: this.#settings.maxTwapDeviationBps }),
    })
      .then((result) => {
        this.#last = result;
        for (const alert of result.alerts) this.#onAlert(alert);
        for (const d of result.deferred) if (d.first) this.#onDeferred(d);
        return result;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  #chain(chainId: number): { id: number; name: string } {
    return { id: chainId, name: this.#registry.find((c) => c.id === chainId)?.name ?? String(chainId) };
  }

  #walletDto(w: WatchedWallet): WatchedWalletDto {
    const chain = this.#registry.find((c) => c.id === w.chainId);
    const meta = new Map((chain ? this.#tokens(chain) : []).map((t) => [t.address.toLowerCase(), t]));
    const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });
    return {
      chain: this.#chain(w.chainId),
      address: w.address,
      label: w.label,
      thresholds: {
        minChange: eth(w.thresholds.minChangeWei),
        largeOutgoing: eth(w.thresholds.largeOutgoingWei),
        alertOnApproval: w.thresholds.alertOnApproval,
      },
      createdAt: new Date(w.createdAt).toISOString(),
      lastCheckAt: w.lastCheckAt === null ? null : new Date(w.lastCheckAt).toISOString(),
      status: w.lastError !== null ? 'error' : w.deferred ? 'deferred' : w.baseline === null ? 'new' : 'ok',
      deferred: w.deferred ? this.#deferralDto(w.deferred) : null,
      baseline: w.baseline
        ? {
            block: w.baseline.block,
            blockHash: w.baseline.blockHash,
            balances: [
              {
                asset: 'native',
                symbol: chain?.nativeSymbol ?? null,
                amount: formatEther(w.baseline.native),
                amountBase: w.baseline.native.toString(),
              },
              ...Object.entries(w.baseline.tokens).map(([token, amount]) => {
                const t = meta.get(token);
                return {
                  asset: t?.address ?? token,
                  symbol: t?.symbol ?? null,
                  amount: t ? formatUnits(amount, t.decimals) : null,
                  amountBase: amount.toString(),
                };
              }),
            ],
          }
        : null,
      error:
        w.lastError === null
          ? null
          : { message: w.lastError, at: new Date(w.lastErrorAt ?? 0).toISOString() },
    };
  }

  #deferralDto(d: NonNullable<WatchedWallet['deferred']>): WatchDeferralDto {
    return {
      reason: d.reason,
      headBlock: d.headBlock,
      baselineBlock: d.baselineBlock,
      since: new Date(d.since).toISOString(),
      at: new Date(d.at).toISOString(),
    };
  }

  #alertDto(a: WatchAlert): WatchAlertDto {
    return {
      id: a.id,
      kind: a.kind,
      severity: a.severity,
      chain: this.#chain(a.chainId),
      address: a.address,
      details: { ...a.details },
      txHash: a.txHash,
      block: a.block,
      createdAt: new Date(a.createdAt).toISOString(),
    };
  }

  #cycleDto(r: RunWatchCycleReturnType): WatchCycleDto {
    return {
      startedAt: new Date(r.startedAt).toISOString(),
      finishedAt: new Date(r.finishedAt).toISOString(),
      durationMs: r.finishedAt - r.startedAt,
      checked: r.checked,
      alerts: r.alerts.map((a) => this.#alertDto(a)),
      failures: r.failures.map((f) => ({
        chain: this.#chain(f.chainId),
        address: f.address,
        error: f.error,
      })),
      deferred: r.deferred.map((d) => ({
        chain: this.#chain(d.chainId),
        address: d.address,
        headBlock: d.headBlock,
        baselineBlock: d.baselineBlock,
      })),
    };
  }
}
