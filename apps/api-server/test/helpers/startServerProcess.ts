import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_API_KEY } from './startTestServer.js';

/** The production entry running in a child process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything it wrote to stdout (its JSON log lines) and stderr so far. */
  output(): string;
  /** Resolves with its exit code (null when killed by a signal) once it has exited. */
  readonly exited: Promise<number | null>;
  /** `fetch` against it with the API key. */
  call(path: string, init?: RequestInit): Promise<Response>;
}

const entry = fileURLToPath(new URL('../../dist/start.js', import.meta.url));

/**
 * Spawns `node dist/start.js` (the built production entry) on `dataDir` with `env` (the API key, port 0 and the
 * data directory are set here) and resolves once it logs that it listens; rejects with its output when it exits
 * first or does not listen within 30 s. The caller kills it (`child.kill`).
 *
 * @example
 * ```ts
 * const server = await startServerProcess(dataDir, { RPC_URL_DEVNET: devnet.rpcUrl });
 * server.child.kill('SIGTERM');
 * expect(await server.exited).toBe(0);
 * ```
 */
export function startServerProcess(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      WEB3_API_KEY: TEST_API_KEY,
      API_PORT: '0',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  let out = '';
  const append = (chunk: Buffer) => {
    out += chunk.toString('utf8');
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 30 s: ${out.slice(-800)}`));
    }, 30_000);
    const onData = () => {
      const line = out.split('\n').find((l) => l.includes('api-server listening'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      const url = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      resolve({
        url,
        child,
        output: () => out,
        exited,
        call: (path, init = {}) =>
          fetch(`${url}${path}`, { ...init, headers: { ...init.headers, 'X-API-Key': TEST_API_KEY } }),
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out.slice(-800)}`));
    });
  });
}
