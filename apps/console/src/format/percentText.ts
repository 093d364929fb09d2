/**
 * Thousandths as a percentage with one decimal, without floating point: `40` → `4.0 %`.
 *
 * @example
 * ```ts
 * percentText(125); // '12.5 %'
 * ```
 */
export function percentText(thousandths: number): string {
  return `${Math.trunc(thousandths / 10)}.${thousandths % 10} %`;
}
