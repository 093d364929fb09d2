import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishedPackageDirs } from './apiReports.mjs';

// README examples cannot rot: each ```ts block marked `<!-- example: examples/<file>.ts -->` is that file, word
// for word; the files compile against the built packages (here) and run against the packages installed from a
// registry (scripts/release/release.test.ts).
const root = fileURLToPath(new URL('..', import.meta.url));
const MARKED_EXAMPLE = /<!-- example: (examples\/[\w.-]+\.ts) -->\n```ts\n([\s\S]*?)```\n/g;

describe.each(publishedPackageDirs().map((dir) => [dir.slice(root.length), dir]))('%s README', (_, dir) => {
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const marked = [...readme.matchAll(MARKED_EXAMPLE)].map(([, file = '', code = '']) => ({ file, code }));
  const files = existsSync(join(dir, 'examples'))
    ? readdirSync(join(dir, 'examples'))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `examples/${file}`)
    : [];

  it('shows every example file, word for word', () => {
    expect(marked.map((m) => m.file).sort()).toEqual(files.sort());
    for (const { file, code } of marked) expect(code, file).toBe(readFileSync(join(dir, file), 'utf8'));
  });

  it('has an example whenever the package exports something', () => {
    const exportsSomething = readdirSync(join(dir, 'etc')).some((report) =>
      /^export /m.test(readFileSync(join(dir, 'etc', report), 'utf8')),
    );
    expect(files.length > 0).toBe(exportsSomething);
  });
});

it('the examples compile against the built packages (strict, exactOptionalPropertyTypes)', () => {
  const compile = () => {
    try {
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'scripts/examples.tsconfig.json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
        // Synchronous: vitest's time-out cannot interrupt it, so it is bounded here.
        timeout: 50_000,
        killSignal: 'SIGKILL',
      });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  };
  expect(compile()).toBe('');
}, 60_000);
