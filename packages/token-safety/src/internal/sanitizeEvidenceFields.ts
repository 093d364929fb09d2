import type { EvidenceField, EvidenceFields } from '../types.js';

type Check = (value: unknown) => boolean;

const isBool: Check = (v) => typeof v === 'boolean';
const isPercent: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;
const isNonNegative: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isCount: Check = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isStringOrNull: Check = (v) => v === null || typeof v === 'string';

/**
 * The runtime shape of every evidence field. Sources are plugged in by applications (and may be plain JS), so
 * their answers are checked: a value of the wrong type or out of range (`NaN` tax, `"true"` as a flag, a
 * negative liquidity) must never count as "known", let alone as clean.
 */
const CHECKS: Readonly<Record<EvidenceField, Check>> = {
  isHoneypot: isBool,
  buyTax: isPercent,
  sellTax: isPercent,
  canBuy: isBool,
  canSell: isBool,
  cannotSellAll: isBool,
  isOpenSource: isBool,
  isProxy: isBool,
  isMintable: isBool,
  ownerChangeBalance: isBool,
  hiddenOwner: isBool,
  canTakeBackOwnership: isBool,
  selfDestruct: isBool,
  transferPausable: isBool,
  isBlacklisted: isBool,
  slippageModifiable: isBool,
  tradingCooldown: isBool,
  trustListed: isBool,
  holderCount: isCount,
  topHolderPercent: isPercent,
  top10HolderPercent: isPercent,
  lpHolderCount: isCount,
  lpLockedPercent: isPercent,
  liquidityUsd: isNonNegative,
  volume24hUsd: isNonNegative,
  pairCount: isCount,
  pairCreatedAt: isNonNegative,
  isFreezable: isBool,
  hasPermanentDelegate: isBool,
  nonTransferable: isBool,
  hasTransferHook: isBool,
  defaultAccountFrozen: isBool,
  mintAuthority: isStringOrNull,
  freezeAuthority: isStringOrNull,
  permanentDelegate: isStringOrNull,
  transferHookProgram: isStringOrNull,
  supply: (v) => typeof v === 'string' && /^[0-9]+$/.test(v),
  decimals: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255,
  transferFeeBps: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000,
};

/** A value a source supplied that is not a valid evidence value. */
export type RejectedEvidenceValue = { field: string; value: string };

/**
 * Splits a source's (untrusted) fields into valid evidence and rejected values. `undefined` means "not
 * observed" and is dropped silently; unknown field names and invalid values are rejected.
 */
export function sanitizeEvidenceFields(raw: unknown): {
  fields: Partial<EvidenceFields>;
  rejected: RejectedEvidenceValue[];
} {
  const fields: Record<string, unknown> = {};
  const rejected: RejectedEvidenceValue[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { fields: {}, rejected: [{ field: '(fields)', value: describe(raw) }] };
  }
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key as EvidenceField] : undefined;
    if (check?.(value)) fields[key] = value;
    else rejected.push({ field: key, value: describe(value) });
  }
  return { fields: fields as Partial<EvidenceFields>, rejected };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return typeof value;
}
