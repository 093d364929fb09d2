import type { Wallet } from 'ethers';
import type { Address } from '../../chains/chains.js';
import { DEFAULT_GATEWAY_SETTINGS } from '../defaultGatewaySettings.js';
import type { ExecutionGatewayParameters } from '../gatewayTypes.js';
import { SenderWindow } from '../SenderWindow.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/** Parameters of {@link createGatewayContext}. */
export interface CreateGatewayContextParameters {
  /** What the gateway was constructed with. */
  readonly parameters: ExecutionGatewayParameters;
  /** The wallet made from the key (kept by the gateway; only its `signTransaction` reaches the steps). */
  readonly wallet: Wallet;
  /** Called (at most once a second) while an execution waits for a slot of the in-flight window. */
  readonly onWindowWait?: () => void;
}

/**
 * The context the pipeline's steps share, from the gateway's parameters: settings over their documented defaults,
 * `Date.now` and random UUIDs unless given, the in-flight window counting the signed and pending executions of the
 * store, and a signer over the wallet (EIP-1559 or legacy, from the fee quote).
 *
 * @example
 * ```ts
 * const ctx = createGatewayContext({ parameters, wallet: new Wallet(parameters.privateKey) });
 * ```
 */
export function createGatewayContext({
  parameters: p,
  wallet,
  onWindowWait,
}: CreateGatewayContextParameters): GatewayContext {
  const address = wallet.address as Address;
  const settings = { ...DEFAULT_GATEWAY_SETTINGS, ...p.settings };
  if (
    !Number.isInteger(settings.maxValueLossBps) ||
    settings.maxValueLossBps < 0 ||
    settings.maxValueLossBps > 10_000
  ) {
    throw new RangeError(
      `maxValueLossBps must be an integer from 0 to 10000, not ${settings.maxValueLossBps}`,
    );
  }
  const clock = p.clock ?? Date.now;
  let lastNudge = Number.NEGATIVE_INFINITY;
  const window = new SenderWindow({
    maxPending: settings.maxPendingPerSender,
    waitMs: settings.senderWindowWaitMs,
    clock,
    countUnmined: async ({ chainId }) =>
      (await p.store.listUnsettled()).filter(
        (r) =>
          r.chainId === chainId &&
          r.from.toLowerCase() === address.toLowerCase() &&
          (r.status === 'signed' || r.status === 'pending'),
      ).length,
    // Executions left pending by an earlier request hold slots until the reconciler settles them: while someone
    // waits, let it look (at most once a second).
    onWaiting: () => {
      const at = clock();
      if (onWindowWait === undefined || at - lastNudge < 1_000) return;
      lastNudge = at;
      onWindowWait();
    },
  });
  return {
    address,
    chains: p.chains,
    provider: p.provider,
    governor: p.governor,
    tokenSafety: p.tokenSafety,
    store: p.store,
    confirmations: p.confirmations,
    approvals: p.approvals,
    nonces: p.nonces,
    steps: p.steps,
    actions: p.actions,
    settings,
    clock,
    createId: p.createId ?? (() => globalThis.crypto.randomUUID()),
    describeResult: p.describeResult,
    emit: (event) => p.onEvent?.(event),
    window,
    signTransaction: async ({ chainId, nonce, to, data, value, gasLimit, fees }) => {
      const base = { chainId, nonce, to, data, value, gasLimit };
      const raw =
        fees.kind === 'eip1559'
          ? await wallet.signTransaction({
              ...base,
              type: 2,
              maxFeePerGas: fees.maxFeePerGas,
              maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
            })
          : await wallet.signTransaction({ ...base, type: 0, gasPrice: fees.gasPrice });
      return raw as Hex;
    },
  };
}
