import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resolveAnvilBinary } from './resolveAnvilBinary.js';

describe('resolveAnvilBinary', () => {
  it('finds the executable in the optional platform package, with its version', () => {
    const binary = resolveAnvilBinary();
    expect(binary.packageName).toMatch(new RegExp(`^@foundry-rs/anvil-${process.platform}-(amd64|arm64)$`));
    expect(binary.path).toContain(binary.packageName);
    const printed = execFileSync(binary.path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    expect(printed).toContain(`anvil Version: ${binary.version}`);
  });

  it('fails with a typed error for a platform nobody publishes', () => {
    expect(() => resolveAnvilBinary({ platform: 'aix', arch: 'ppc64' })).toThrow(
      expect.objectContaining({ code: 'DEVNET_ANVIL_NOT_FOUND' }),
    );
  });
});
