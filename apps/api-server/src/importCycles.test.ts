import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every non-test source file of the server → the source files it imports at run time (type imports left out). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('generated'),
  );
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const deps = [...text.matchAll(/^(?:import|export)(?!\s+type)[^'"]*from\s+'(\.[^']+)'/gm)].map((m) =>
      normalize(join(dirname(file), (m[1] as string).replace(/\.js$/, '.ts'))),
    );
    graph.set(normalize(file), deps);
  }
  return graph;
}

it('has no import cycle (config ↔ parseBridgeConfig ↔ parseAddressList was one)', () => {
  const graph = importGraph();
  expect(graph.get(normalize('config.ts'))).toContain(normalize('bridge/parseBridgeConfig.ts'));
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...path.slice(path.indexOf(dep)), dep].join(' → '));
      else if (!state.has(dep)) visit(dep, [...path, dep]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  expect(cycles.map((c) => relative('.', c))).toEqual([]);
});
