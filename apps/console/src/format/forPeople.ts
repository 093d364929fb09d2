/**
 * A decimal amount (whole units, as a decimal string) rounded for a person to read, with exact string arithmetic (no
 * float ever touches it): 2 decimals from 1 up (`19.984399999999997761` → `19.98`), 3 significant digits below 1
 * (`0.043909602618363838` → `0.0439`), trailing zeros dropped, thousands separated by a thin space. A text that is
 * not a decimal is returned as it is. The exact figure stays available to the page (see `Amount`).
 *
 * @example
 * ```ts
 * forPeople('0.043909602618363838'); // '0.0439'
 * forPeople('1234567.891'); // '1 234 567.89'
 * ```
 */
export function forPeople(decimal: string): string {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(decimal);
  if (!m) return decimal;
  const [, sign, whole = '0', fraction = ''] = m;
  let keep: number;
  if (BigInt(whole) >= 1n) {
    keep = 2;
  } else {
    const firstDigit = fraction.search(/[1-9]/);
    if (firstDigit === -1) return `${sign === '-' ? '-' : ''}0`.replace('-0', '0');
    keep = firstDigit + 3;
  }
  const digits = BigInt(`${whole}${fraction.padEnd(keep, '0').slice(0, keep)}`);
  const rest = fraction.slice(keep);
  const roundUp = rest.length > 0 && rest.charCodeAt(0) >= 53; // '5'
  const rounded = (digits + (roundUp ? 1n : 0n)).toString().padStart(keep + 1, '0');
  const intPart = rounded.slice(0, rounded.length - keep);
  const fracPart = rounded.slice(rounded.length - keep).replace(/0+$/, '');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');
  const text = `${grouped}${fracPart === '' ? '' : `.${fracPart}`}`;
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text;
}
