import { join } from 'node:path';
import { readCurrentDemo } from './demo/currentDemoPointer.js';
import { resolveDataDir } from './resolveDataDir.js';

/** The data directory the operator CLI acts on, and why that one. */
export interface OperatorDataDir {
  readonly dataDir: string;
  /** `demo` (the running `pnpm demo` under this DATA_DIR), `DATA_DIR`, or `default` (`./.data`). */
  readonly source: 'demo' | 'DATA_DIR' | 'default';
}

/**
 * The database the operator CLI opens: `DATA_DIR` (default `./.data`, relative to where the command was started)
 * — the one `pnpm start` uses — unless a `pnpm demo` is running under it, whose run directory
 * (`<DATA_DIR>/demo/current.json`) it then acts on, so `pnpm operator kill` stops the demo one runs beside it.
 *
 * @example
 * ```ts
 * findOperatorDataDir(process.env); // { dataDir: '/repo/.data/demo/20261129-…', source: 'demo' }
 * ```
 */
export function findOperatorDataDir(env: Readonly<Record<string, string | undefined>>): OperatorDataDir {
  const base = resolveDataDir(env);
  const demo = readCurrentDemo(join(base, 'demo'));
  if (demo) return { dataDir: demo.dataDir, source: 'demo' };
  return { dataDir: base, source: env.DATA_DIR?.trim() ? 'DATA_DIR' : 'default' };
}
