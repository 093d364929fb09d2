import type { ChainInfo, ExecuteReturnType, ExecutionRecord } from '@org/chain-evm';
import type { YieldCompoundDto } from '../dto/yieldCompound.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { executionHttpStatus } from '../services/executionHttpStatus.js';
import { toConfirmationDto } from '../services/toConfirmationDto.js';
import { toExecutionDto } from '../services/toExecutionDto.js';
import { checkDepositShares } from './checkDepositShares.js';

/** Parameters of {@link compoundAnswer}. */
export interface CompoundAnswerParameters {
  /** The last execution run: the deposit, or the approval when it did not confirm. */
  executed: ExecuteReturnType;
  approval: ExecutionRecord | null;
  known: Pick<YieldCompoundDto, 'chain' | 'vault' | 'amount' | 'value' | 'economics' | 'preflight'>;
  /** The fewest shares the deposit must have minted (the preview, or the request's `minShares` when higher). */
  minShares: bigint;
  registry: readonly ChainInfo[];
}

/**
 * The answer of `POST /yield/compound` once something was executed: 200 for a confirmed deposit whose shares minted
 * pass {@link checkDepositShares} (else 502 `DEPOSIT_SHARES_SHORT` / `DEPOSIT_SHARES_UNVERIFIED` with the execution),
 * 202 for a pending or held deposit or approval; every refusal is thrown as the execution's problem
 * (`executionHttpStatus`: the governor's and the gateway's codes, with `executionId`).
 *
 * @example
 * ```ts
 * return compoundAnswer({ executed: await gateway.execute(depositIntent), approval, known, minShares, registry });
 * ```
 */
export function compoundAnswer({
  executed,
  approval,
  known,
  minShares,
  registry,
}: CompoundAnswerParameters): { status: number; body: YieldCompoundDto } {
  const { record, confirmation } = executed;
  const execution = toExecutionDto(record, registry);
  const status = executionHttpStatus(record, execution.txHash);
  const isDeposit = record.action === 'deposit';
  let sharesReceived: string | null = null;
  if (isDeposit && record.status === 'confirmed') {
    const check = checkDepositShares({ result: record.result, minShares });
    if (!check.ok) {
      throw new ApiProblem(
        502,
        check.code,
        'The deposit was mined but the shares minted do not match its preview',
        check.reason,
        {
          executionId: record.id,
          txHash: execution.txHash,
          sharesReceived: check.shares?.toString() ?? null,
          minShares: minShares.toString(),
        },
      );
    }
    sharesReceived = check.shares.toString();
  }
  return {
    status,
    body: {
      ...known,
      status:
        isDeposit && record.status === 'confirmed'
          ? 'confirmed'
          : record.status === 'awaiting_confirmation'
            ? 'awaiting_confirmation'
            : 'pending',
      skipReason: null,
      approval: approval ? toExecutionDto(approval, registry) : null,
      execution: isDeposit ? execution : null,
      sharesReceived,
      confirmation: confirmation ? toConfirmationDto(confirmation, registry, record.status) : null,
    },
  };
}
