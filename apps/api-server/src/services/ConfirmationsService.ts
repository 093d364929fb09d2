import type {
  ChainInfo,
  ConfirmationRecord,
  ConfirmationStatus,
  ConfirmationStore,
  ExecutionGateway,
  ExecutionRecord,
} from '@org/chain-evm';
import { parseEther } from '@org/governor';
import type {
  ApproveConfirmationRequestDto,
  ConfirmationDecisionDto,
  ConfirmationDto,
  ConfirmationPageDto,
  DenyConfirmationRequestDto,
} from '../dto/confirmation.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { executionHttpStatus } from './executionHttpStatus.js';
import { toConfirmationDto } from './toConfirmationDto.js';
import { toExecutionDto } from './toExecutionDto.js';

const STATUSES = ['pending', 'approved', 'running', 'settled', 'denied', 'expired'] as const;

/** Reads an execution record (the gateway's store). */
export interface ExecutionReader {
  get(id: string): Promise<ExecutionRecord | null>;
}

/**
 * `/confirmations`: the actions the gateway holds for an operator (`CONFIRM_MODE`), and the operator's decisions.
 * Reads first let expired ones expire; approving runs the same execution from fresh checks, answering like every
 * executing endpoint (200 confirmed, 202 pending or held again, 403 blocked…).
 */
export class ConfirmationsService {
  readonly #gateway: ExecutionGateway | undefined;
  readonly #store: ConfirmationStore;
  readonly #registry: readonly ChainInfo[];
  readonly #executions: ExecutionReader | undefined;

  constructor({
    gateway,
    store,
    registry,
    executions,
  }: {
    gateway: ExecutionGateway | undefined;
    store: ConfirmationStore;
    registry: readonly ChainInfo[];
    /** Where the executions are read, so a confirmation's status follows its execution's. */
    executions?: ExecutionReader;
  }) {
    this.#gateway = gateway;
    this.#store = store;
    this.#registry = registry;
    this.#executions = executions;
  }

  /** The DTO, its status following its execution's (read for every confirmation that has run). */
  async #toDto(record: ConfirmationRecord): Promise<ConfirmationDto> {
    const ran = record.status === 'running' || record.status === 'denied' || record.status === 'expired';
    const execution =
      ran || record.status === 'pending' ? await this.#executions?.get(record.executionId) : null;
    return toConfirmationDto(record, this.#registry, execution?.status ?? null);
  }

  async list({
    status,
    limit = 20,
    cursor,
  }: {
    status?: string;
    limit?: number;
    cursor?: string;
  }): Promise<ConfirmationPageDto> {
    const fields: Record<string, string> = {};
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      fields.limit = 'must be an integer from 1 to 100';
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      fields.status = `must be one of ${STATUSES.join(', ')}`;
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    await this.#gateway?.processConfirmations({ runApproved: false });
    // `settled` is a `running` confirmation whose execution ended: the store knows them as `running`.
    const stored = status === 'settled' ? 'running' : (status as ConfirmationStatus | undefined);
    const page = await this.#store.list({
      limit,
      ...(stored === undefined ? {} : { status: stored }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    const items = await Promise.all(page.items.map((r) => this.#toDto(r)));
    return {
      items: status === undefined ? items : items.filter((i) => i.status === status),
      nextCursor: page.nextCursor,
    };
  }

  async get(id: string): Promise<ConfirmationDto> {
    await this.#gateway?.processConfirmations({ runApproved: false });
    const found = await this.#store.get(id);
    if (!found) throw new ApiProblem(404, 'CONFIRMATION_NOT_FOUND', 'No held action with this id');
    return this.#toDto(found);
  }

  async approve(
    id: string,
    body: ApproveConfirmationRequestDto,
  ): Promise<{ status: number; body: ConfirmationDecisionDto }> {
    const gateway = this.#requireGateway();
    const fields: Record<string, string> = {};
    let valueWei: bigint | undefined;
    if (body.value !== undefined) {
      try {
        valueWei = parseEther(body.value);
      } catch {
        fields.value = 'must be a non-negative decimal ETH amount with at most 18 decimals';
      }
    }
    if (body.note !== undefined && body.note.length > 500) fields.note = 'must be at most 500 characters';
    if (Object.keys(fields).length > 0) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
    }
    const outcome = await gateway.approve({
      id,
      by: 'operator-key',
      ...(valueWei === undefined ? {} : { valueWei }),
      ...(body.note === undefined ? {} : { note: body.note }),
    });
    const execution = toExecutionDto(outcome.record, this.#registry);
    const status = executionHttpStatus(outcome.record, execution.txHash);
    const confirmation = (await this.#store.get(id)) ?? undefined;
    if (!confirmation) throw new ApiProblem(404, 'CONFIRMATION_NOT_FOUND', 'No held action with this id');
    return {
      status,
      body: {
        confirmation: toConfirmationDto(confirmation, this.#registry, outcome.record.status),
        execution,
      },
    };
  }

  async deny(id: string, body: DenyConfirmationRequestDto): Promise<ConfirmationDecisionDto> {
    const gateway = this.#requireGateway();
    if (body.note !== undefined && body.note.length > 500) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: { note: 'must be at most 500 characters' },
      });
    }
    const record = await gateway.deny({
      id,
      by: 'operator-key',
      ...(body.note === undefined ? {} : { note: body.note }),
    });
    const confirmation = await this.#store.get(id);
    if (!confirmation) throw new ApiProblem(404, 'CONFIRMATION_NOT_FOUND', 'No held action with this id');
    return {
      confirmation: toConfirmationDto(confirmation, this.#registry, record.status),
      execution: toExecutionDto(record, this.#registry),
    };
  }

  #requireGateway(): ExecutionGateway {
    if (!this.#gateway) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    return this.#gateway;
  }
}
