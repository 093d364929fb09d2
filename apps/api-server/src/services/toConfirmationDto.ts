import type { ChainInfo, ConfirmationRecord, ExecutionStatus } from '@org/chain-evm';
import { formatEther } from '@org/governor';
import type { ConfirmationDto } from '../dto/confirmation.js';

const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });
const iso = (ms: number) => new Date(ms).toISOString();
/** An execution in one of these is still on its way: a `running` confirmation of it is running. */
const UNDER_WAY: ReadonlySet<ExecutionStatus> = new Set(['preparing', 'signed', 'pending']);

/**
 * The HTTP view of a held action (amounts as decimal strings, times as ISO 8601). The requester's idempotency key
 * and the calldata stay out of it. A `running` confirmation follows its execution (`executionStatus`, when read): once
 * the execution is no longer under way it reads `settled`, never `running` beside a `confirmed` execution.
 *
 * @example
 * ```ts
 * const dto = toConfirmationDto(record, registry);
 * ```
 */
export function toConfirmationDto(
  record: ConfirmationRecord,
  registry: readonly ChainInfo[],
  executionStatus: ExecutionStatus | null = null,
): ConfirmationDto {
  const { intent } = record;
  const chain = registry.find((c) => c.id === intent.chainId);
  const amounts = (list: ConfirmationRecord['intent']['spends']) =>
    list.map((t) => ({
      token: t.token,
      amount: t.amount.toString(),
      ...(t.symbol === undefined ? {} : { symbol: t.symbol }),
      ...(t.decimals === undefined ? {} : { decimals: t.decimals }),
    }));
  return {
    id: record.id,
    executionId: record.executionId,
    status:
      record.status === 'running' && executionStatus !== null && !UNDER_WAY.has(executionStatus)
        ? 'settled'
        : record.status,
    executionStatus,
    reason: record.reason,
    detail: record.detail,
    createdAt: iso(record.createdAt),
    expiresAt: iso(record.expiresAt),
    chain: { id: intent.chainId, name: chain?.name ?? String(intent.chainId) },
    action: intent.action,
    description: intent.description,
    to: intent.to,
    nativeValue: eth(intent.value),
    spends: amounts(intent.spends),
    acquires: amounts(intent.acquires),
    ...(intent.prerequisiteApproval === undefined
      ? {}
      : {
          approvalFirst: {
            ...amounts([intent.prerequisiteApproval])[0],
            spender: intent.prerequisiteApproval.spender,
          } as NonNullable<ConfirmationDto['approvalFirst']>,
        }),
    value: record.valueWei === null ? null : eth(record.valueWei),
    approvedValue: record.approvedValueWei === null ? null : eth(record.approvedValueWei),
    gasLimit: record.gasLimit === null ? null : record.gasLimit.toString(),
    safety: record.safety.map((s) => ({ ...s })),
    decidedAt: record.decidedAt === null ? null : iso(record.decidedAt),
    decidedBy: record.decidedBy,
    note: record.note,
  };
}
