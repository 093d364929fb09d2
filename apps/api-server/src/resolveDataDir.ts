import { isAbsolute, resolve } from 'node:path';

/**
 * The absolute data directory a configured `DATA_DIR` (default `./.data`) names. A relative path is resolved against
 * the directory the command was started from: `INIT_CWD` when run through pnpm (pnpm runs a package's script in the
 * package's own folder and keeps the caller's folder there), else the process's working directory.
 *
 * @example
 * ```ts
 * resolveDataDir({ DATA_DIR: './.data', INIT_CWD: '/repo' }); // '/repo/.data'
 * ```
 */
export function resolveDataDir(env: Readonly<Record<string, string | undefined>>): string {
  const raw = (env.DATA_DIR ?? './.data').trim() || './.data';
  if (isAbsolute(raw)) return resolve(raw);
  const base = env.INIT_CWD?.trim() || process.cwd();
  return resolve(base, raw);
}
