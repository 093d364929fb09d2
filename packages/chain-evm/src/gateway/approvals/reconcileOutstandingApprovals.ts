import type { OutstandingApproval, OutstandingApprovalStore } from '../store/OutstandingApprovalStore.js';
import type { ExecutionRecord, ExecutionStatus, ExecutionStore } from '../types.js';

/** Statuses after which an action needs its approval no more: settled, denied, expired or refused. */
const FINAL: readonly ExecutionStatus[] = ['confirmed', 'reverted', 'failed', 'blocked', 'cancelled'];

/** Parameters of {@link reconcileOutstandingApprovals}. */
export interface ReconcileOutstandingApprovalsParameters {
  readonly approvals: OutstandingApprovalStore;
  /** The gateway's execution records (the actions' and the resets' states). */
  readonly executions: Pick<ExecutionStore, 'get'>;
  /** The allowance on chain now (the truth: a row is done only when this reads 0). */
  readAllowance(row: OutstandingApproval): Promise<bigint>;
  /**
   * Sends `approve(spender, 0)` through the gateway (action `revoke`, `resetsOutstandingApproval: row.id`: it passes
   * the kill switch) with an idempotency key unique to the attempt, and returns its record (confirmed, pending, or
   * blocked with the refusal's code).
   */
  reset(row: OutstandingApproval, attempt: number): Promise<ExecutionRecord>;
  readonly now: number;
  /** An approval with no action (the action's execution never came to be) is reset after this long (ms). */
  readonly orphanAfterMs: number;
  /** After its action ended, the action's own follower gets this long (ms) to reset it first. */
  readonly settleGraceMs: number;
  /** Rows looked at per pass (default 50). */
  readonly limit?: number;
}

/** What one pass did, row by row. */
export interface ReconcileOutstandingApprovalsReturnType {
  /** Rows found at zero and closed. */
  readonly closed: readonly string[];
  /** Rows whose reset was sent this pass (by approval id). */
  readonly sent: readonly string[];
  /** Rows still waiting (their action runs, a reset is in flight, the grace period). */
  readonly waiting: readonly string[];
  /** Rows whose attempt failed this pass (refused, node error): retried on the next pass. */
  readonly failed: readonly { readonly id: string; readonly error: string }[];
}

/**
 * One pass over the outstanding approvals: each approval whose action is over (final status, or no action after
 * `orphanAfterMs`) is brought back to zero — closed when the allowance reads 0 on chain, else reset through the
 * gateway; a refused or failed reset is recorded and tried again on the next pass (after a restart: the rows are in
 * the store). The kill switch does not hold the resets back: a reset to zero of the gateway's own approval is the
 * one thing, with the operator's cancel, the gateway signs while it is engaged (`isOwnApprovalReset`). Every row
 * write is a compare-and-set; a row another process moved is left to it. Store errors propagate.
 *
 * @example
 * ```ts
 * const pass = await reconcileOutstandingApprovals({ approvals, executions, readAllowance, reset, now: Date.now(), orphanAfterMs: 600_000, settleGraceMs: 30_000 });
 * ```
 */
export async function reconcileOutstandingApprovals({
  approvals,
  executions,
  readAllowance,
  reset,
  now,
  orphanAfterMs,
  settleGraceMs,
  limit = 50,
}: ReconcileOutstandingApprovalsParameters): Promise<ReconcileOutstandingApprovalsReturnType> {
  const closed: string[] = [];
  const sent: string[] = [];
  const waiting: string[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const row of await approvals.listOutstanding(limit)) {
    if (!(await actionIsOver(row, executions, now, orphanAfterMs, settleGraceMs))) {
      waiting.push(row.id);
      continue;
    }
    if (row.resetExecutionId !== null) {
      const previous = await executions.get(row.resetExecutionId);
      if (previous !== null && !FINAL.includes(previous.status)) {
        waiting.push(row.id); // the last reset is still on its way
        continue;
      }
    }
    let allowance: bigint;
    try {
      allowance = await readAllowance(row);
    } catch (error) {
      failed.push({ id: row.id, error: describe(error) });
      continue;
    }
    if (allowance === 0n) {
      if (
        (await approvals.update(row.id, row.version, { status: 'reset', lastError: null, at: now })) !== null
      ) {
        closed.push(row.id);
      }
      continue;
    }
    // The allowance is the pair's, not the row's: another action of the same (token, spender) that still runs may
    // have been approved since (its row is entered before its approval is sent, so it is listed by now). Resetting
    // would take its allowance away; this row waits until no action of the pair needs it.
    if (await pairStillNeeded(row, { approvals, executions, now, orphanAfterMs, settleGraceMs, limit })) {
      waiting.push(row.id);
      continue;
    }
    // Claim the attempt first: of two processes, only the one whose compare-and-set lands sends.
    const attempt = row.attempts + 1;
    const claimed = await approvals.update(row.id, row.version, { attempts: attempt, at: now });
    if (claimed === null) continue;
    let record: ExecutionRecord;
    try {
      record = await reset(claimed, attempt);
    } catch (error) {
      const message = describe(error);
      await approvals.update(claimed.id, claimed.version, { lastError: message, at: now });
      failed.push({ id: row.id, error: message });
      continue;
    }
    const refused = record.status === 'blocked' || record.status === 'failed' || record.status === 'reverted';
    const error = refused ? `${record.code ?? record.status}: ${record.reason ?? ''}`.trim() : null;
    await approvals.update(claimed.id, claimed.version, {
      resetExecutionId: record.id,
      lastError: error,
      at: now,
    });
    if (error === null) sent.push(row.id);
    else failed.push({ id: row.id, error });
  }
  return { closed, sent, waiting, failed };
}

async function pairStillNeeded(
  row: OutstandingApproval,
  p: {
    approvals: ReconcileOutstandingApprovalsParameters['approvals'];
    executions: Pick<ExecutionStore, 'get'>;
    now: number;
    orphanAfterMs: number;
    settleGraceMs: number;
    limit: number;
  },
): Promise<boolean> {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  for (const other of await p.approvals.listOutstanding(p.limit)) {
    if (other.id === row.id || other.chainId !== row.chainId) continue;
    if (!same(other.owner, row.owner) || !same(other.token, row.token) || !same(other.spender, row.spender))
      continue;
    if (!(await actionIsOver(other, p.executions, p.now, p.orphanAfterMs, p.settleGraceMs))) return true;
  }
  return false;
}

async function actionIsOver(
  row: OutstandingApproval,
  executions: Pick<ExecutionStore, 'get'>,
  now: number,
  orphanAfterMs: number,
  settleGraceMs: number,
): Promise<boolean> {
  const action = row.actionExecutionId === null ? null : await executions.get(row.actionExecutionId);
  if (action === null) return now - row.createdAt >= orphanAfterMs;
  return FINAL.includes(action.status) && now - action.updatedAt >= settleGraceMs;
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : 'ERROR';
  const text = typeof e?.shortMessage === 'string' ? e.shortMessage : String(e?.message ?? error);
  return `${code}: ${text}`.slice(0, 500);
}
