import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The GitHub workflows cannot run here; their invariants are checked instead. They are plain YAML written to a
// simple shape (two-space indentation, one job per `jobs:` key), which is what these line-based checks read.
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const workflows = { ci: read('.github/workflows/ci.yml'), release: read('.github/workflows/release.yml') };
const ciRun = read('.ci/run');

/** The jobs of a workflow: name → the lines of its block. */
function jobs(workflow: string): Map<string, string[]> {
  const lines = workflow.split('\n');
  const start = lines.indexOf('jobs:');
  const result = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    const job = /^ {2}([\w-]+):\s*$/.exec(line);
    if (job?.[1]) {
      current = [];
      result.set(job[1], current);
    } else if (/^\S/.test(line)) break;
    else current?.push(line);
  }
  return result;
}

/** The `run:` commands of a job, in order. */
const runs = (lines: string[]) =>
  lines
    .map((line) => /^\s+(?:- )?run: (.+)$/.exec(line)?.[1])
    .filter((run): run is string => run !== undefined);

/** `permissions:` of a job: scope → access. */
function permissions(lines: string[]): Record<string, string> {
  const at = lines.findIndex((line) => /^ {4}permissions:/.test(line));
  if (at === -1) return {};
  if (/permissions: \{\}/.test(lines[at] ?? '')) return {};
  const result: Record<string, string> = {};
  for (const line of lines.slice(at + 1)) {
    const entry = /^ {6}([\w-]+): (\w+)/.exec(line);
    if (!entry?.[1] || !entry[2]) break;
    result[entry[1]] = entry[2];
  }
  return result;
}

describe.each(Object.entries(workflows))('.github/workflows/%s.yml', (_, workflow) => {
  it('pins every action to a full commit SHA, with the tag it stands for in a comment', () => {
    const uses = workflow.split('\n').filter((line) => /^\s+(?:- )?uses: /.test(line));
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('grants nothing at the top, and each job only what it declares', () => {
    expect(workflow).toMatch(/^permissions: \{\}$/m);
    expect(workflow.match(/^permissions:/gm)).toHaveLength(1);
    for (const [name, lines] of jobs(workflow)) {
      expect(
        lines.some((line) => /^ {4}permissions:/.test(line)),
        `${name} declares its permissions`,
      ).toBe(true);
    }
  });

  it('installs pnpm and the dependencies exactly as .ci/run does', () => {
    const pnpm = /npm install -g (pnpm@\S+)/.exec(ciRun)?.[1];
    const install = /^(pnpm install .+)$/m.exec(ciRun)?.[1];
    expect(pnpm).toBeDefined();
    expect(install).toBe('pnpm install --frozen-lockfile');
    for (const [, lines] of jobs(workflow)) {
      const commands = runs(lines);
      expect(
        commands.filter((c) => c.includes('npm install -g pnpm@')).map((c) => /pnpm@\S+/.exec(c)?.[0]),
      ).toEqual([pnpm]);
      expect(commands).toContain(install);
    }
  });
});

describe('ci.yml', () => {
  const [[, verify = []] = []] = [...jobs(workflows.ci)];

  it('runs the test command of .ci/run after its install, with Chromium installed as .ci/run installs it', () => {
    const test = /^(pnpm \w+) 2>&1 \| tee/m.exec(ciRun)?.[1];
    expect(test).toBe('pnpm verify');
    const commands = runs(verify);
    expect(commands.at(-1)).toBe(test);
    expect(commands.indexOf('pnpm install --frozen-lockfile')).toBe(commands.length - 2);
    const chromium = /(apt-get install .*chromium)/.exec(ciRun)?.[1] ?? '-';
    expect(commands.some((c) => c.includes(chromium))).toBe(true);
  });

  it('runs on Node 20 (the engines range and TOOLCHAIN.md), reading the repository only', () => {
    expect(verify).toContain('    container: node:20-bookworm');
    expect(permissions(verify)).toEqual({ contents: 'read' });
  });
});

describe('release.yml', () => {
  const releaseJobs = jobs(workflows.release);

  it('opens the version pull request in one job and publishes in another, after it', () => {
    const version = releaseJobs.get('version') ?? [];
    const publish = releaseJobs.get('publish') ?? [];
    expect(version.join('\n')).toMatch(
      /uses: changesets\/action@[0-9a-f]{40} # v1\.[\s\S]*version: pnpm changeset version/,
    );
    expect(version.join('\n')).not.toMatch(/publish:/);
    expect(publish).toContain('    needs: version');
    expect(publish).toContain("    if: needs.version.outputs.hasChangesets == 'false'");
    expect(publish.join('\n')).toMatch(
      /uses: changesets\/action@[0-9a-f]{40} # v1\.[\s\S]*publish: pnpm run release/,
    );
    expect(JSON.parse(read('package.json')).scripts.release).toBe('pnpm run build && changeset publish');
  });

  it('gives id-token: write to the publish job only, and publishes with npm provenance', () => {
    expect(permissions(releaseJobs.get('version') ?? [])).toEqual({
      contents: 'write',
      'pull-requests': 'write',
    });
    expect(permissions(releaseJobs.get('publish') ?? [])).toEqual({ contents: 'write', 'id-token': 'write' });
    expect(workflows.release.match(/id-token: write/g)).toHaveLength(1);
    expect(releaseJobs.get('publish')).toContain('          NPM_CONFIG_PROVENANCE: true');
  });
});
