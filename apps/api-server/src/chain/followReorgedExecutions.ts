import type { GatewayEvent } from '@org/chain-evm';
import type { ChainRescans } from './ChainRescans.js';

/**
 * The gateway's events as the server's reorg bookkeeping sees them: a `chain-reorg` (a block where executions were
 * mined has another hash now) is published as `chain.reorg` (scope `execution`, its records the executions back to
 * `pending`) and counted as a re-read running — `/health` `degraded` — until each of those executions settled again
 * (a `settled` event). A reorg whose executions were all found re-included is published and done at once.
 *
 * @example
 * ```ts
 * const onReorg = followReorgedExecutions({ rescans, owner: wallet.address });
 * new ExecutionGateway({ …, onEvent: (event) => { onReorg(event); … } });
 * ```
 */
export function followReorgedExecutions({
  rescans,
  owner,
}: {
  readonly rescans: ChainRescans;
  readonly owner: string;
}): (event: GatewayEvent) => void {
  const following: { ids: Set<string>; done: () => void }[] = [];
  return (event) => {
    if (event.type === 'chain-reorg') {
      const done = rescans.begin({
        scope: 'execution',
        chainId: event.chainId,
        owner,
        reason: event.reason,
        coveredTo: event.blockNumber,
        head: event.head,
        rewindTo: event.blockNumber - 1,
        records: event.reorged,
      });
      if (event.reorged.length === 0) done();
      else following.push({ ids: new Set(event.reorged), done });
      return;
    }
    if (event.type !== 'settled') return;
    for (const [i, entry] of [...following.entries()].reverse()) {
      entry.ids.delete(event.executionId);
      if (entry.ids.size > 0) continue;
      entry.done();
      following.splice(i, 1);
    }
  };
}
