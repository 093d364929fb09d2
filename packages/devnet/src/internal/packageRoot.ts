import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A `require` anchored at this package, to load npm artifacts lazily (not bundled, not at import time). */
export function devnetRequire(): NodeJS.Require {
  return createRequire(import.meta.url);
}

/**
 * The directory of `@org/devnet`'s package.json, found by walking up from this module (works from
 * `src/` under tsx/vitest and from the bundled `dist/`).
 */
export function devnetPackageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'package.json');
    if (existsSync(candidate)) {
      const json = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
      if (json.name === '@org/devnet') return directory;
    }
    const parent = dirname(directory);
    if (parent === directory) throw new Error('@org/devnet: package root not found above this module');
    directory = parent;
  }
}

/** Version field of an installed dependency's package.json (resolved from this package). */
export function dependencyVersion(name: string): string {
  const require = devnetRequire();
  const json = require(`${name}/package.json`) as { version?: unknown };
  if (typeof json.version !== 'string') throw new Error(`${name}: package.json has no version`);
  return json.version;
}
