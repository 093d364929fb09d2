import type { Address } from '../../chains/chains.js';
import { RpcError } from '../../errors/RpcError.js';
import { decodeRevertReason } from '../steps/decodeRevertReason.js';
import type { Hex } from '../types.js';
import { callUnlessUnsupported } from './callUnlessUnsupported.js';
import type { EffectsSimulationResult, EffectsSimulator } from './EffectsSimulator.js';
import { parseTransferLog } from './parseTransferLog.js';
import { type AssetTransfer, NATIVE_ASSET } from './SimulatedEffects.js';

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Frames that move their `value` from `from` to `to` (a DELEGATECALL's value is its caller's, not a transfer). */
const VALUE_MOVING = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

interface Frame {
  readonly type?: unknown;
  readonly from?: unknown;
  readonly to?: unknown;
  readonly value?: unknown;
  readonly error?: unknown;
  readonly gasUsed?: unknown;
  readonly output?: unknown;
  readonly logs?: unknown;
  readonly calls?: unknown;
}

/** The asset movements of a frame that did not revert, and of its sub-frames that did not either, in call order. */
function collect(frame: Frame, out: AssetTransfer[]): void {
  if (frame.error !== undefined && frame.error !== null) return; // reverted: nothing in it happened
  const type = typeof frame.type === 'string' ? frame.type.toUpperCase() : '';
  if (
    VALUE_MOVING.has(type) &&
    typeof frame.value === 'string' &&
    QUANTITY.test(frame.value) &&
    BigInt(frame.value) > 0n &&
    typeof frame.from === 'string' &&
    ADDRESS.test(frame.from) &&
    typeof frame.to === 'string' &&
    ADDRESS.test(frame.to)
  ) {
    out.push({
      token: NATIVE_ASSET,
      from: frame.from.toLowerCase() as Address,
      to: frame.to.toLowerCase() as Address,
      amount: BigInt(frame.value),
    });
  }
  if (Array.isArray(frame.logs)) {
    for (const log of frame.logs as { address?: unknown; topics?: unknown; data?: unknown }[]) {
      const transfer = parseTransferLog(log ?? {});
      if (transfer !== null) out.push(transfer);
    }
  }
  if (Array.isArray(frame.calls)) for (const sub of frame.calls as Frame[]) collect(sub ?? {}, out);
}

/**
 * Simulates the exact transaction with `debug_traceCall` at `pending` and the call tracer with logs
 * (`withLog: true`): ERC-20 `Transfer` logs and the value of every CALL/CREATE frame, skipping frames that
 * reverted (their effects were undone). The fallback of `eth_simulateV1`; one request. A reverted top frame is a
 * revert; an answer without a top frame's gas is malformed (`RpcError`). A transaction with `prelude` calls is
 * `unsupported` here (one call per trace).
 *
 * @example
 * ```ts
 * const result = await simulateWithTraceCall({ provider, chainId, from, to, data, value, timeoutMs: 8_000 });
 * ```
 */
export const simulateWithTraceCall: EffectsSimulator = async ({
  provider,
  chainId,
  from,
  to,
  data,
  value,
  timeoutMs,
  prelude = [],
}): Promise<EffectsSimulationResult> => {
  // One call per trace: an action that needs an approval first cannot be traced with it (eth_simulateV1 can).
  if (prelude.length > 0) return { kind: 'unsupported' };
  const method = 'debug_traceCall';
  const answer = await callUnlessUnsupported({
    provider,
    chainId,
    method,
    params: [
      { from, to, data, value: `0x${value.toString(16)}` },
      'pending',
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ],
    timeoutMs,
  });
  if (answer.kind === 'unsupported') return answer;
  const top = answer.result as Frame | null;
  if (top === null || typeof top !== 'object') {
    throw new RpcError('RPC_ERROR', { chainId, method, details: 'no call frame' });
  }
  if (top.error !== undefined && top.error !== null) {
    const revertData = (typeof top.output === 'string' && HEX.test(top.output) ? top.output : '0x') as Hex;
    return { kind: 'reverted', reason: decodeRevertReason(revertData), revertData };
  }
  if (typeof top.gasUsed !== 'string' || !QUANTITY.test(top.gasUsed)) {
    throw new RpcError('RPC_ERROR', { chainId, method, details: 'no gasUsed' });
  }
  const transfers: AssetTransfer[] = [];
  collect(top, transfers);
  return { kind: 'effects', effects: { source: method, gasUsed: BigInt(top.gasUsed), transfers } };
};
