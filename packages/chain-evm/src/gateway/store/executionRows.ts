// Mapping between execution records and the rows of `gateway_executions` / `gateway_transactions`.
import { StoreError } from '../../errors/StoreError.js';
import type { Address } from '../../chains/chains.js';
import type {
  BroadcastTransaction,
  ExecutionAction,
  ExecutionIntentSummary,
  ExecutionRecord,
  ExecutionStatus,
  Hex,
} from '../types.js';
import { EXECUTION_ACTIONS, EXECUTION_STATUSES } from './storeInput.js';

export interface ExecutionRow {
  id: string;
  created_at: number;
  updated_at: number;
  chain_id: number;
  action: string;
  from_address: string;
  to_address: string;
  intent: string;
  status: string;
  code: string | null;
  reason: string | null;
  value_wei: string | null;
  reservation_id: string | null;
  nonce: number | null;
  mined_hash: string | null;
  block_number: number | null;
  fee_wei: string | null;
  idempotency_key: string | null;
  result: string | null;
  version: number;
  fee_reserved_wei: string | null;
  nonce_gone_since_block: number | null;
  cancel_requested_at: number | null;
  cancel_requested_by: string | null;
  block_hash: string | null;
}

/** The columns of `gateway_executions`, in the order {@link executionColumns} gives their values. */
export const EXECUTION_COLUMN_NAMES: readonly string[] = [
  'id',
  'created_at',
  'updated_at',
  'chain_id',
  'action',
  'from_address',
  'to_address',
  'intent',
  'status',
  'code',
  'reason',
  'value_wei',
  'reservation_id',
  'nonce',
  'mined_hash',
  'block_number',
  'fee_wei',
  'idempotency_key',
  'result',
  'version',
  'fee_reserved_wei',
  'nonce_gone_since_block',
  'cancel_requested_at',
  'cancel_requested_by',
  'block_hash',
];

export interface TransactionRow {
  execution_id: string;
  position: number;
  hash: string;
  raw: string;
  nonce: number;
  gas_limit: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string | null;
  signed_at: number;
}

function corrupt(what: string, id: string): StoreError {
  return new StoreError('STORE_FAILURE', 'A gateway row is corrupt.', {
    details: `${what} of execution ${id}`,
  });
}

function amount(text: string, what: string, id: string): bigint {
  if (!/^(?:0|[1-9][0-9]*)$/.test(text)) throw corrupt(what, id);
  return BigInt(text);
}

function nullableAmount(text: string | null, what: string, id: string): bigint | null {
  return text === null ? null : amount(text, what, id);
}

function json(text: string, what: string, id: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw corrupt(what, id);
}

/** Column values of an INSERT into `gateway_executions`, in the order of {@link EXECUTION_COLUMN_NAMES}. */
export function executionColumns(r: ExecutionRecord): unknown[] {
  return [
    r.id,
    r.createdAt,
    r.updatedAt,
    r.chainId,
    r.action,
    r.from,
    r.to,
    JSON.stringify(r.intent),
    r.status,
    r.code,
    r.reason,
    r.valueWei?.toString() ?? null,
    r.reservationId,
    r.nonce,
    r.minedHash,
    r.blockNumber,
    r.feeWei?.toString() ?? null,
    r.idempotencyKey,
    r.result === null ? null : JSON.stringify(r.result),
    r.version,
    r.feeReservedWei?.toString() ?? null,
    r.nonceGoneSinceBlock,
    r.cancelRequestedAt,
    r.cancelRequestedBy,
    r.blockHash,
  ];
}

/** Column values of an INSERT into `gateway_transactions`, in table order. */
export function transactionColumns(
  executionId: string,
  position: number,
  t: BroadcastTransaction,
): unknown[] {
  return [
    executionId,
    position,
    t.hash,
    t.raw,
    t.nonce,
    t.gasLimit.toString(),
    t.maxFeePerGas.toString(),
    t.maxPriorityFeePerGas?.toString() ?? null,
    t.signedAt,
  ];
}

/** The record of `row` with its transactions (`transactions` in position order); a corrupt value throws. */
export function toExecutionRecord(
  row: ExecutionRow,
  transactions: readonly TransactionRow[],
): ExecutionRecord {
  const id = row.id;
  if (!(EXECUTION_STATUSES as readonly string[]).includes(row.status)) throw corrupt('status', id);
  if (!(EXECUTION_ACTIONS as readonly string[]).includes(row.action)) throw corrupt('action', id);
  return {
    id,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    chainId: row.chain_id,
    action: row.action as ExecutionAction,
    from: row.from_address as Address,
    to: row.to_address as Address,
    intent: json(row.intent, 'intent', id) as unknown as ExecutionIntentSummary,
    status: row.status as ExecutionStatus,
    code: row.code,
    reason: row.reason,
    valueWei: nullableAmount(row.value_wei, 'valueWei', id),
    feeReservedWei: nullableAmount(row.fee_reserved_wei, 'feeReservedWei', id),
    reservationId: row.reservation_id,
    nonce: row.nonce,
    transactions: transactions.map((t) => ({
      hash: t.hash as Hex,
      raw: t.raw as Hex,
      nonce: t.nonce,
      gasLimit: amount(t.gas_limit, 'gasLimit', id),
      maxFeePerGas: amount(t.max_fee_per_gas, 'maxFeePerGas', id),
      maxPriorityFeePerGas: nullableAmount(t.max_priority_fee_per_gas, 'maxPriorityFeePerGas', id),
      signedAt: t.signed_at,
    })),
    minedHash: row.mined_hash as Hex | null,
    blockNumber: row.block_number,
    blockHash: (row.block_hash ?? null) as Hex | null,
    feeWei: nullableAmount(row.fee_wei, 'feeWei', id),
    idempotencyKey: row.idempotency_key,
    result: row.result === null ? null : json(row.result, 'result', id),
    nonceGoneSinceBlock: row.nonce_gone_since_block,
    cancelRequestedAt: row.cancel_requested_at,
    cancelRequestedBy: row.cancel_requested_by,
  };
}
