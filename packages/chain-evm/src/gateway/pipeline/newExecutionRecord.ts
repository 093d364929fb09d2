import type { Address } from '../../chains/chains.js';
import type { ExecutionIntent, ExecutionRecord } from '../types.js';

/**
 * The record an execution starts with: `preparing`, version 0, the intent's JSON summary (amounts as base-unit
 * decimal strings), nothing priced, reserved or signed yet. Pure.
 *
 * @example
 * ```ts
 * await store.insert(newExecutionRecord({ id, at: Date.now(), from: address, intent, idempotencyKey: null }));
 * ```
 */
export function newExecutionRecord({
  id,
  at,
  from,
  intent,
  idempotencyKey,
}: {
  readonly id: string;
  readonly at: number;
  readonly from: Address;
  readonly intent: ExecutionIntent;
  readonly idempotencyKey: string | null;
}): ExecutionRecord {
  return {
    id,
    version: 0,
    createdAt: at,
    updatedAt: at,
    chainId: intent.chainId,
    action: intent.action,
    from,
    to: intent.to,
    intent: {
      description: intent.description,
      value: intent.value.toString(),
      spends: intent.spends.map((t) => ({ ...t, amount: t.amount.toString() })),
      acquires: intent.acquires.map((t) => ({ ...t, amount: t.amount.toString() })),
      ...(intent.spender ? { spender: intent.spender } : {}),
      ...(intent.bridge
        ? {
            bridge: {
              toChainId: intent.bridge.toChainId,
              toToken: intent.bridge.toToken,
              ...(intent.bridge.minAmountOut === undefined
                ? {}
                : { minAmountOut: intent.bridge.minAmountOut.toString() }),
              ...(intent.bridge.follow ? { follow: { ...intent.bridge.follow } } : {}),
            },
          }
        : {}),
    },
    status: 'preparing',
    code: null,
    reason: null,
    valueWei: null,
    reservationId: null,
    nonce: null,
    transactions: [],
    minedHash: null,
    blockNumber: null,
    blockHash: null,
    feeWei: null,
    idempotencyKey,
    result: null,
    feeReservedWei: null,
    nonceGoneSinceBlock: null,
    cancelRequestedAt: null,
    cancelRequestedBy: null,
  };
}
