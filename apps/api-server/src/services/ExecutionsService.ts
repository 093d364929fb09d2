import type { ChainInfo, ExecutionStatus, ExecutionStore } from '@org/chain-evm';
import type { ExecutionDto, ExecutionPageDto } from '../dto/execution.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { toExecutionDto } from './toExecutionDto.js';

const STATUSES: readonly ExecutionStatus[] = [
  'preparing',
  'blocked',
  'signed',
  'pending',
  'confirmed',
  'reverted',
  'failed',
  'awaiting_confirmation',
  'cancelled',
];

/**
 * `/executions`: the gateway's history, newest first, and one execution by id — how a client follows a `pending`
 * execution to its end. Reading an unsettled execution first lets the reconciler look at the chain again.
 */
export class ExecutionsService {
  readonly #store: ExecutionStore;
  readonly #registry: readonly ChainInfo[];
  readonly #reconcile: (() => Promise<unknown>) | undefined;

  constructor({
    store,
    registry,
    reconcile,
  }: {
    store: ExecutionStore;
    registry: readonly ChainInfo[];
    /** Settles what can be settled (pending executions whose transaction was mined meanwhile). */
    reconcile?: () => Promise<unknown>;
  }) {
    this.#store = store;
    this.#registry = registry;
    this.#reconcile = reconcile;
  }

  async list({
    limit = 20,
    status,
    cursor,
  }: {
    limit?: number;
    status?: string;
    cursor?: string;
  }): Promise<ExecutionPageDto> {
    const fields: Record<string, string> = {};
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      fields.limit = 'must be an integer from 1 to 100';
    if (status !== undefined && !STATUSES.includes(status as ExecutionStatus)) {
      fields.status = `must be one of ${STATUSES.join(', ')}`;
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    const page = await this.#store.list({
      limit,
      ...(status === undefined ? {} : { status: status as ExecutionStatus }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.items.map((r) => toExecutionDto(r, this.#registry)), nextCursor: page.nextCursor };
  }

  async get(id: string): Promise<ExecutionDto> {
    let record = await this.#store.get(id);
    if (record && (record.status === 'pending' || record.status === 'signed') && this.#reconcile) {
      await this.#reconcile().catch(() => undefined);
      record = await this.#store.get(id);
    }
    if (!record) throw new ApiProblem(404, 'EXECUTION_NOT_FOUND', 'No execution with this id');
    return toExecutionDto(record, this.#registry);
  }
}
