import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Vitest global set-up of the api-server suite: a folder where every test server records its logs, answer bodies
// and configured secrets (test/helpers/secretScan.ts); at the end, any secret found in any of them fails the run.

let dir: string | undefined;

export function setup(): void {
  dir = mkdtempSync(join(tmpdir(), 'secret-scan-'));
  process.env.SECRET_SCAN_DIR = dir;
}

export function teardown(): void {
  if (dir === undefined) return;
  const leaks: string[] = [];
  let servers = 0;
  for (const file of readdirSync(dir)) {
    const record = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      secrets: string[];
      logs: string;
      bodies: string[];
    };
    servers++;
    for (const secret of record.secrets) {
      const masked = `${secret.slice(0, 4)}…(${secret.length} chars)`;
      const line = record.logs.split('\n').find((l) => l.includes(secret));
      if (line !== undefined)
        leaks.push(`log line with ${masked}: ${line.replaceAll(secret, '<SECRET>').slice(0, 300)}`);
      const body = record.bodies.find((b) => b.includes(secret));
      if (body !== undefined)
        leaks.push(`answer body with ${masked}: ${body.replaceAll(secret, '<SECRET>').slice(0, 300)}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (leaks.length > 0) {
    throw new Error(`secrets written by ${leaks.length} log line(s) or answer(s):\n${leaks.join('\n')}`);
  }
  console.log(`secret scan: no configured secret in the logs or answers of ${servers} test servers`);
}
