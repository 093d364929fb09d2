import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptKeystoreJson, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../dist/start.js', import.meta.url));

/** Runs the production entry (built by `build`) with only `env`, collecting output until it exits or is killed. */
function run(env: Record<string, string>, killAfterMs?: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-start-')), 'data');
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
      if (killAfterMs !== undefined && stdout.includes('api-server listening')) {
        setTimeout(() => child.kill('SIGTERM'), killAfterMs);
      }
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('pnpm start (dist/start.js)', () => {
  it('exits non-zero with a clear message when WEB3_API_KEY is unset', async () => {
    const { code, stderr } = await run({});
    expect(code).toBe(1);
    expect(stderr).toContain('WEB3_API_KEY: is required');
  });

  it('exits non-zero when CORS_ALLOWED_ORIGINS contains *', async () => {
    const { code, stderr } = await run({ WEB3_API_KEY: 'k'.repeat(32), CORS_ALLOWED_ORIGINS: '*' });
    expect(code).toBe(1);
    expect(stderr).toContain('CORS_ALLOWED_ORIGINS');
  });

  it('exits non-zero, without echoing the password, when the keystore password is wrong or the file is missing', async () => {
    const wallet = Wallet.createRandom();
    const path = join(mkdtempSync(join(tmpdir(), 'keystore-')), 'wallet.json');
    writeFileSync(
      path,
      await encryptKeystoreJson({ address: wallet.address, privateKey: wallet.privateKey }, 'right-pw', {
        scrypt: { N: 1 << 10 },
      }),
    );
    const wrong = await run({
      WEB3_API_KEY: 'k'.repeat(32),
      WALLET_KEYSTORE_PATH: path,
      WALLET_KEYSTORE_PASSWORD: 'wrong-pw',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('WALLET_KEYSTORE_PASSWORD: Keystore password is incorrect');
    expect(wrong.stderr + wrong.stdout).not.toContain('wrong-pw');
    const missing = await run({
      WEB3_API_KEY: 'k'.repeat(32),
      WALLET_KEYSTORE_PATH: `${path}.missing`,
      WALLET_KEYSTORE_PASSWORD: 'x',
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('WALLET_KEYSTORE_PATH');
  });

  it('a well-formed but unusable private key fails startup naming WALLET_PRIVATE_KEY, without echoing it', async () => {
    const key = `0x${'f'.repeat(64)}`; // above the secp256k1 group order
    const { code, stderr, stdout } = await run({ WEB3_API_KEY: 'k'.repeat(32), WALLET_PRIVATE_KEY: key });
    expect(code).toBe(1);
    expect(stderr).toContain('api-server: configuration error: WALLET_PRIVATE_KEY:');
    expect(stderr + stdout).not.toContain('f'.repeat(16));
  });

  it('binding 0.0.0.0 starts, logs a network-exposure warning, and stops cleanly on SIGTERM', async () => {
    const { code, stdout } = await run(
      { WEB3_API_KEY: 'k'.repeat(32), API_HOST: '0.0.0.0', API_PORT: '0' },
      50,
    );
    expect(stdout).toMatch(/"level":40.*reachable from the network/);
    expect(stdout).not.toContain('k'.repeat(32));
    expect(code).toBe(0);
  });

  it('binding 127.0.0.1 logs no exposure warning', async () => {
    const { stdout } = await run({ WEB3_API_KEY: 'k'.repeat(32), API_PORT: '0' }, 50);
    expect(stdout).toContain('api-server listening');
    expect(stdout).not.toContain('reachable from the network');
  });
});
