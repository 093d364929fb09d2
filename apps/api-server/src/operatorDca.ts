import { type DcaOrder, type DcaOrderStatus, DcaService, type DcaStore } from '@org/dca';

const STATUSES: readonly DcaOrderStatus[] = ['active', 'paused', 'cancelled', 'completed'];

/** Parameters of {@link runOperatorDca}. */
export interface RunOperatorDcaParameters {
  /** The server's DCA store (SQLite or PostgreSQL). */
  readonly store: DcaStore;
  /** `list`, `pause`, `resume` or `cancel`. */
  readonly verb: string | undefined;
  /** The order id (pause, resume, cancel). */
  readonly id: string | undefined;
  /** `--status` of `list`. */
  readonly status: string | undefined;
  readonly json: (value: unknown) => void;
  /** Reports a usage problem; returns the exit code. */
  readonly usage: (problem: string) => number;
}

/**
 * `pnpm operator dca list|pause|resume|cancel`: the DCA orders of the server's database, and the same state changes
 * as `/dca/orders/{id}/pause|resume` and `DELETE` (compare-and-set on the order; an illegal move is refused with
 * `DCA_INVALID_TRANSITION`). The running server's scheduler reads the orders at every tick, so a change made here
 * takes effect at its next tick. Amounts are base units (the CLI reads no chain).
 *
 * @example
 * ```ts
 * await runOperatorDca({ store, verb: 'pause', id, status: undefined, json, usage });
 * ```
 */
export async function runOperatorDca({
  store,
  verb,
  id,
  status,
  json,
  usage,
}: RunOperatorDcaParameters): Promise<number> {
  // No maximum slippage applies: the CLI creates no order.
  const dca = new DcaService({ store, maxSlippageBps: 10_000 });
  switch (verb) {
    case 'list': {
      if (status !== undefined && !STATUSES.includes(status as DcaOrderStatus)) {
        return usage(`--status must be one of ${STATUSES.join(', ')}`);
      }
      const page = await dca.list({ limit: 100, ...(status ? { status: status as DcaOrderStatus } : {}) });
      json(page.items.map(operatorView));
      return 0;
    }
    case 'pause':
    case 'resume':
    case 'cancel': {
      if (!id) return usage(`dca ${verb} needs an order ID`);
      json(operatorView(await dca[verb](id)));
      return 0;
    }
    default:
      return usage(`unknown dca command ${JSON.stringify(verb ?? '')}`);
  }
}

/** An order as the operator reads it: JSON-friendly, amounts in base units, times ISO 8601. */
function operatorView(order: DcaOrder): Record<string, unknown> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: order.id,
    status: order.status,
    chainId: order.chainId,
    tokenIn: order.tokenIn,
    tokenOut: order.tokenOut,
    amountPerFill: order.amountPerFill.toString(),
    interval: order.interval,
    nextSlot: order.nextSlot,
    nextRunAt: iso(order.nextRunAt),
    maxFills: order.maxFills,
    maxTotalIn: order.maxTotalIn?.toString() ?? null,
    totals: {
      ...order.totals,
      spent: order.totals.spent.toString(),
      received: order.totals.received.toString(),
    },
    consecutiveFailures: order.consecutiveFailures,
    openSlot: order.openSlot,
    lastError: order.lastError && { ...order.lastError, at: iso(order.lastError.at) },
    pausedReason: order.pausedReason && { ...order.pausedReason, at: iso(order.pausedReason.at) },
    updatedAt: iso(order.updatedAt),
  };
}
