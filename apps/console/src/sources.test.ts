import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the console must never do, checked on its sources (the CSP and the browser tests check the built page):
// render server text as HTML, keep the key beyond the tab, or run strings as code.
const src = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('generated') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(src, f), 'utf8') }));

const FORBIDDEN: [string, RegExp][] = [
  ['HTML from strings', /dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML|document\.write/],
  ['persistent storage', /localStorage|indexedDB|document\.cookie/],
  ['code from strings', /\beval\(|new Function\(|setTimeout\(\s*['"`]/],
  ['links built from data', /href=\{/],
];

describe('console sources', () => {
  it('are all read (the check looks at real files)', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['ui/App.tsx', 'api/callApi.ts']));
  });
  it.each(FORBIDDEN)('never use %s', (_what, pattern) => {
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.file)).toEqual([]);
  });
});
