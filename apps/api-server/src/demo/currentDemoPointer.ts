import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What `<demoRoot>/current.json` says about the running demo. */
export interface CurrentDemo {
  readonly dataDir: string;
  readonly pid: number;
  readonly url: string;
  readonly startedAt: string;
}

const FILE = 'current.json';

/** Writes the pointer to this demo run (atomically: a reader never sees half a file). */
export function writeCurrentDemo(demoRoot: string, current: CurrentDemo): void {
  const tmp = join(demoRoot, `${FILE}.${process.pid}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, join(demoRoot, FILE));
}

/** Removes the pointer when it still names this process (a newer run's pointer is left alone). */
export function clearCurrentDemo(demoRoot: string, pid: number): void {
  if (readCurrentDemo(demoRoot)?.pid === pid) rmSync(join(demoRoot, FILE), { force: true });
}

/**
 * The running demo named by `<demoRoot>/current.json`, or `undefined` when there is none, the file is not ours, or
 * its process is gone (a demo killed hard leaves a stale pointer: it is ignored).
 */
export function readCurrentDemo(demoRoot: string): CurrentDemo | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(demoRoot, FILE), 'utf8'));
  } catch {
    return undefined;
  }
  const c = parsed as Partial<CurrentDemo> | null;
  if (
    typeof c?.dataDir !== 'string' ||
    typeof c.pid !== 'number' ||
    typeof c.url !== 'string' ||
    typeof c.startedAt !== 'string'
  ) {
    return undefined;
  }
  return isAlive(c.pid) ? (c as CurrentDemo) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
