/**
 * `row` with the named columns read as numbers: node-postgres returns `bigint` columns as decimal strings. Every
 * such column holds a time (ms), a block, a nonce or a chain id — safe integers.
 */
export function integerColumns<T>(row: Record<string, unknown>, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const name of names) {
    const value = out[name];
    if (typeof value === 'string') out[name] = Number(value);
  }
  return out as T;
}
