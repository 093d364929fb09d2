/** GoPlus-style string flag: "1" → true, "0" → false, anything else (missing, "", null) → undefined (unknown). */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === '1' || value === 1) return true;
  if (value === '0' || value === 0) return false;
  return undefined;
}

/** GoPlus-style fraction string ("0.05") → percent number (5), rounded to 4 decimals; invalid → undefined. */
export function parseFractionPercent(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) return undefined;
  return roundPercent(n * 100);
}

/** Non-negative finite number (string or number) → number; otherwise undefined. */
export function parseNonNegative(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function roundPercent(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
