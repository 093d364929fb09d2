import type { EvidenceField } from './types.js';

/**
 * Core fields per chain kind: `coverage` is the share of these that are known, and the score is capped at
 * `floor(coverage × 100)` — a report built on nothing can never read as safe.
 *
 * @example
 * ```ts
 * CORE_FIELDS.evm.includes('isHoneypot'); // true
 * ```
 */
export const CORE_FIELDS: Readonly<Record<'evm' | 'solana', readonly EvidenceField[]>> = Object.freeze({
  evm: Object.freeze([
    'isHoneypot',
    'buyTax',
    'sellTax',
    'cannotSellAll',
    'isOpenSource',
    'isProxy',
    'isMintable',
    'ownerChangeBalance',
    'hiddenOwner',
    'canTakeBackOwnership',
    'selfDestruct',
    'transferPausable',
    'isBlacklisted',
    'liquidityUsd',
  ] as const),
  solana: Object.freeze([
    'isHoneypot',
    'isMintable',
    'isFreezable',
    'hasPermanentDelegate',
    'nonTransferable',
    'hasTransferHook',
    'defaultAccountFrozen',
    'transferFeeBps',
    'liquidityUsd',
  ] as const),
});
