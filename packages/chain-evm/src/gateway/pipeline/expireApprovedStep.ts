import { ConfirmationError } from '../../errors/ConfirmationError.js';
import type { ExecuteReturnType } from '../gatewayTypes.js';
import { transitionExecution } from '../store/transitionExecution.js';
import type { ConfirmationRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { requireConfirmations } from './requireConfirmations.js';

/**
 * An approved action that nothing ran before its approval expired (approved from the CLI while the server was down,
 * picked up after): it does not run — the confirmation `expired`, its execution `blocked` `CONFIRMATION_EXPIRED`, an
 * `expired` confirmation event.
 *
 * @example
 * ```ts
 * if (ctx.clock() >= approved.expiresAt) return expireApprovedStep(ctx, approved);
 * ```
 */
export async function expireApprovedStep(
  ctx: GatewayContext,
  approved: ConfirmationRecord,
): Promise<ExecuteReturnType> {
  const at = ctx.clock();
  const expired = await requireConfirmations(ctx).transition({
    id: approved.id,
    from: ['approved'],
    to: 'expired',
    at,
  });
  const blocked = expired
    ? await transitionExecution({
        store: ctx.store,
        id: approved.executionId,
        from: ['awaiting_confirmation'],
        patch: {
          status: 'blocked',
          code: 'CONFIRMATION_EXPIRED',
          reason: 'approved, but it could not run before the approval expired',
        },
        at,
      })
    : null;
  const record = blocked ?? (await ctx.store.get(approved.executionId));
  if (!record) throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No execution ${approved.executionId}.`);
  if (expired) {
    ctx.emit({
      type: 'confirmation',
      executionId: approved.executionId,
      confirmationId: approved.id,
      decision: 'expired',
      by: 'expiry',
    });
  }
  return { record, receipt: null };
}
