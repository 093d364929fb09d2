import type { ChainInfo, ExecutionRecord } from '@org/chain-evm';
import { formatEther } from '@org/governor';
import type { ExecutionDto } from '../dto/execution.js';

const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });

/**
 * The HTTP view of an execution record (amounts as decimal strings, times as ISO 8601). No secret is in a record.
 *
 * @example
 * ```ts
 * const dto = toExecutionDto(record, registry);
 * ```
 */
export function toExecutionDto(record: ExecutionRecord, registry: readonly ChainInfo[]): ExecutionDto {
  const chain = registry.find((c) => c.id === record.chainId);
  const minedHash = record.minedHash ?? null;
  return {
    id: record.id,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    chain: { id: record.chainId, name: chain?.name ?? String(record.chainId) },
    action: record.action,
    description: record.intent.description,
    from: record.from,
    to: record.to,
    status: record.status,
    code: record.code,
    reason: record.reason,
    nativeValue: eth(BigInt(record.intent.value)),
    spends: record.intent.spends.map((t) => ({ ...t })),
    acquires: record.intent.acquires.map((t) => ({ ...t })),
    charged: record.valueWei === null ? null : eth(record.valueWei),
    nonce: record.nonce,
    transactions: record.transactions.map((t) => ({
      hash: t.hash,
      nonce: t.nonce,
      gasLimit: t.gasLimit.toString(),
      maxFeePerGas: t.maxFeePerGas.toString(),
      maxPriorityFeePerGas: t.maxPriorityFeePerGas === null ? null : t.maxPriorityFeePerGas.toString(),
      signedAt: new Date(t.signedAt).toISOString(),
    })),
    txHash: minedHash ?? record.transactions.at(-1)?.hash ?? null,
    blockNumber: record.blockNumber,
    blockHash: record.blockHash,
    fee: record.feeWei === null ? null : eth(record.feeWei),
    result: record.result,
  };
}
