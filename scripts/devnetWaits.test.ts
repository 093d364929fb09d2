import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ethers' `tx.wait()` can wait forever on the devnet: anvil answers a send before it mines, and when the block lands
// between wait()'s receipt read and the block number it starts polling from, no later block comes on an idle chain
// (ethers-io/ethers.js#4224). It hung a CI run for the full two-minute hook time-out. Code and tests wait with
// `waitMined` from `@org/devnet` (or, in the gateway, its own receipt polling) instead; `waitForDeployment()` is the same
// `wait()` underneath.
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every TypeScript file under apps/* and packages/* (sources, tests, scripts), without dependencies or builds. */
function typescriptFiles(): string[] {
  const files: string[] = [];
  for (const group of ['apps', 'packages']) {
    for (const pkg of readdirSync(join(root, group))) {
      for (const entry of readdirSync(join(root, group, pkg), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(?:m|c)?tsx?$/.test(entry) || /(?:^|\/)(?:node_modules|dist|build)\//.test(entry)) continue;
        files.push(join(group, pkg, entry));
      }
    }
  }
  return files;
}

/**
 * Lines that wait the ethers way, comments left out: `.wait(` on a transaction, `waitForDeployment()` (which is
 * `deploymentTransaction().wait()`), `waitForTransaction`, `waitForBlock`, and block subscriptions.
 */
function waitCalls(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter(
      (line) =>
        /(?:^|[)\w])\s*\.wait\(/.test(line) ||
        /\b(?:waitForDeployment|waitForTransaction|waitForBlock)\(/.test(line) ||
        /\.(?:on|once)\(\s*['"]block['"]/.test(line),
    );
}

describe('waiting for devnet transactions', () => {
  it('the check finds the forms that hang, and leaves comments alone', () => {
    expect(waitCalls('await tx.wait();')).toHaveLength(1);
    expect(waitCalls('const r = await (await c.approve(a, 1n)).wait(1);')).toHaveLength(1);
    expect(waitCalls('    )\n    .wait();')).toHaveLength(1);
    expect(waitCalls('// instead of tx.wait()\n * ethers `tx.wait()` hangs')).toEqual([]);
    expect(waitCalls('await contract.waitForDeployment();')).toHaveLength(1);
    expect(waitCalls('await provider.waitForTransaction(hash, 1, 5_000);')).toHaveLength(1);
    expect(waitCalls("provider.once('block', listener);")).toHaveLength(1);
    expect(waitCalls('await waitMined(tx);')).toEqual([]);
  });

  it('no source or test waits the ethers way (tx.wait(), waitForDeployment(), block events)', () => {
    const files = typescriptFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      waitCalls(readFileSync(join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
