import type { Address, ExecutionRecord, OutstandingApprovalStore } from '@org/chain-evm';

/**
 * Enters an approval the gateway may have sent (anything but `blocked`: a pending one may still land) as an
 * outstanding approval, so the `ApprovalResetter` brings it back to zero once its action is over — whatever happens
 * to this process. Written before the action runs; {@link linkOutstandingApproval} names the action after.
 *
 * @example
 * ```ts
 * await recordOutstandingApproval({ store, record: approved.record, token, spender, amount });
 * ```
 */
export async function recordOutstandingApproval({
  store,
  record,
  token,
  spender,
  amount,
}: {
  store: OutstandingApprovalStore | undefined;
  record: ExecutionRecord;
  token: Address;
  spender: Address;
  amount: bigint;
}): Promise<void> {
  if (store === undefined || record.status === 'blocked') return;
  if ((await store.get(record.id)) !== null) return; // an idempotent replay of the same approval
  await store.insert({
    id: record.id,
    chainId: record.chainId,
    owner: record.from,
    token,
    spender,
    amount,
    actionExecutionId: null,
    createdAt: record.createdAt,
  });
}

/**
 * Names the action an outstanding approval serves (compare-and-set; a row another process moved is re-read once).
 *
 * @example
 * ```ts
 * await linkOutstandingApproval({ store, approvalId: approval.id, actionId: record.id, at: Date.now() });
 * ```
 */
export async function linkOutstandingApproval({
  store,
  approvalId,
  actionId,
  at,
}: {
  store: OutstandingApprovalStore | undefined;
  approvalId: string;
  actionId: string;
  at: number;
}): Promise<void> {
  if (store === undefined) return;
  for (let i = 0; i < 2; i++) {
    const row = await store.get(approvalId);
    if (row === null || row.actionExecutionId === actionId) return;
    if ((await store.update(approvalId, row.version, { actionExecutionId: actionId, at })) !== null) return;
  }
}
