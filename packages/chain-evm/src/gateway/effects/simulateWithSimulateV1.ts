import { RpcError } from '../../errors/RpcError.js';
import { decodeRevertReason } from '../steps/decodeRevertReason.js';
import type { Hex } from '../types.js';
import { callUnlessUnsupported } from './callUnlessUnsupported.js';
import type { EffectsSimulationResult, EffectsSimulator } from './EffectsSimulator.js';
import { parseTransferLog } from './parseTransferLog.js';
import type { AssetTransfer } from './SimulatedEffects.js';

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Simulates the exact transaction with `eth_simulateV1` at `pending`, `traceTransfers: true` (native value moves
 * come back as `Transfer` logs of `0xeeee…eeee`) and `validation: false` (no fee or nonce checks: the effects and
 * the gas used are what is asked). One request. The `prelude` calls (an approval the action needs first) run before
 * it in the same block, state carried; one of them reverting is a revert of the whole, and only the transaction's
 * own logs and gas are answered. A call that reverts is a revert; an answer that is not one block with one call per
 * call sent is a malformed answer (`RpcError` `RPC_ERROR`), never "no effects".
 *
 * @example
 * ```ts
 * const result = await simulateWithSimulateV1({ provider, chainId, from, to, data, value, timeoutMs: 8_000 });
 * if (result.kind === 'effects') result.effects.transfers; // [{ token, from, to, amount }, …]
 * ```
 */
export const simulateWithSimulateV1: EffectsSimulator = async ({
  provider,
  chainId,
  from,
  to,
  data,
  value,
  timeoutMs,
  prelude = [],
}): Promise<EffectsSimulationResult> => {
  const method = 'eth_simulateV1';
  const answer = await callUnlessUnsupported({
    provider,
    chainId,
    method,
    params: [
      {
        blockStateCalls: [
          {
            calls: [...prelude, { to, data, value }].map((call) => ({
              from,
              to: call.to,
              data: call.data,
              value: `0x${call.value.toString(16)}`,
            })),
          },
        ],
        traceTransfers: true,
        validation: false,
      },
      'pending',
    ],
    timeoutMs,
  });
  if (answer.kind === 'unsupported') return answer;
  const malformed = (details: string) => new RpcError('RPC_ERROR', { chainId, method, details });
  const blocks = answer.result;
  if (!Array.isArray(blocks) || blocks.length !== 1) throw malformed('not one simulated block');
  const calls = (blocks[0] as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls) || calls.length !== prelude.length + 1) {
    throw malformed('not one simulated call per call sent');
  }
  for (const [i, before] of (calls.slice(0, prelude.length) as { status?: unknown }[]).entries()) {
    if (before?.status === '0x1') continue;
    if (before?.status !== '0x0') throw malformed('a call status that is neither 0x1 nor 0x0');
    return {
      kind: 'reverted',
      reason: `the call simulated before it (${prelude[i]?.to}) reverts`,
      revertData: '0x',
    };
  }
  const call = calls[prelude.length] as {
    status?: unknown;
    gasUsed?: unknown;
    logs?: unknown;
    returnData?: unknown;
    error?: { message?: unknown; data?: unknown } | null;
  };
  if (call.status === '0x0') {
    const raw = call.error?.data ?? call.returnData;
    const revertData = (typeof raw === 'string' && HEX.test(raw) ? raw : '0x') as Hex;
    const reason = decodeRevertReason(revertData);
    return { kind: 'reverted', reason, revertData };
  }
  if (call.status !== '0x1') throw malformed('a call status that is neither 0x1 nor 0x0');
  if (typeof call.gasUsed !== 'string' || !QUANTITY.test(call.gasUsed)) throw malformed('no gasUsed');
  if (!Array.isArray(call.logs)) throw malformed('no logs');
  const transfers: AssetTransfer[] = [];
  for (const log of call.logs as { address?: unknown; topics?: unknown; data?: unknown }[]) {
    const transfer = parseTransferLog(log ?? {});
    if (transfer !== null) transfers.push(transfer);
  }
  return { kind: 'effects', effects: { source: method, gasUsed: BigInt(call.gasUsed), transfers } };
};
