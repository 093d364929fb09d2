import { DEVNET_B_CHAIN_ID, DEVNET_CHAIN_ID } from './constants.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { type StartDevnetParameters, type StartDevnetReturnType, startDevnet } from './startDevnet.js';

/** Parameters of {@link startDevnetPair}: as {@link startDevnet}'s, for both chains (their chain ids are fixed). */
export type StartDevnetPairParameters = Omit<StartDevnetParameters, 'chainId'>;

/** Return type of {@link startDevnetPair}. */
export interface StartDevnetPairReturnType {
  /** The devnet, chain id 31337 (`DEVNET_CHAIN_ID`): the bridge's usual source chain. */
  a: StartDevnetReturnType;
  /** `devnet-b`, chain id 31338 (`DEVNET_B_CHAIN_ID`): same layout at the same addresses, its own state. */
  b: StartDevnetReturnType;
  /** Stops both chains (idempotent). */
  stop(): Promise<void>;
}

/**
 * Starts the devnet and `devnet-b` side by side: two independent anvil chains (31337 and 31338) with the same layout
 * at the same addresses, the devnet bridge on each. If either fails to start, the other is stopped before the error
 * is thrown: nothing is left running.
 *
 * @example
 * ```ts
 * import { startDevnetPair } from '@org/devnet';
 * const { a, b, stop } = await startDevnetPair();
 * console.log(a.manifest.chainId, b.manifest.chainId, a.manifest.contracts.devnetBridge === b.manifest.contracts.devnetBridge);
 * await stop();
 * ```
 */
export async function startDevnetPair(
  parameters: StartDevnetPairParameters = {},
): Promise<StartDevnetPairReturnType> {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new InvalidParameterError('parameters', 'must be an object');
  }
  if ('chainId' in parameters) {
    throw new InvalidParameterError('chainId', 'is fixed for a pair (31337 and 31338)');
  }
  const started = await Promise.allSettled([
    startDevnet({ ...parameters, chainId: DEVNET_CHAIN_ID }),
    startDevnet({ ...parameters, chainId: DEVNET_B_CHAIN_ID }),
  ]);
  const [a, b] = started;
  if (a?.status !== 'fulfilled' || b?.status !== 'fulfilled') {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    throw failed?.reason;
  }
  return {
    a: a.value,
    b: b.value,
    stop: async () => {
      await Promise.all([a.value.stop(), b.value.stop()]);
    },
  };
}
