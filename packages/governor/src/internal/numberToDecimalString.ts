/**
 * The shortest round-trip decimal of a finite, non-negative JS number, written without exponent
 * (`1e-7` → `0.0000001`, `1e21` → `1000000000000000000000`). Callers check finiteness and sign first.
 */
export function numberToDecimalString(value: number): string {
  const text = String(value === 0 ? 0 : value);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const mantissa = text.slice(0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const pointAt = (dot === -1 ? mantissa.length : dot) + exponent;
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return digits + '0'.repeat(pointAt - digits.length);
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
