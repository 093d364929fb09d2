import { ProviderError } from '../errors/ProviderError.js';
import type { EvidenceFields, SourceEvidence } from '../types.js';
import { isRecord, parseNonNegative } from './parseFlags.js';

const PROVIDER = 'dexscreener';

/**
 * Parses `GET /latest/dex/tokens/{address}` (`{ schemaVersion, pairs: [...] | null }`). Only pairs on the
 * SAME chain whose base or quote token is this token count; liquidity and 24 h volume are summed over them
 * (never `pairs[0]` of any chain). The oldest `pairCreatedAt` gives the pair age.
 */
export function parseDexScreenerBody(
  body: unknown,
  parameters: { chainSlug: string; address: string; caseSensitive: boolean },
): SourceEvidence {
  if (!isRecord(body) || !('pairs' in body)) {
    throw new ProviderError({
      code: 'PROVIDER_BAD_RESPONSE',
      provider: PROVIDER,
      shortMessage: 'response is not a DexScreener pairs document ({ schemaVersion, pairs })',
    });
  }
  const pairs = body['pairs'];
  if (pairs !== null && !Array.isArray(pairs)) {
    throw new ProviderError({
      code: 'PROVIDER_BAD_RESPONSE',
      provider: PROVIDER,
      shortMessage: 'pairs is not an array',
    });
  }
  const same = (a: unknown) =>
    typeof a === 'string' &&
    (parameters.caseSensitive
      ? a === parameters.address
      : a.toLowerCase() === parameters.address.toLowerCase());
  const matching = (pairs ?? []).filter(
    (p): p is Record<string, unknown> =>
      isRecord(p) &&
      p['chainId'] === parameters.chainSlug &&
      ((isRecord(p['baseToken']) && same(p['baseToken']['address'])) ||
        (isRecord(p['quoteToken']) && same(p['quoteToken']['address']))),
  );
  if (matching.length === 0) {
    throw new ProviderError({
      code: 'PROVIDER_NO_DATA',
      provider: PROVIDER,
      shortMessage: `no pairs for this token on ${parameters.chainSlug}`,
    });
  }
  const fields: Partial<EvidenceFields> = { pairCount: matching.length };
  const warnings: string[] = [];
  let liquidity = 0;
  let liquidityKnown = 0;
  let volume = 0;
  let volumeKnown = 0;
  let oldest: number | undefined;
  for (const pair of matching) {
    const usd = isRecord(pair['liquidity']) ? parseNonNegative(pair['liquidity']['usd']) : undefined;
    if (usd !== undefined) {
      liquidity += usd;
      liquidityKnown++;
    }
    const h24 = isRecord(pair['volume']) ? parseNonNegative(pair['volume']['h24']) : undefined;
    if (h24 !== undefined) {
      volume += h24;
      volumeKnown++;
    }
    const created = parseNonNegative(pair['pairCreatedAt']);
    if (created !== undefined && created > 0)
      oldest = oldest === undefined ? created : Math.min(oldest, created);
  }
  if (liquidityKnown > 0) fields.liquidityUsd = Math.round(liquidity * 100) / 100;
  if (liquidityKnown > 0 && liquidityKnown < matching.length) {
    warnings.push(
      `DexScreener reports no USD liquidity for ${matching.length - liquidityKnown} of ${matching.length} pairs`,
    );
  }
  if (volumeKnown > 0) fields.volume24hUsd = Math.round(volume * 100) / 100;
  if (oldest !== undefined) fields.pairCreatedAt = oldest;
  return { fields, warnings };
}
