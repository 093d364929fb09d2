import {
  DEFAULT_GATEWAY_SETTINGS,
  type ExecutionGateway,
  type ExecutionRecord,
  type ExecutionStore,
} from '@org/chain-evm';
import type {
  DcaBalanceParameters,
  DcaExecuteParameters,
  DcaExecution,
  DcaExecutor,
  DcaLookupParameters,
  DcaOrder,
  DcaQuote,
  DcaQuoteParameters,
} from '@org/dca';
import { formatUnits } from 'ethers';
import { ApiProblem } from '../../http/ApiProblem.js';
import { buildSwapIntent } from '../swap/buildSwapIntent.js';
import { executeSwapIntent, swapLockKey } from '../swap/executeSwapIntent.js';
import type { KeyedMutex } from '../swap/KeyedMutex.js';
import type { PlannedSwap, SwapPair, SwapPlanner } from '../swap/SwapPlanner.js';
import { estimateFillFee } from './estimateFillFee.js';
import { freshMinimum } from './freshMinimum.js';
import { FillReadings } from './FillReadings.js';
import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';
import { outsideBand } from './outsideBand.js';
import { readWalletFunds } from './readWalletFunds.js';
import { toDcaExecution } from './toDcaExecution.js';
import { currentFillAttempt } from './currentFillAttempt.js';

/** Parameters of {@link GatewayDcaExecutor}. */
export interface GatewayDcaExecutorParameters {
  readonly planner: SwapPlanner;
  /** The one signer. */
  readonly gateway: ExecutionGateway;
  /** The gateway's execution records (read only). */
  readonly executions: ExecutionStore;
  /** Execution ids by idempotency key (the store the gateway writes through indexes DCA keys). */
  readonly keys: ExecutionKeyIndex;
  /** One swap at a time per (chain, token in, router, wallet): shared with `/swap/execute`. */
  readonly swapLock: KeyedMutex;
  /** The gateway's fee ceiling (`GAS_PRICE_CEILING_GWEI`), for the worst-case fee rule. */
  readonly feeCeilingWei: bigint;
  /**
   * The gateway's reconciler (`gateway.reconcile`): run before answering from an execution still open (signed,
   * pending, or preparing after a crash), so a receipt that arrived meanwhile settles it. Default: the gateway's.
   */
  readonly reconcile?: () => Promise<unknown>;
  /** The gateway's replacement count (its default unless configured otherwise). */
  readonly maxReplacements?: number;
  /** The scheduler's clock, Unix ms: a fill's swap deadline is counted from it. */
  readonly now: () => number;
  /** Seconds until the router refuses a fill's swap (default 600). */
  readonly deadlineSeconds?: number;
  /** How long a fill may wait for an operator's approval (`CONFIRM_TTL_SECONDS` unless `CONFIRM_MODE=off`). */
  readonly holdSeconds?: number;
  /** Highest acceptable sell tax of a token bought, bps (default 1000, as `/swap/execute`). */
  readonly maxSellTaxBps?: number;
  /** Highest acceptable buy tax of a token bought, bps (default 1000, as `/swap/execute`). */
  readonly maxBuyTaxBps?: number;
}

/** What a quote read, kept for the `execute` that follows it in the same fill. */
interface Prepared {
  readonly at: number;
  readonly pair: SwapPair;
  readonly planned: PlannedSwap;
  /** Token in's allowance to the quote's router, and the swap lock's run count when it was read. */
  readonly allowance: { readonly value: bigint; readonly runs: number };
}

/** Execution statuses the reconciler may still settle. */
const OPEN = new Set<string>(['preparing', 'signed', 'pending']);

/** How long a quote (and the allowance read with it) is reused by the fill's `execute`, real ms. */
const PREPARED_TTL_MS = 60_000;
const MAX_PREPARED = 1_000;

/**
 * The DCA executor port implemented with the execution gateway: every fill is a real swap (`dca-fill`, decoded and
 * checked like `swap`) built by the same code as `/swap/execute` — quote over Uniswap V2/V3, exact approval when the
 * allowance is short, then the swap — and run by `ExecutionGateway.execute` with the fill's idempotency key
 * `dca:<order>:<slot>`. The store the gateway writes through indexes that key before the record is stored, so a
 * key starts one execution at most; a crash between broadcast and receipt is settled by the gateway's reconciler
 * and read back by `lookup`, never sent again.
 *
 * - `balance`: the wallet's token-in balance (and its allowances to the routers, one request).
 * - `quote`: a fresh quote (the band is checked on it); `valueWei` priced on chain as the gateway prices what is
 *   spent (exact for native in), and `worstCaseFeeWei` by the gateway's rule (`estimateFillFee`), from readings
 *   the fills of one tick share (`FillReadings`, ≤ 15 s old). Unpriceable → `VALUE_UNKNOWN`.
 * - `execute`: the outcome of an earlier execution under the key if there is one; else the swap with the
 *   scheduler's `minAmountOut`. A fresh re-quote (after a crash) is checked against the order's band first.
 * - `lookup`: the execution the key names, as a port outcome (`toDcaExecution`), or null when none was stored; an
 *   execution interrupted before it signed anything (`INTERRUPTED`, no transaction) is retried once under a derived
 *   key (`currentFillAttempt`): a crash before signing does not cost the slot.
 *
 * @example
 * ```ts
 * const executor = new GatewayDcaExecutor({ planner, gateway, executions, keys, feeCeilingWei, now: Date.now });
 * const scheduler = new DcaScheduler({ store, executor });
 * ```
 */
export class GatewayDcaExecutor implements DcaExecutor {
  readonly #p: GatewayDcaExecutorParameters;
  readonly #prepared = new Map<string, Prepared>();
  readonly #readings: FillReadings;
  /** The gas limit the gateway signed for an order's last fill, by order and route (router and path). */
  readonly #gas = new Map<string, { at: number; gasLimit: bigint }>();
  /** Allowances read with the balance (and the swap lock's run count per router then), by order id. */
  readonly #funds = new Map<
    string,
    { at: number; allowances: ReadonlyMap<string, bigint>; runs: ReadonlyMap<string, number> }
  >();

  constructor(parameters: GatewayDcaExecutorParameters) {
    this.#p = parameters;
    this.#readings = new FillReadings({ planner: parameters.planner });
  }

  async balance({ order }: DcaBalanceParameters): Promise<bigint> {
    const pair = await this.#pair(order);
    const runs = this.#runs(pair);
    const { balance, allowances } = await readWalletFunds({ pair, owner: this.#p.gateway.address });
    remember(this.#funds, order.id, { at: Date.now(), allowances, runs });
    return balance;
  }

  async quote({ order, amountIn }: DcaQuoteParameters): Promise<DcaQuote> {
    const pair = await this.#pair(order);
    const [planned, valueWei, fees] = await Promise.all([
      this.#p.planner.plan({ pair, amountIn, slippageBps: order.slippageBps, price: false, verdict: false }),
      this.#readings.value(pair, amountIn),
      this.#readings.fees(pair),
    ]);
    if (valueWei === null) {
      throw new ApiProblem(
        422,
        'VALUE_UNKNOWN',
        `${pair.tokenIn.symbol ?? pair.tokenIn.address} cannot be priced on chain: the gateway would refuse the fill`,
      );
    }
    const allowance = await this.#allowance(order, pair, planned);
    const { worstCaseFeeWei } = await estimateFillFee({
      pair,
      quote: planned.quote,
      intent: this.#intent(order, pair, planned, planned.amountOutMin, null),
      wallet: this.#p.gateway.address,
      allowance: allowance.value,
      knownGasLimit: this.#gas.get(routeKey(order, planned))?.gasLimit,
      fees,
      feeCeilingWei: this.#p.feeCeilingWei,
      maxReplacements: this.#p.maxReplacements ?? DEFAULT_GATEWAY_SETTINGS.maxReplacements,
    });
    remember(this.#prepared, `${order.id}:${amountIn}`, { at: Date.now(), pair, planned, allowance });
    return { amountOut: planned.quote.amountOut, valueWei, worstCaseFeeWei };
  }

  async execute(p: DcaExecuteParameters): Promise<DcaExecution> {
    // Idempotent by key: an execution already stored under it is the answer, whatever it is (one interrupted
    // before it signed anything is retried once under a derived key).
    const attempt = await currentFillAttempt({ key: p.idempotencyKey, stored: (k) => this.#stored(k) });
    if (attempt.record !== null) return toDcaExecution(attempt.record);
    const { order, amountIn, minAmountOut, idempotencyKey, slot } = p;
    const cached = fresh(this.#prepared, `${order.id}:${amountIn}`);
    this.#prepared.delete(`${order.id}:${amountIn}`);
    const pair = cached?.pair ?? (await this.#pair(order));
    let planned = cached?.planned;
    let requoted: bigint | null = null;
    if (planned === undefined) {
      // No quote from this fill's checks (a crash, a restart): quote again and hold it to the order's band.
      planned = await this.#p.planner.plan({
        pair,
        amountIn,
        slippageBps: order.slippageBps,
        price: false,
        verdict: false,
      });
      const band = outsideBand({ order, amountIn, amountOut: planned.quote.amountOut });
      if (band !== null) return { status: 'blocked', code: 'DCA_PRICE_OUT_OF_BAND', reason: band };
      requoted = planned.amountOutMin;
    }
    const intent = this.#intent(
      order,
      pair,
      planned,
      freshMinimum({ given: minAmountOut, fresh: requoted }),
      slot,
    );
    const { record, approval } = await executeSwapIntent({
      gateway: this.#p.gateway,
      pair,
      intent,
      amountIn,
      amountInText: formatUnits(amountIn, pair.tokenIn.decimals),
      idempotencyKey: attempt.key,
      // The slot's one approval, whichever attempt sends it: a retry never approves twice.
      approvalKey: `${idempotencyKey}:approve`,
      allowance: cached?.allowance,
      lock: this.#p.swapLock,
      beforeSend: p.beforeSend,
      // A restart finds the approval an earlier run sent under the fill's key: it is never sent twice.
      earlierApproval: () => this.#stored(`${idempotencyKey}:approve`),
    });
    if (record === null) return approvalOutcome(approval as ExecutionRecord);
    const signed = record.transactions[0]?.gasLimit;
    if (signed !== undefined)
      remember(this.#gas, routeKey(order, planned), { at: Date.now(), gasLimit: signed });
    return toDcaExecution(record);
  }

  async lookup({
    idempotencyKey,
  }: Pick<DcaLookupParameters, 'idempotencyKey'>): Promise<DcaExecution | null> {
    const { record } = await currentFillAttempt({ key: idempotencyKey, stored: (k) => this.#stored(k) });
    // Entered but never stored (a crash between the two writes), or a retry not started: nothing ran under the key.
    return record === null ? null : toDcaExecution(record);
  }

  /** The execution stored under an indexed key (reconciled first when still open), or null. */
  async #stored(idempotencyKey: string): Promise<ExecutionRecord | null> {
    const id = await this.#p.keys.get(idempotencyKey);
    if (id === null) return null;
    let record = await this.#p.executions.get(id);
    if (record !== null && OPEN.has(record.status)) {
      // Let the reconciler look at the chain first (it leaves alone what this process is still running).
      await (this.#p.reconcile ?? (() => this.#p.gateway.reconcile()))().catch(() => undefined);
      record = await this.#p.executions.get(id);
    }
    return record;
  }

  #pair(order: DcaOrder): Promise<SwapPair> {
    return this.#p.planner.resolvePair({
      chain: String(order.chainId),
      tokenIn: order.tokenIn,
      tokenOut: order.tokenOut,
    });
  }

  /** Token in's allowance to the quote's router: read with the balance if still fresh, else now. */
  async #allowance(
    order: DcaOrder,
    pair: SwapPair,
    planned: PlannedSwap,
  ): Promise<{ value: bigint; runs: number }> {
    const router = planned.quote.route.router.toLowerCase();
    if (pair.tokenIn.native) return { value: 0n, runs: 0 };
    const funds = fresh(this.#funds, order.id);
    const value = funds?.allowances.get(router);
    const runs = funds?.runs.get(router);
    if (value !== undefined && runs !== undefined) return { value, runs };
    const now = this.#runs(pair);
    const { allowances } = await readWalletFunds({ pair, owner: this.#p.gateway.address });
    return { value: allowances.get(router) ?? 0n, runs: now.get(router) ?? -1 };
  }

  /** The swap lock's run count of each router for the pair's token in (read before an allowance is read). */
  #runs(pair: SwapPair): Map<string, number> {
    const routers = [pair.chain.contracts.uniswapV2?.router02, pair.chain.contracts.uniswapV3?.swapRouter];
    const runs = new Map<string, number>();
    for (const router of routers) {
      if (router) {
        runs.set(
          router.toLowerCase(),
          this.#p.swapLock.runs(swapLockKey(pair, router, this.#p.gateway.address)),
        );
      }
    }
    return runs;
  }

  #intent(order: DcaOrder, pair: SwapPair, planned: PlannedSwap, minAmountOut: bigint, slot: number | null) {
    const { tokenIn, tokenOut } = pair;
    const deadline =
      Math.floor(this.#p.now() / 1000) + (this.#p.deadlineSeconds ?? 600) + (this.#p.holdSeconds ?? 0);
    return buildSwapIntent({
      pair,
      quote: planned.quote,
      amountOutMin: minAmountOut,
      recipient: this.#p.gateway.address,
      deadline: BigInt(deadline),
      action: 'dca-fill',
      maxSellTaxBps: this.#p.maxSellTaxBps ?? 1_000,
      maxBuyTaxBps: this.#p.maxBuyTaxBps ?? 1_000,
      description: `DCA order ${order.id} slot ${slot ?? '-'}: ${formatUnits(planned.quote.amountIn, tokenIn.decimals)} ${tokenIn.symbol ?? tokenIn.address} for at least ${formatUnits(minAmountOut, tokenOut.decimals)} ${tokenOut.symbol ?? tokenOut.address}`,
    });
  }
}

/**
 * A fill whose exact approval did not confirm: the swap was not attempted. Refused → `blocked` with the approval's
 * code (nothing signed); held for an operator → `blocked` `CONFIRMATION_REQUIRED` (the order waits for its next
 * slot); anything else (reverted, failed, or not mined yet) → `failed`: nothing was bought.
 */
function approvalOutcome(approval: ExecutionRecord): DcaExecution {
  const executionId = approval.id;
  if (approval.status === 'blocked') {
    return {
      status: 'blocked',
      code: approval.code ?? 'BLOCKED',
      reason: `the approval was refused: ${approval.reason ?? ''}`,
      executionId,
    };
  }
  if (approval.status === 'awaiting_confirmation') {
    return {
      status: 'blocked',
      code: 'CONFIRMATION_REQUIRED',
      reason: 'the approval waits for an operator',
      executionId,
    };
  }
  const settled = approval.status === 'reverted' || approval.status === 'failed';
  return {
    status: 'failed',
    code: settled ? (approval.code ?? 'APPROVAL_FAILED') : 'APPROVAL_PENDING',
    reason: settled
      ? `the approval did not go through: ${approval.reason ?? approval.status}`
      : 'the approval is not mined yet; the swap was not sent',
    txHash: approval.minedHash ?? approval.transactions.at(-1)?.hash ?? null,
    feeWei: approval.feeWei,
    executionId,
  };
}

/** An order's route: the same router and path cost the same gas from one fill to the next. */
function routeKey(order: DcaOrder, planned: PlannedSwap): string {
  const { router, path } = planned.quote.route;
  return `${order.id}:${router}:${path.join(',')}`.toLowerCase();
}

function fresh<T extends { at: number }>(map: Map<string, T>, key: string): T | undefined {
  const hit = map.get(key);
  return hit !== undefined && Date.now() - hit.at <= PREPARED_TTL_MS ? hit : undefined;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_PREPARED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
