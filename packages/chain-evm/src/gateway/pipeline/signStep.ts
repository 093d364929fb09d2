import type { ChainInfo } from '../../chains/chains.js';
import type { Refusal } from '../checkPolicy.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { ExecutionMovedError } from '../ExecutionMovedError.js';
import type { BroadcastTransaction, ExecutionIntent, ExecutionRecord, FeeQuote } from '../types.js';
import { broadcastStep } from './broadcastStep.js';
import type { GatewayContext } from './GatewayContext.js';
import { KilledInLaneError } from './KilledInLaneError.js';
import { killSwitchStep } from './killSwitchStep.js';
import { SenderWindowFullError } from '../nonces/SenderWindowFullError.js';
import { signGatewayTransaction } from './signGatewayTransaction.js';
import { signSelfTransfer } from './signSelfTransfer.js';
import { writeExecution } from './writeExecution.js';

/** Parameters of {@link signStep}. */
export interface SignStepParameters {
  readonly record: ExecutionRecord;
  readonly intent: ExecutionIntent;
  readonly chain: ChainInfo;
  readonly provider: RpcSender;
  readonly gasLimit: bigint;
  readonly fees: FeeQuote;
  /** Called once the transaction is recorded (e.g. to give back the in-flight window's slot). */
  readonly onRecorded?: () => void;
  /** True only for the reset to zero of the gateway's own outstanding approval (`isOwnApprovalReset`). */
  readonly passesKillSwitch?: boolean;
}

/**
 * What {@link signStep} answers: what was sent, the kill switch found engaged in the lane (nothing signed), or the
 * send's failure (with the record as last written).
 */
export type SignStepReturnType =
  | { readonly record: ExecutionRecord; readonly sent: BroadcastTransaction }
  | { readonly record: ExecutionRecord; readonly killed: Refusal }
  | {
      readonly record: ExecutionRecord;
      readonly error: unknown;
      /**
       * Whether a signed transaction was handed to the record (the send began) at least once: when not, the error came
       * from the nonce allocation or the signing, and nothing of the execution can be broadcast by anyone.
       */
      readonly handed: boolean;
    };

/**
 * Sign, record, broadcast — inside the nonce manager's lane for the wallet on the chain: the kill switch is read
 * there, immediately before signing (a kill engaged while this send queued behind a slow one stops it: nothing is
 * signed, `killed` is answered); then the intent's exact call with the nonce the manager hands out, the simulated
 * gas limit and the quoted fees; the signed transaction is written on the record (compare-and-set, status `signed`)
 * BEFORE it is broadcast, so a record another writer moved is never sent (that throws {@link ExecutionMovedError});
 * then it is handed to the node. When the chain says the nonce is taken by another sender of the key, the manager
 * moves the nonce up and this runs again (kill switch included) at the new nonce — the same record, reservation and
 * request; each move is an `nonce-resynced` event. A durable manager keeps the signed bytes in its outbox before
 * they are recorded here, and fills a nonce the node refused for good with a 0-value transfer to self
 * ({@link signSelfTransfer}); its shared in-flight window staying full is answered like a kill (`killed`, with
 * `SENDER_WINDOW_FULL`: nothing signed). A failed send is returned for {@link sendFailureStep} to classify.
 *
 * @example
 * ```ts
 * const signed = await signStep(ctx, { record, intent, chain, provider, gasLimit, fees, onRecorded: slot });
 * if ('error' in signed) return sendFailureStep(ctx, { ...signed, reservationId });
 * ```
 */
export async function signStep(ctx: GatewayContext, p: SignStepParameters): Promise<SignStepReturnType> {
  let record = p.record;
  let handed = false;
  try {
    const sent = await ctx.nonces.withNonce({
      chainId: p.chain.id,
      address: ctx.address,
      executionId: record.id,
      sign: async (nonce) => {
        const killed = p.passesKillSwitch === true ? null : await killSwitchStep(ctx, 'signing');
        if (killed) throw new KilledInLaneError(killed);
        return signGatewayTransaction(ctx, {
          chainId: p.chain.id,
          nonce,
          to: p.intent.to,
          data: p.intent.data,
          value: p.intent.value,
          gasLimit: p.gasLimit,
          fees: p.fees,
        });
      },
      send: async (tx) => {
        handed = true;
        record = await writeExecution(ctx, record, { transaction: tx });
        p.onRecorded?.();
        await broadcastStep(ctx, { provider: p.provider, chainId: p.chain.id, raw: tx.raw });
        return tx;
      },
      fill: async (nonce) => {
        const filler = await signSelfTransfer(ctx, { chainId: p.chain.id, nonce, fees: p.fees });
        ctx.emit({
          type: 'nonce-filled',
          executionId: record.id,
          chainId: p.chain.id,
          nonce,
          hash: filler.hash,
        });
        return filler;
      },
      onResync: ({ refused, pending, latest, next, chainAhead }) => {
        if (chainAhead) ctx.emit({ type: 'nonce-chain-ahead', chainId: p.chain.id, latest });
        ctx.emit({
          type: 'nonce-resynced',
          executionId: record.id,
          chainId: p.chain.id,
          refused,
          chainPending: pending,
          chainLatest: latest,
          next,
          chainAhead,
        });
      },
    });
    return { record, sent };
  } catch (error) {
    if (error instanceof ExecutionMovedError) throw error;
    if (error instanceof KilledInLaneError) return { record, killed: error.refusal };
    // The wallet's in-flight window, as the shared nonce row counts it, stayed full: nothing was signed.
    if (error instanceof SenderWindowFullError)
      return { record, killed: { code: 'SENDER_WINDOW_FULL', reason: error.message } };
    return { record, error, handed };
  }
}
