/**
 * A function that builds its value on the first call and returns that same value afterwards.
 *
 * @example
 * ```ts
 * const store = memoize(() => new MemoryDcaStore());
 * store() === store(); // true
 * ```
 */
export function memoize<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
