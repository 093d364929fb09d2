import type { DcaExecution } from '../DcaExecutor.js';
import { DcaExecutorError } from '../errors/DcaExecutorError.js';
import { priceOf } from '../price/priceOf.js';
import type { DcaFill } from '../types.js';

const MAX = 2n ** 256n;
const isAmount = (v: unknown): v is bigint => typeof v === 'bigint' && v >= 0n && v < MAX;
const isOptionalText = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.length > 0 && v.length <= 256);
const isCode = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_.:-]{1,100}$/.test(v);

function bad(why: string): never {
  throw new DcaExecutorError('DCA_EXECUTOR_ERROR', `The executor returned an invalid result: ${why}.`);
}

/**
 * The fill after the executor reported `execution` for it. Checks the result first (it is foreign input): a
 * filled or pending fill spent more than 0 and at most what was asked, amounts are bigints, codes are strings.
 * Throws `DCA_EXECUTOR_ERROR` for anything else, and the fill stays as it was.
 */
export function fillFromExecution(fill: DcaFill, execution: DcaExecution, now: number): DcaFill {
  if (typeof execution !== 'object' || execution === null) bad('not an object');
  const e = execution as Record<string, unknown>;
  if (!isOptionalText(e['executionId'])) bad('executionId');
  if (!isOptionalText(e['txHash'])) bad('txHash');
  if (e['feeWei'] !== undefined && e['feeWei'] !== null && !isAmount(e['feeWei'])) bad('feeWei');
  const executionId = (e['executionId'] as string | null | undefined) ?? fill.executionId;
  const txHash = (e['txHash'] as string | null | undefined) ?? fill.txHash;
  const feeWei = (e['feeWei'] as bigint | null | undefined) ?? null;
  const base = { ...fill, updatedAt: now, executionId, txHash };
  switch (execution.status) {
    case 'filled':
    case 'pending': {
      const { amountIn } = execution;
      if (!isAmount(amountIn) || amountIn === 0n || amountIn > fill.amountIn) bad('amountIn');
      if (execution.status === 'pending') {
        return Object.freeze({ ...base, status: 'pending', code: null, reason: null, amountIn });
      }
      const { amountOut } = execution;
      if (!isAmount(amountOut)) bad('amountOut');
      if (typeof txHash !== 'string') bad('a filled fill needs its txHash');
      const blockNumber = e['blockNumber'] ?? null;
      const blockHash = e['blockHash'] ?? null;
      if (blockNumber !== null && (!Number.isSafeInteger(blockNumber) || (blockNumber as number) < 0)) {
        bad('blockNumber');
      }
      if (blockHash !== null && (typeof blockHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(blockHash))) {
        bad('blockHash');
      }
      return Object.freeze({
        ...base,
        status: 'filled',
        code: null,
        reason: null,
        amountIn,
        amountOut,
        price: priceOf({ amountIn, amountOut }),
        feeWei,
        blockNumber: blockNumber as number | null,
        blockHash: blockHash as string | null,
      });
    }
    case 'blocked':
    case 'failed': {
      if (!isCode(execution.code)) bad('code');
      if (typeof execution.reason !== 'string') bad('reason');
      return Object.freeze({
        ...base,
        status: execution.status,
        code: execution.code,
        reason: execution.reason.slice(0, 2000),
        feeWei: execution.status === 'failed' ? feeWei : null,
      });
    }
    default:
      return bad(`unknown status ${String(e['status'])}`);
  }
}
