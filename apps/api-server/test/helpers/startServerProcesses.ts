import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InstanceProcess, startInstanceProcess } from './startInstanceProcess.js';

/**
 * The variables the README's deployment section marks "per instance? yes", read from the README itself so the
 * harness and the documentation cannot drift apart.
 */
function perInstanceVariables(): string[] {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('## Deployment: several instances, one PostgreSQL');
  if (start < 0) throw new Error('the README has no deployment section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .filter((line) => line.split('|')[3]?.trim().startsWith('yes'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string),
    );
}

/** What each instance gets of its own: the address it listens on (loopback 127.0.0.11, .12, …) and a data directory. */
const OWN: Record<string, (index: number) => string> = {
  API_HOST: (index) => `127.0.0.${11 + index}`,
  // Any free port: the instances of several test files may run side by side.
  API_PORT: () => '0',
  DATA_DIR: () => join(mkdtempSync(join(tmpdir(), 'api-server-instance-')), 'data'),
};

/**
 * Starts `count` production server processes (`node dist/start.js`, what `pnpm start` runs) the way the README's
 * deployment section says: the same `shared` environment (one `DATABASE_URL`, one wallet, one set of keys and caps)
 * and, per instance, the variables the section marks "per instance" — nothing else differs. Named A, B, C…
 */
export async function startServerProcesses(
  count: number,
  shared: Readonly<Record<string, string>>,
): Promise<InstanceProcess[]> {
  if (!shared.DATABASE_URL) throw new Error('instances share one DATABASE_URL');
  const own = perInstanceVariables();
  const unknown = own.filter((name) => !(name in OWN));
  if (unknown.length > 0 || own.length === 0) {
    throw new Error(`the README's per-instance variables changed (${own.join(', ')}): update this harness`);
  }
  const clash = own.filter((name) => name in shared);
  if (clash.length > 0) throw new Error(`per-instance variables given as shared: ${clash.join(', ')}`);
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      startInstanceProcess(String.fromCharCode(65 + index), {
        ...shared,
        ...Object.fromEntries(own.map((name) => [name, (OWN[name] as (i: number) => string)(index)])),
      }),
    ),
  );
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop('SIGKILL') : undefined)));
    throw (failed as PromiseRejectedResult).reason;
  }
  return started.map((s) => (s as PromiseFulfilledResult<InstanceProcess>).value);
}
