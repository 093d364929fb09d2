import { cpSync, existsSync, readdirSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface CopyWorkspaceParameters {
  /** The repository to copy (never written to). */
  readonly from: string;
  /** An empty directory outside the repository. */
  readonly to: string;
}

// What the copy leaves out: VCS data and everything .gitignore lists (build output, caches, local data).
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'build', '.turbo', '.cache', '.data', 'coverage']);

/**
 * A throwaway copy of the workspace that can version, build and publish without writing to the original: the
 * sources and manifests are copied; dependencies are the original install, shared read-only — the root
 * `node_modules` is a symlink to it, and each package's `node_modules` (pnpm's relative links into the root
 * store and to sibling packages) is copied, so `@org/*` links resolve to the copy's own packages.
 */
export function copyWorkspace({ from, to }: CopyWorkspaceParameters): void {
  cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => {
      const name = basename(source);
      if (SKIPPED.has(name)) return false;
      return !name.endsWith('.log') && !name.endsWith('.tsbuildinfo');
    },
  });
  symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'), 'dir');
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(from, group))) continue;
    for (const name of readdirSync(join(from, group))) {
      const modules = join(from, group, name, 'node_modules');
      if (!existsSync(modules)) continue;
      cpSync(modules, join(to, relative(from, modules)), { recursive: true, verbatimSymlinks: true });
    }
  }
}
