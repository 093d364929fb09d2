import { RpcError } from '../../errors/RpcError.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Address } from '../../chains/chains.js';
import type { Hex } from '../types.js';
import { decodeRevertReason } from './decodeRevertReason.js';

/**
 * Gas limit margin over `eth_estimateGas`, in basis points (+25%): a plain estimate fails ~1–2% of Uniswap swaps
 * on the devnet when they are mined a second later (extra storage writes), and real chains behave the same.
 */
export const GAS_MARGIN_BPS = 2_500n;

/** Parameters of {@link simulateTransaction}. */
export interface SimulateTransactionParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly timeoutMs?: number;
}

/** Result of {@link simulateTransaction}. */
export type SimulateTransactionReturnType =
  | { readonly ok: true; readonly gasEstimate: bigint; readonly gasLimit: bigint }
  | { readonly ok: false; readonly reason: string; readonly revertData: Hex | null };

/**
 * Simulates the exact transaction with `eth_estimateGas` against the pending state: it executes the call, so a
 * revert is found (with its decoded reason) and, when it does not revert, the gas it needs. The limit is the
 * estimate plus {@link GAS_MARGIN_BPS}. A node that cannot be reached, times out or answers garbage is NOT a revert:
 * that throws a typed `RpcError` (fail closed, nothing is signed).
 *
 * @example
 * ```ts
 * const sim = await simulateTransaction({ provider, chainId, from, to, data, value: 0n });
 * if (!sim.ok) console.log(sim.reason); // 'UniswapV2Router: EXPIRED'
 * ```
 */
export async function simulateTransaction({
  provider,
  chainId,
  from,
  to,
  data,
  value,
  timeoutMs = 8_000,
}: SimulateTransactionParameters): Promise<SimulateTransactionReturnType> {
  const tx = { from, to, data, value: `0x${value.toString(16)}` };
  let raw: unknown;
  let deadline: NodeJS.Timeout | undefined;
  try {
    raw = await Promise.race([
      provider.send('eth_estimateGas', [tx, 'pending']),
      new Promise((_, reject) => {
        deadline = setTimeout(
          () =>
            reject(
              new RpcError('RPC_TIMEOUT', { chainId, method: 'eth_estimateGas', details: `${timeoutMs} ms` }),
            ),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    const revert = revertOf(error);
    if (revert !== undefined) return { ok: false, reason: decodeRevertReason(revert), revertData: revert };
    if (error instanceof RpcError) throw error;
    throw new RpcError(
      // Same reading as `rpcCall`: a node that cannot be reached (or answers HTTP 5xx) is unavailable.
      /ECONN|fetch failed|socket|SERVER_ERROR|NETWORK_ERROR/i.test(
        `${String((error as { code?: unknown })?.code)} ${String((error as Error)?.message)}`,
      )
        ? 'RPC_UNAVAILABLE'
        : 'RPC_ERROR',
      {
        chainId,
        method: 'eth_estimateGas',
        details: 'the node failed the simulation without a revert',
      },
    );
  } finally {
    clearTimeout(deadline);
  }
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(raw)) {
    throw new RpcError('RPC_ERROR', {
      chainId,
      method: 'eth_estimateGas',
      details: 'malformed gas estimate',
    });
  }
  const gasEstimate = BigInt(raw);
  return { ok: true, gasEstimate, gasLimit: (gasEstimate * (10_000n + GAS_MARGIN_BPS) + 9_999n) / 10_000n };
}

/**
 * The revert data of a failed estimate, or undefined when the failure is not an execution revert. Nodes answer a
 * revert as JSON-RPC error 3 ("execution reverted", with `data`) — anvil and geth do; ethers wraps it as
 * CALL_EXCEPTION with `data`.
 */
function revertOf(error: unknown): Hex | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const x = e as {
      code?: unknown;
      data?: unknown;
      message?: unknown;
      error?: unknown;
      info?: { error?: unknown };
    };
    const message = typeof x.message === 'string' ? x.message : '';
    const isRevert =
      x.code === 3 || x.code === 'CALL_EXCEPTION' || /execution reverted|revert/i.test(message);
    if (isRevert) {
      if (typeof x.data === 'string' && /^0x[0-9a-fA-F]*$/.test(x.data)) return x.data as Hex;
      const inner = (x.error ?? x.info?.error) as { data?: unknown } | undefined;
      if (typeof inner?.data === 'string') return inner.data as Hex;
      return '0x';
    }
    e = x.error ?? x.info?.error;
  }
  return undefined;
}
