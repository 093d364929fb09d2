import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './ConfigError.js';
import { configTable } from './configTable.js';
import { renderConfigTable } from './renderConfigTable.js';
import { renderHelp } from './renderHelp.js';
import * as bridge from './schema/bridge.js';
import * as chainVars from './schema/chains.js';
import * as features from './schema/features.js';
import * as gateway from './schema/gateway.js';
import * as server from './schema/server.js';
import * as yieldVars from './schema/yield.js';
import type { Variable } from './variables/Variable.js';

const README = new URL('../../../../README.md', import.meta.url);

/** The Markdown table under "## Configuration (environment)". */
function readmeTable(): string {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf('| variable |', text.indexOf('## Configuration (environment)'));
  const end = text.indexOf('\n\n', start);
  return text.slice(start, end);
}

const declared = [bridge, chainVars, features, gateway, server, yieldVars].flatMap((module) =>
  Object.values(module).filter(
    (value): value is Variable<unknown> => typeof value === 'object' && value !== null && 'read' in value,
  ),
);

describe('the configuration schema', () => {
  it('is what the README shows: names, defaults, bounds and rules (pnpm config:readme writes it)', () => {
    expect(readmeTable()).toBe(renderConfigTable(configTable));
  });

  it('puts every declared variable in the table exactly once', () => {
    const listed = configTable.flatMap((row) => row.variables);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(declared));
  });

  it('parses with the bounds it documents: one past either end names the variable', () => {
    const bounded = declared.filter(
      (v): v is Variable<unknown> & { min: number; max: number } => 'min' in v && 'max' in v,
    );
    expect(bounded.length).toBeGreaterThan(40);
    for (const v of bounded) {
      expect(v.bounds).toBe(`${v.min}–${v.max}`);
      expect(v.read({ [v.name]: String(v.min) })).toBe(v.min);
      expect(v.read({ [v.name]: String(v.max) })).toBe(v.max);
      expect(v.read({})).toBe(Number(v.default));
      expect(() => v.read({ [v.name]: String(v.max + 1) })).toThrow(
        new ConfigError(v.name, `must be an integer from ${v.min} to ${v.max}`),
      );
      if (v.min > 0) expect(() => v.read({ [v.name]: String(v.min - 1) })).toThrow(ConfigError);
    }
  });

  it('gives every variable to --help, secrets marked', () => {
    const help = renderHelp(configTable);
    for (const v of declared) expect(help).toContain(`  ${v.name}  (`);
    expect(help).toMatch(/ {2}WEB3_API_KEY {2}\([^)]*secret\)/);
    expect(help).toMatch(/ {2}API_PORT {2}\(integer; default 8000; 0–65535\)/);
  });
});
