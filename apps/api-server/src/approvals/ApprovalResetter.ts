import {
  type Address,
  buildRevokeIntent,
  type ExecutionGateway,
  type ExecutionStore,
  type OutstandingApprovalStore,
  reconcileOutstandingApprovals,
  type ReconcileOutstandingApprovalsReturnType,
} from '@org/chain-evm';
import { readTokenAllowance } from '../bridge/readTokenAllowance.js';
import type { ChainProviders } from '../services/ChainProviders.js';

/** Parameters of {@link ApprovalResetter}. */
export interface ApprovalResetterParameters {
  readonly approvals: OutstandingApprovalStore;
  readonly executions: ExecutionStore;
  readonly gateway: ExecutionGateway;
  readonly providers: ChainProviders;
  /** The beat (`APPROVAL_RESET_INTERVAL_MS`); also the grace an action's own follower gets to reset first. */
  readonly intervalMs: number;
  /** An approval whose action never came to be is reset after this long (ms). */
  readonly orphanAfterMs: number;
  readonly clock?: () => number;
  /** Called with each pass's outcome (published and logged by the server: nothing stops silently). */
  readonly onPass?: (pass: ReconcileOutstandingApprovalsReturnType) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * Resets the gateway's outstanding approvals (bridge and deposit approvals) to zero once their action is over, on a
 * beat: `reconcileOutstandingApprovals` with the chain's allowance (read fresh) and the gateway's `revoke` (exactly
 * `approve(spender, 0)` of the row, named as its reset: it passes the kill switch — the gateway checks it is exactly
 * that — and is charged to the caps when the switch is off). A refused or failed reset is tried again on the next
 * beat — after a restart (the rows are in the database).
 *
 * @example
 * ```ts
 * const resetter = new ApprovalResetter({ approvals, executions, gateway, providers, intervalMs: 15_000, orphanAfterMs: 600_000 });
 * resetter.start();
 * ```
 */
export class ApprovalResetter {
  readonly #p: ApprovalResetterParameters;
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<void> | undefined;

  constructor(parameters: ApprovalResetterParameters) {
    this.#p = parameters;
  }

  /** One pass now (a pass already running is joined, not doubled). */
  pass(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    const beat = () => {
      this.pass().catch((error: unknown) => this.#p.onError?.(error));
    };
    beat();
    this.#timer = setInterval(beat, this.#p.intervalMs);
    this.#timer.unref();
  }

  /** Stops the beat; resolves once a pass under way has finished (its writes never meet a closed database). */
  stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    return (this.#running ?? Promise.resolve()).catch(() => undefined);
  }

  async #pass(): Promise<void> {
    const { approvals, executions, gateway, providers, intervalMs, orphanAfterMs } = this.#p;
    const result = await reconcileOutstandingApprovals({
      approvals,
      executions,
      now: (this.#p.clock ?? Date.now)(),
      orphanAfterMs,
      settleGraceMs: intervalMs,
      readAllowance: async (row) => {
        const { chain, provider, timeoutMs } = await providers.get(String(row.chainId));
        return readTokenAllowance({
          chain,
          provider,
          timeoutMs,
          token: row.token,
          owner: row.owner,
          spender: row.spender,
        });
      },
      reset: async (row, attempt) => {
        const { record } = await gateway.execute(
          {
            ...buildRevokeIntent({
              chainId: row.chainId,
              token: row.token,
              spender: row.spender as Address,
              kind: 'erc20',
            }),
            description: `reset to zero the approval of ${row.spender} on ${row.token} (its action is over)`,
          },
          { idempotencyKey: `approval-reset:${row.id}:${attempt}`, resetsOutstandingApproval: row.id },
        );
        return record;
      },
    });
    if (result.closed.length + result.sent.length + result.failed.length > 0) this.#p.onPass?.(result);
  }
}
