import { join } from 'node:path';
import { resolveDataDir } from '../resolveDataDir.js';

/** Where one `pnpm demo` run keeps its data, and where the pointer to the running one lives. */
export interface DemoRunDir {
  /** `<DATA_DIR or ./.data>/demo`: every run's folder, and `current.json`. */
  readonly demoRoot: string;
  /** This run's data directory, named after its devnet: `<demoRoot>/<time>-<chain id>-<start block hash>`. */
  readonly dataDir: string;
}

/**
 * The data directory of one demo run, keyed to its devnet: the devnet is new at every start (its genesis is the
 * cached state's, the same every time; the block it starts at is not), so its records must never meet another
 * run's — an approval scan's coverage or a vault's samples from a chain that no longer exists. Relative paths are
 * resolved like the server's (`INIT_CWD`, see `resolveDataDir`).
 *
 * @example
 * ```ts
 * demoRunDir({ env: process.env, chainId: 31337, startBlockHash: '0x5dc2…', at: new Date() }).dataDir;
 * // '/repo/.data/demo/20261129-021344-31337-5dc223ec41'
 * ```
 */
export function demoRunDir(p: {
  env: Readonly<Record<string, string | undefined>>;
  chainId: number;
  startBlockHash: string;
  at: Date;
}): DemoRunDir {
  const demoRoot = join(resolveDataDir(p.env), 'demo');
  const time = p.at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const hash = p.startBlockHash.replace(/^0x/, '').slice(0, 10).toLowerCase();
  return { demoRoot, dataDir: join(demoRoot, `${time}-${p.chainId}-${hash}`) };
}
