import type { ExecutionStore } from '@org/chain-evm';
import type { DcaService } from '@org/dca';

/**
 * Issue 32: the gateway sent an execution back to `pending` because its block was reorganized away. When it is a
 * DCA fill's swap (key `dca:<order>:<slot>`), the fill that already counted it is re-opened (`pending`, `REORGED`,
 * no longer counted; the scheduler follows it again and counts it once) and `chain.reorg` is published (scope
 * `dca-fill`, its record `<order>:<slot>`). Anything else (another action, a fill's approval, a fill not `filled`)
 * is left alone. Resolves whether a fill was re-opened.
 *
 * @example
 * ```ts
 * hub.subscribe((e) => e.type === 'execution.reorged' && void reopenReorgedDcaFill({ …, event: e.data }));
 * ```
 */
export async function reopenReorgedDcaFill({
  executions,
  dca,
  publish,
  event,
}: {
  readonly executions: ExecutionStore;
  readonly dca: Pick<DcaService, 'reopenReorgedFill'>;
  readonly publish: (type: string, data: Record<string, unknown>) => void;
  readonly event: Readonly<Record<string, unknown>>;
}): Promise<boolean> {
  const record = await executions.get(String(event['executionId']));
  const match = /^dca:([^:]+):([0-9]+)$/.exec(record?.idempotencyKey ?? '');
  if (record === null || record.action !== 'dca-fill' || match === null) return false;
  const [, orderId, slotText] = match as unknown as [string, string, string];
  const slot = Number(slotText);
  const fill = await dca.reopenReorgedFill({ orderId, slot });
  if (fill === null) return false;
  const block = typeof event['blockNumber'] === 'number' ? event['blockNumber'] : null;
  publish('chain.reorg', {
    scope: 'dca-fill',
    chainId: record.chainId,
    owner: record.from,
    reason: 'hash-mismatch',
    coveredTo: block ?? -1,
    // The head was read by the reconciler (its own `chain.reorg`, scope `execution`), not here.
    head: null,
    rewindTo: block === null ? -1 : block - 1,
    records: [`${orderId}:${slot}`],
  });
  return true;
}
