import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { AnvilNotFoundError } from './errors/AnvilNotFoundError.js';
import { devnetRequire } from './internal/packageRoot.js';

/** Parameters of {@link resolveAnvilBinary}. */
export interface ResolveAnvilBinaryParameters {
  /** Platform to resolve for (default `process.platform`). */
  platform?: NodeJS.Platform | undefined;
  /** CPU architecture to resolve for (default `process.arch`). */
  arch?: string | undefined;
}

/** Result of {@link resolveAnvilBinary}. */
export interface ResolveAnvilBinaryReturnType {
  /** Absolute path of the executable. */
  path: string;
  /** Platform package it came from, e.g. `@foundry-rs/anvil-linux-amd64`. */
  packageName: string;
  /** Version of that package (part of the state-cache key). */
  version: string;
}

const ARCH_SUFFIX: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/**
 * Locates the anvil executable shipped in `@foundry-rs/anvil`'s optional platform package, resolved from
 * `@foundry-rs/anvil` itself (pnpm does not hoist it). Does not rely on the package's postinstall script.
 *
 * @example
 * ```ts
 * import { resolveAnvilBinary } from '@org/devnet';
 * const { path, version } = resolveAnvilBinary();
 * ```
 */
export function resolveAnvilBinary(
  parameters: ResolveAnvilBinaryParameters = {},
): ResolveAnvilBinaryReturnType {
  const platform = parameters.platform ?? process.platform;
  const arch = parameters.arch ?? process.arch;
  const suffix = ARCH_SUFFIX[arch];
  if (!suffix || !['linux', 'darwin', 'win32'].includes(platform)) {
    throw new AnvilNotFoundError(`no anvil build is published for ${platform}/${arch}`);
  }
  const packageName = `@foundry-rs/anvil-${platform}-${suffix}`;
  const executable = platform === 'win32' ? 'bin/anvil.exe' : 'bin/anvil';
  let path: string;
  let version: string;
  try {
    const anvilRequire = createRequire(devnetRequire().resolve('@foundry-rs/anvil/package.json'));
    path = anvilRequire.resolve(`${packageName}/${executable}`);
    version = (anvilRequire(`${packageName}/package.json`) as { version: string }).version;
  } catch (error) {
    throw new AnvilNotFoundError(
      `${packageName} is not installed (was it installed with optional dependencies omitted?)`,
      error,
    );
  }
  try {
    accessSync(path, constants.X_OK);
  } catch (error) {
    throw new AnvilNotFoundError(`${path} is not executable`, error);
  }
  return { path, packageName, version };
}
