import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Hex SHA-256 of a string. */
export function sha256Hex(input: string): string {
  return createHash('sha256').update(input).digest('hex');
}

/** Reads a cached JSON file; `undefined` when it is missing or unreadable (a cache miss, never an error). */
export function readCacheJson(cacheDir: string, fileName: string): unknown {
  try {
    return JSON.parse(readFileSync(join(cacheDir, fileName), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes a cache file atomically (temp file + rename) so parallel test workers never read half a file.
 * Failures are swallowed: the cache is an optimisation, never a requirement.
 */
export function writeCacheJson(cacheDir: string, fileName: string, value: unknown): boolean {
  const target = join(cacheDir, fileName);
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, target);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}
