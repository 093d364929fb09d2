import { ProviderError } from '../errors/ProviderError.js';
import type { EvidenceFields, SourceEvidence } from '../types.js';
import { isRecord, parseFlag, parseFractionPercent, parseNonNegative, roundPercent } from './parseFlags.js';

const PROVIDER = 'goplus';
const BURN_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '0x000000000000000000000000000000000000dead',
]);

/** GoPlus body codes: 1 = success, 2 = partial data (retry later), 4029 = rate limited. */
export function goPlusBodyIsRateLimited(body: unknown): boolean {
  return isRecord(body) && body['code'] === 4029;
}

/** Unwraps `{ code, message, result: { "<address>": {...} } }`, translating body-level errors. */
export function unwrapGoPlusResult(
  body: unknown,
  address: string,
  kind: 'evm' | 'solana',
): { entry: Record<string, unknown>; partial: boolean } {
  if (!isRecord(body) || typeof body['code'] !== 'number') {
    throw new ProviderError({
      code: 'PROVIDER_BAD_RESPONSE',
      provider: PROVIDER,
      shortMessage: 'response is not a GoPlus envelope ({ code, message, result })',
    });
  }
  const code = body['code'];
  if (code !== 1 && code !== 2) {
    throw new ProviderError({
      code: code === 4029 ? 'PROVIDER_RATE_LIMITED' : 'PROVIDER_ERROR_CODE',
      provider: PROVIDER,
      shortMessage: `error code ${code}: ${String(body['message'] ?? '').slice(0, 120)}`,
    });
  }
  const result = body['result'];
  if (result === null || result === undefined || (isRecord(result) && Object.keys(result).length === 0)) {
    throw new ProviderError({
      code: 'PROVIDER_NO_DATA',
      provider: PROVIDER,
      shortMessage: 'no data for this token',
    });
  }
  if (!isRecord(result)) {
    throw new ProviderError({
      code: 'PROVIDER_BAD_RESPONSE',
      provider: PROVIDER,
      shortMessage: 'result is not an object',
    });
  }
  // EVM results are keyed by the lowercased address; Solana mints are case-sensitive base58, where a
  // case-folded match could be a different token.
  const key =
    kind === 'evm'
      ? Object.keys(result).find((k) => k.toLowerCase() === address.toLowerCase())
      : Object.hasOwn(result, address)
        ? address
        : undefined;
  const entry = key === undefined ? undefined : result[key];
  if (entry === undefined) {
    throw new ProviderError({
      code: 'PROVIDER_NO_DATA',
      provider: PROVIDER,
      shortMessage: 'no data for this token',
    });
  }
  if (!isRecord(entry)) {
    throw new ProviderError({
      code: 'PROVIDER_BAD_RESPONSE',
      provider: PROVIDER,
      shortMessage: 'token entry is not an object',
    });
  }
  return { entry, partial: code === 2 };
}

function setIfKnown<K extends keyof EvidenceFields>(
  fields: Partial<EvidenceFields>,
  key: K,
  value: EvidenceFields[K] | undefined,
): void {
  if (value !== undefined) fields[key] = value;
}

type Holder = { address: string; percent: number; locked: boolean };

function parseHolders(value: unknown): Holder[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const holders: Holder[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const percent = parseFractionPercent(item['percent']);
    if (percent === undefined || typeof item['address'] !== 'string') continue;
    holders.push({
      address: item['address'].toLowerCase(),
      percent,
      locked: item['is_locked'] === 1 || item['is_locked'] === '1',
    });
  }
  return holders;
}

/** Holder concentration (excluding locked holders, DEX pairs and burn addresses) from `holders` / `dex`. */
function holderConcentration(entry: Record<string, unknown>, fields: Partial<EvidenceFields>): void {
  const holders = parseHolders(entry['holders']);
  if (!holders || holders.length === 0) return;
  const pairs = new Set<string>();
  if (Array.isArray(entry['dex'])) {
    for (const dex of entry['dex']) {
      if (isRecord(dex) && typeof dex['pair'] === 'string') pairs.add(dex['pair'].toLowerCase());
    }
  }
  const free = holders
    .filter((h) => !h.locked && !pairs.has(h.address) && !BURN_ADDRESSES.has(h.address))
    .sort((a, b) => b.percent - a.percent);
  fields.topHolderPercent = free[0]?.percent ?? 0;
  fields.top10HolderPercent = roundPercent(free.slice(0, 10).reduce((sum, h) => sum + h.percent, 0));
}

function lpLocks(entry: Record<string, unknown>, fields: Partial<EvidenceFields>): void {
  const lp = parseHolders(entry['lp_holders']);
  if (!lp || lp.length === 0) return;
  const locked = lp
    .filter((h) => h.locked || BURN_ADDRESSES.has(h.address))
    .reduce((s, h) => s + h.percent, 0);
  fields.lpLockedPercent = roundPercent(Math.min(locked, 100));
}

/** Maps a GoPlus EVM `token_security` entry. A missing field stays unknown (GoPlus: missing = unknown). */
export function parseGoPlusEvmEntry(entry: Record<string, unknown>): Partial<EvidenceFields> {
  const fields: Partial<EvidenceFields> = {};
  setIfKnown(fields, 'isHoneypot', parseFlag(entry['is_honeypot']));
  setIfKnown(fields, 'buyTax', parseFractionPercent(entry['buy_tax']));
  setIfKnown(fields, 'sellTax', parseFractionPercent(entry['sell_tax']));
  const cannotBuy = parseFlag(entry['cannot_buy']);
  if (cannotBuy !== undefined) fields.canBuy = !cannotBuy;
  setIfKnown(fields, 'cannotSellAll', parseFlag(entry['cannot_sell_all']));
  setIfKnown(fields, 'isOpenSource', parseFlag(entry['is_open_source']));
  setIfKnown(fields, 'isProxy', parseFlag(entry['is_proxy']));
  setIfKnown(fields, 'isMintable', parseFlag(entry['is_mintable']));
  setIfKnown(fields, 'ownerChangeBalance', parseFlag(entry['owner_change_balance']));
  setIfKnown(fields, 'hiddenOwner', parseFlag(entry['hidden_owner']));
  setIfKnown(fields, 'canTakeBackOwnership', parseFlag(entry['can_take_back_ownership']));
  setIfKnown(fields, 'selfDestruct', parseFlag(entry['selfdestruct']));
  setIfKnown(fields, 'transferPausable', parseFlag(entry['transfer_pausable']));
  setIfKnown(fields, 'isBlacklisted', parseFlag(entry['is_blacklisted']));
  setIfKnown(fields, 'slippageModifiable', parseFlag(entry['slippage_modifiable']));
  setIfKnown(fields, 'tradingCooldown', parseFlag(entry['trading_cooldown']));
  // trust_list is only present ("1") for trusted tokens; absence is not evidence of distrust.
  if (parseFlag(entry['trust_list']) === true) fields.trustListed = true;
  const holderCount = parseNonNegative(entry['holder_count']);
  if (holderCount !== undefined) fields.holderCount = Math.trunc(holderCount);
  const lpHolderCount = parseNonNegative(entry['lp_holder_count']);
  if (lpHolderCount !== undefined) fields.lpHolderCount = Math.trunc(lpHolderCount);
  holderConcentration(entry, fields);
  lpLocks(entry, fields);
  return fields;
}

function statusFlag(value: unknown): boolean | undefined {
  return isRecord(value) ? parseFlag(value['status']) : parseFlag(value);
}

/**
 * Maps a GoPlus Solana `token_security` entry (objects with a `status` flag for mintable/freezable/
 * balance_mutable_authority, string flags elsewhere). GoPlus gives no honeypot verdict for Solana.
 */
export function parseGoPlusSolanaEntry(entry: Record<string, unknown>): Partial<EvidenceFields> {
  const fields: Partial<EvidenceFields> = {};
  setIfKnown(fields, 'isMintable', statusFlag(entry['mintable']));
  setIfKnown(fields, 'isFreezable', statusFlag(entry['freezable']));
  setIfKnown(fields, 'hasPermanentDelegate', statusFlag(entry['balance_mutable_authority']));
  setIfKnown(fields, 'nonTransferable', parseFlag(entry['non_transferable']));
  if (Array.isArray(entry['transfer_hook'])) fields.hasTransferHook = entry['transfer_hook'].length > 0;
  if (parseFlag(entry['trusted_token']) === true) fields.trustListed = true;
  const holderCount = parseNonNegative(entry['holder_count']);
  if (holderCount !== undefined) fields.holderCount = Math.trunc(holderCount);
  holderConcentration(entry, fields);
  return fields;
}

/** Parses a whole GoPlus body for one token into source evidence. */
export function parseGoPlusBody(body: unknown, address: string, kind: 'evm' | 'solana'): SourceEvidence {
  const { entry, partial } = unwrapGoPlusResult(body, address, kind);
  const fields = kind === 'evm' ? parseGoPlusEvmEntry(entry) : parseGoPlusSolanaEntry(entry);
  const warnings: string[] = [];
  if (partial) warnings.push('GoPlus returned partial data (code 2); missing fields are treated as unknown');
  return { fields, warnings };
}
