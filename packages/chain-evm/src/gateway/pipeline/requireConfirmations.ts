import { ConfirmationError } from '../../errors/ConfirmationError.js';
import type { ConfirmationStore } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The confirmations store; throws `CONFIRMATION_NOT_CONFIGURED` when the gateway has none.
 *
 * @example
 * ```ts
 * await requireConfirmations(ctx).insert(confirmation);
 * ```
 */
export function requireConfirmations(ctx: GatewayContext): ConfirmationStore {
  if (!ctx.confirmations) {
    throw new ConfirmationError('CONFIRMATION_NOT_CONFIGURED', 'No confirmations store is configured.');
  }
  return ctx.confirmations;
}
