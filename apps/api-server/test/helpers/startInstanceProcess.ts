import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_API_KEY, TEST_OPERATOR_KEY } from './startTestServer.js';
import { recordForSecretScan, secretsOf } from './secretScan.js';

/** The built production entry, what `pnpm start` runs (`node dist/start.js`). */
const ENTRY = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
/** Every child still running, killed when the test process exits however it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** One production server process started by {@link startInstanceProcess}. */
export interface InstanceProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** The environment it was started with (its `DATA_DIR`, `API_PORT`…). */
  readonly env: Readonly<Record<string, string>>;
  /** What it wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** fetch relative to the instance, with the API key unless `key: null`. */
  call(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** POST as the operator (`X-Operator-Key` only). */
  operator(path: string, init?: RequestInit): Promise<Response>;
  /** Sends `signal` and resolves once the process is gone (SIGKILL after 15 s if a SIGTERM is not enough). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node dist/start.js` with exactly `env` (plus `PATH`), resolves once it logs `api-server listening`
 * (rejects after 60 s or if it exits first). The test process kills it when it exits.
 */
export function startInstanceProcess(
  name: string,
  env: Readonly<Record<string, string>>,
): Promise<InstanceProcess> {
  const child = spawn(process.execPath, [ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      recordForSecretScan({ secrets: secretsOf(env), logs: out, bodies: [] });
      resolve();
    });
  });
  const append = (chunk: Buffer) => {
    out += chunk.toString('utf8');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in 60 s: ${out.slice(-800)}`));
    }, 60_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it listened: ${out.slice(-800)}`));
    };
    child.once('exit', onExit);
    const onData = () => {
      const line = out.split('\n').find((l) => l.includes('api-server listening'));
      if (!line) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      clearTimeout(timer);
      const { port } = JSON.parse(line) as { port: number };
      const url = `http://${env.API_HOST ?? '127.0.0.1'}:${port}`;
      resolve({
        name,
        url,
        pid: child.pid as number,
        env,
        output: () => out,
        stop,
        call: (path, init = {}) => {
          const { key = env.WEB3_API_KEY ?? TEST_API_KEY, headers, ...rest } = init;
          const merged = new Headers(headers);
          if (key !== null) merged.set('X-API-Key', key);
          return fetch(`${url}${path}`, {
            ...rest,
            headers: merged,
            signal: rest.signal ?? AbortSignal.timeout(180_000),
          });
        },
        operator: (path, init = {}) => {
          const headers = new Headers(init.headers);
          headers.set('X-Operator-Key', env.WEB3_OPERATOR_KEY ?? TEST_OPERATOR_KEY);
          return fetch(`${url}${path}`, {
            method: 'POST',
            ...init,
            headers,
            signal: init.signal ?? AbortSignal.timeout(180_000),
          });
        },
      });
    };
    child.stdout?.on('data', onData);
  });
}
