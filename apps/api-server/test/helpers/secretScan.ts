import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Every test server of the suite records what it wrote (its log lines and the bodies of the answers its helpers
// read) beside the secrets it was configured with; `secretScan.global.ts` reads them all when the suite ends and
// fails the run if any secret appears anywhere. So "no secret in any log line or body" holds for the whole suite,
// not for a sample.

/** Environment variables whose whole value is a secret. */
const SECRET_VARIABLES = [
  'WEB3_API_KEY',
  'WEB3_OPERATOR_KEY',
  'WALLET_PRIVATE_KEY',
  'WALLET_KEYSTORE_PASSWORD',
  'GOPLUS_ACCESS_TOKEN',
  'YIELD_DEFILLAMA_API_KEY',
  'LIFI_API_KEY',
];
/** Variables that hold URLs whose credentials (user info, a key in the path or query) are secret. */
const URL_VARIABLE = /^(RPC_URL_|DATABASE_URL$|SOLANA_RPC_URL$)/;

/** The secret strings of one server's environment (at least 8 characters: shorter ones would match by chance). */
export function secretsOf(env: Readonly<Record<string, string>>): string[] {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (SECRET_VARIABLES.includes(name)) {
      secrets.add(value);
      if (/^0x[0-9a-fA-F]{64}$/.test(value)) secrets.add(value.slice(2));
    } else if (URL_VARIABLE.test(name)) {
      try {
        const url = new URL(value);
        if (url.password) secrets.add(decodeURIComponent(url.password));
        for (const [key, v] of url.searchParams) if (/key|token|secret|sig/i.test(key)) secrets.add(v);
      } catch {
        // Not a URL: the server refuses it at start; nothing to scan for.
      }
    }
  }
  return [...secrets].filter((s) => s.length >= 8);
}

/**
 * Records one test server's output for the end-of-suite scan (a no-op when the suite runs without the global
 * set-up, e.g. a single file run from an editor).
 */
export function recordForSecretScan(record: {
  secrets: readonly string[];
  logs: string;
  bodies: readonly string[];
  /** Secrets this server legitimately shows (the wallet-create answer's fresh key is not configured anywhere). */
}): void {
  const dir = process.env.SECRET_SCAN_DIR;
  if (!dir) return;
  writeFileSync(join(dir, `${Date.now()}-${randomBytes(6).toString('hex')}.json`), JSON.stringify(record));
}
