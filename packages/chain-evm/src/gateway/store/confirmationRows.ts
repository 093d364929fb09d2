// Validation and (de)serialisation of held actions, shared by the memory and SQLite confirmation stores so both
// accept and refuse exactly the same records.
import type { Address } from '../../chains/chains.js';
import type {
  ConfirmationRecord,
  ConfirmationStatus,
  ExecutionIntent,
  HoldReason,
  TokenAmount,
} from '../types.js';
import { checkListParameters } from './checkListParameters.js';
import type { ExecutionCursorPosition } from './executionCursor.js';
import { hex, invalid, nonNegativeInteger, nullableBigint, nullableText, oneOf, text } from './storeInput.js';

export const CONFIRMATION_STATUSES: readonly ConfirmationStatus[] = [
  'pending',
  'approved',
  'running',
  'denied',
  'expired',
];
const HOLD_REASONS: readonly HoldReason[] = [
  'above-threshold',
  'value-unknown',
  'safety-unknown',
  'all',
  'value-grew',
];

/** JSON form of an intent (bigints as decimal strings). */
export function intentToJson(intent: ExecutionIntent): string {
  return JSON.stringify(intent, (_key, value: unknown) =>
    typeof value === 'bigint' ? { $bigint: value.toString() } : value,
  );
}

/** Reads an intent written by {@link intentToJson}. */
export function intentFromJson(json: string): ExecutionIntent {
  const parsed = JSON.parse(json, (_key, value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $bigint?: unknown }).$bigint === 'string'
      ? BigInt((value as { $bigint: string }).$bigint)
      : value,
  ) as ExecutionIntent;
  return checkIntent(parsed);
}

function tokenAmounts(value: unknown, what: string): TokenAmount[] {
  if (!Array.isArray(value)) throw invalid(what);
  return value.map((t: TokenAmount) => {
    if (typeof t !== 'object' || t === null || typeof t.amount !== 'bigint' || t.amount < 0n)
      throw invalid(what);
    return { ...t, token: hex(t.token, `${what} token`, 20) as Address };
  });
}

function checkIntent(intent: ExecutionIntent): ExecutionIntent {
  if (typeof intent !== 'object' || intent === null) throw invalid('intent');
  nonNegativeInteger(intent.chainId, 'intent chainId');
  text(intent.action, 'intent action');
  hex(intent.to, 'intent target', 20);
  hex(intent.data, 'intent calldata');
  if (typeof intent.value !== 'bigint' || intent.value < 0n) throw invalid('intent value');
  tokenAmounts(intent.spends, 'intent spends');
  tokenAmounts(intent.acquires, 'intent acquires');
  if (intent.minimumReceived !== undefined) tokenAmounts(intent.minimumReceived, 'intent minimumReceived');
  const approval = intent.prerequisiteApproval;
  if (approval !== undefined) {
    if (typeof approval !== 'object' || approval === null) throw invalid('intent prerequisiteApproval');
    tokenAmounts([approval], 'intent prerequisiteApproval');
    hex(approval.spender, 'intent prerequisiteApproval spender', 20);
  }
  if (typeof intent.description !== 'string') throw invalid('intent description');
  return intent;
}

/** Validates a whole record (insert); returns a detached copy. */
export function checkConfirmationRecord(record: ConfirmationRecord): ConfirmationRecord {
  if (typeof record !== 'object' || record === null) throw invalid('confirmation');
  text(record.id, 'confirmation id');
  text(record.executionId, 'execution id');
  nonNegativeInteger(record.createdAt, 'createdAt');
  nonNegativeInteger(record.updatedAt, 'updatedAt');
  nonNegativeInteger(record.expiresAt, 'expiresAt');
  oneOf(record.status, CONFIRMATION_STATUSES, 'confirmation status');
  oneOf(record.reason, HOLD_REASONS, 'hold reason');
  text(record.detail, 'detail', 4096);
  nullableBigint(record.valueWei, 'valueWei');
  nullableBigint(record.gasLimit, 'gasLimit');
  nullableBigint(record.approvedValueWei, 'approvedValueWei');
  nullableText(record.idempotencyKey, 'idempotencyKey');
  nullableText(record.decidedBy, 'decidedBy');
  nullableText(record.note, 'note', 1024);
  if (record.decidedAt !== null) nonNegativeInteger(record.decidedAt, 'decidedAt');
  if (!Array.isArray(record.safety)) throw invalid('safety');
  return intentRoundTrip(record);
}

/** A detached deep copy (the intent goes through its JSON form, so what is stored is what is read back). */
export function intentRoundTrip(record: ConfirmationRecord): ConfirmationRecord {
  return {
    ...record,
    intent: intentFromJson(intentToJson(record.intent)),
    safety: record.safety.map((s) => ({ ...s })),
  };
}

/** Validated list parameters of a confirmation store. */
export function checkConfirmationList(parameters: {
  limit: number;
  status?: ConfirmationStatus;
  cursor?: string;
}): { limit: number; status: ConfirmationStatus | null; after: ExecutionCursorPosition | null } {
  const { limit, after } = checkListParameters({
    limit: parameters?.limit,
    ...(parameters?.cursor === undefined ? {} : { cursor: parameters.cursor }),
  } as { limit: number; cursor?: string });
  const status =
    parameters.status === undefined ? null : oneOf(parameters.status, CONFIRMATION_STATUSES, 'status filter');
  return { limit, status, after };
}
