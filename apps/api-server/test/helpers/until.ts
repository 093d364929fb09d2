/**
 * Calls `probe` until it returns a value (not `undefined`) and returns it; throws `timed out waiting for <what>`
 * after `ms`. For tests that wait on something another process or the chain does.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { ms = 15_000, intervalMs = 50 }: { ms?: number; intervalMs?: number } = {},
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
