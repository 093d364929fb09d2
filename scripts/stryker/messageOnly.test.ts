import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs plugin without types
import { messageOnlyIgnorer } from './messageOnly.mjs';

// The Babel Stryker parses with (a dependency of its instrumenter, not of this repository).
const fromCore = createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/core'));
const fromInstrumenter = createRequire(fromCore.resolve('@stryker-mutator/instrumenter'));
const babel = fromInstrumenter('@babel/core') as typeof import('@babel/core');

/** The source text of every node the ignorer ignores, as Stryker's instrumenter would meet them. */
function ignored(code: string): string[] {
  const ast = babel.parseSync(code, {
    filename: 'x.ts',
    presets: [fromInstrumenter.resolve('@babel/preset-typescript')],
    configFile: false,
    babelrc: false,
  });
  const found: string[] = [];
  // Like Stryker's bookkeeper: inside an ignored node nothing more is asked.
  let active: unknown = null;
  babel.traverse(ast as never, {
    enter(path) {
      if (active === null && messageOnlyIgnorer.shouldIgnore(path)) {
        active = path.node;
        found.push(code.slice(path.node.start ?? 0, path.node.end ?? 0));
      }
    },
    exit(path) {
      if (active === path.node) active = null;
    },
  });
  return found;
}

describe('message-only ignorer', () => {
  it('ignores the words of a message in a message position', () => {
    expect(
      ignored(`
        const a = { code: 'TOKEN_UNSAFE', reason: \`\${t} is a honeypot\` };
        const b = { shortMessage: ok ? 'too long' : 'not a number' };
        reason ??= 'no pool at all';
        const detail = 'worth ' + x + ' wei';
        invalid('a wrap sends value');
        decision(false, 'KILL_SWITCH_ENGAGED', 'The kill switch is engaged.', action);
        throw new InvalidAmountError('bad amount here');
        throw new LedgerError({ shortMessage: \`id \${id} exists\` });
        throw new LedgerError({ shortMessage: 'one two', cause });
        report({ shortMessage: 'three four' });
      `),
    ).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      '`${t} is a honeypot`',
      "'too long'",
      "'not a number'",
      "'no pool at all'",
      "'worth '",
      "' wei'",
      "'a wrap sends value'",
      "'The kill switch is engaged.'",
      "'bad amount here'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      '{ shortMessage: `id ${id} exists` }',
      // Not the object: the cause is not a message. Its words are.
      "'one two'",
      // Not an error constructor: the object stays, its words are still a message.
      "'three four'",
    ]);
  });

  it('mutates codes, statuses, comparisons, ABI fragments and strings outside message positions', () => {
    expect(
      ignored(`
        const a = { code: 'TOKEN_UNSAFE', reason: 'honeypot' };
        const b = { kind: 'hold', reason: 'above-threshold' };
        if (mode === 'utc day') x();
        const abi = ['function balanceOf(address) view returns (uint256)'];
        const label = 'a value with spaces';
        const r = { reason: a === 'x y' ? 1 : 2 };
        const s = { detail: 'a test b' ? x : y };
        decision(false, 'KILL_SWITCH_ENGAGED', 'Engaged.', action);
        other('some words here');
        throw new ReservationNotFoundError({ id: describeId(id) });
      `),
    ).toEqual([]);
  });
});
