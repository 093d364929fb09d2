/** The body limit of a request that matches no operation of the document (it takes no body). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024;

/**
 * Each operation's request-body limit as the OpenAPI document declares it (`x-body-limit-bytes`, written by the build
 * from `scripts/body-limits.mjs`), as a lookup by method and path: the limits the server enforces are the ones the
 * document shows. A request that matches no operation, or an operation without the field, gets
 * {@link DEFAULT_BODY_LIMIT_BYTES}.
 *
 * @example
 * ```ts
 * const limitOf = bodyLimitsFromSpec(spec);
 * limitOf('POST', '/swap/execute'); // 4096
 * ```
 */
export function bodyLimitsFromSpec(spec: object): (method: string, path: string) => number {
  const exact = new Map<string, number>();
  const patterns: { method: string; pattern: RegExp; limit: number }[] = [];
  const paths = (spec as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const limit = (operation as { 'x-body-limit-bytes'?: unknown } | null)?.['x-body-limit-bytes'];
      if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) continue;
      const upper = method.toUpperCase();
      if (!path.includes('{')) {
        exact.set(`${upper} ${path}`, limit);
        continue;
      }
      const source = path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      patterns.push({ method: upper, pattern: new RegExp(`^${source}$`), limit });
    }
  }
  return (method, path) => {
    const upper = method.toUpperCase();
    const found = exact.get(`${upper} ${path}`);
    if (found !== undefined) return found;
    for (const entry of patterns) {
      if (entry.method === upper && entry.pattern.test(path)) return entry.limit;
    }
    return DEFAULT_BODY_LIMIT_BYTES;
  };
}
