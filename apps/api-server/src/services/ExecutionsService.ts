import type { ChainInfo, ExecutionRecord, ExecutionStatus, ExecutionStore } from '@org/chain-evm';
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
  readonly #cancel: ((p: { id: string; by: string }) => Promise<ExecutionRecord>) | undefined;

  constructor({
    store,
    registry,
    reconcile,
    cancel,
  }: {
    store: ExecutionStore;
    registry: readonly ChainInfo[];
    /** Settles what can be settled (pending executions whose transaction was mined meanwhile). */
    reconcile?: () => Promise<unknown>;
    /** The gateway's operator cancel (absent without a wallet). */
    cancel?: (p: { id: string; by: string }) => Promise<ExecutionRecord>;
  }) {
    this.#store = store;
    this.#registry = registry;
    this.#reconcile = reconcile;
    this.#cancel = cancel;
  }

  /**
   * `POST /executions/{id}/cancel` (operator): a same-nonce cancel of a stuck execution — a 0-value transfer to the
   * wallet itself at a higher fee; the one thing sent while the kill switch is engaged. Answers the execution with
   * the cancel among its transactions (follow it until it settles `cancelled`, or `confirmed` if the action won).
   */
  async cancel(id: string): Promise<ExecutionDto> {
    if (!this.#cancel) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    try {
      return toExecutionDto(await this.#cancel({ id, by: 'operator-key' }), this.#registry);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const detail = (error as { shortMessage?: unknown }).shortMessage;
      const say = typeof detail === 'string' ? detail : undefined;
      if (code === 'EXECUTION_NOT_FOUND') throw new ApiProblem(404, code, 'No execution with this id');
      if (code === 'EXECUTION_NOT_CANCELLABLE' || code === 'EXECUTION_CONFLICT')
        throw new ApiProblem(409, code, 'This execution has no pending nonce to cancel', say);
      if (code === 'CANCEL_ABOVE_FEE_CEILING' || code === 'CANCEL_FEE_NOT_RESERVED')
        throw new ApiProblem(409, code, 'The cancel cannot be paid for', say);
      if (code === 'CANCEL_NOT_SENT') throw new ApiProblem(503, code, 'The node refused the cancel', say);
      throw error;
    }
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
