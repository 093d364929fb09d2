import type { RecoverNonceOutboxReturnType } from '../nonces/recoverNonceOutbox.js';
import type { GatewayContext } from './GatewayContext.js';
import { killSwitchStep } from './killSwitchStep.js';
import { outboxDecision } from './outboxDecision.js';
import { signSelfTransfer } from './signSelfTransfer.js';

/**
 * The reconciler's pass over the durable nonce outbox (nothing when the nonce manager keeps no outbox): for each
 * chain of the gateway, {@link outboxDecision} decides every kept row above the chain's mined count — the stored
 * bytes broadcast again by whichever instance runs it, or the nonce filled with a 0-value transfer to self at the
 * fees the network asks now (a `nonce-filled` event). A chain whose node fails is left for the next pass. Emits
 * `nonce-chain-ahead` when the chain's pending count is above every nonce handed out (another signer of the key).
 *
 * @example
 * ```ts
 * await outboxPass(ctx);
 * ```
 */
export async function outboxPass(ctx: GatewayContext): Promise<RecoverNonceOutboxReturnType[]> {
  const recover = ctx.nonces.recover;
  if (!recover) return [];
  const killed = (await killSwitchStep(ctx, 'signing')) !== null;
  const done: RecoverNonceOutboxReturnType[] = [];
  for (const chain of ctx.chains) {
    try {
      const provider = await ctx.provider(chain.id);
      const result = await recover.call(ctx.nonces, {
        chainId: chain.id,
        address: ctx.address,
        decide: (row) => outboxDecision(ctx, row, { killed }),
        fill: async (nonce) => {
          const fees = await ctx.steps.estimateFees({ provider, chain });
          const tx = await signSelfTransfer(ctx, { chainId: chain.id, nonce, fees });
          ctx.emit({ type: 'nonce-filled', executionId: null, chainId: chain.id, nonce, hash: tx.hash });
          return tx;
        },
      });
      if (result.chainAhead)
        ctx.emit({ type: 'nonce-chain-ahead', chainId: chain.id, latest: result.latest });
      done.push(result);
    } catch {
      // The node or the store failed: the next pass looks again.
    }
  }
  return done;
}
