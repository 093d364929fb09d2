import type { GatewaySettings } from './gatewayTypes.js';

/**
 * The gateway's documented defaults (what `settings` falls back to).
 *
 * @example
 * ```ts
 * DEFAULT_GATEWAY_SETTINGS.maxPendingPerSender; // 16
 * ```
 */
export const DEFAULT_GATEWAY_SETTINGS: Readonly<GatewaySettings> = Object.freeze({
  receiptTimeoutMs: 60_000,
  replaceAfterMs: 30_000,
  maxReplacements: 3,
  feeCeilingWei: 500_000_000_000n,
  rpcTimeoutMs: 8_000,
  confirmMode: { kind: 'off' } as const,
  confirmTtlMs: 600_000,
  nonceConsumedAfterBlocks: 3,
  maxPendingPerSender: 16,
  senderWindowWaitMs: 30_000,
  maxValueLossBps: 500,
  interruptPreparingAfterMs: 0,
});
