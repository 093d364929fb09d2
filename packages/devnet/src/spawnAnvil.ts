import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { AnvilExitedError } from './errors/AnvilExitedError.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { StartTimeoutError } from './errors/StartTimeoutError.js';
import { resolveAnvilBinary } from './resolveAnvilBinary.js';

/** Parameters of {@link spawnAnvil}. */
export interface SpawnAnvilParameters {
  /** Extra anvil arguments (`--host 127.0.0.1 --port 0` are always set). */
  args?: readonly string[] | undefined;
  /** Time to wait for `Listening on 127.0.0.1:PORT`, in milliseconds (default 15 000). */
  timeoutMs?: number | undefined;
  /** Path of the anvil executable (default: {@link resolveAnvilBinary}). */
  binaryPath?: string | undefined;
}

/** A running anvil process supervised by a kill-on-parent-death shell wrapper. */
export interface AnvilProcess {
  /** anvil's own pid (not the wrapper's). */
  readonly pid: number;
  /** TCP port anvil listens on, on 127.0.0.1. */
  readonly port: number;
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Resolves with the wrapper's exit code once anvil is gone (anvil is reaped before the wrapper exits). */
  readonly exited: Promise<number | null>;
  /** Whether anvil has exited. */
  hasExited(): boolean;
  /** The last few KiB of anvil's stdout/stderr, for diagnostics. */
  recentOutput(): string;
  /** Terminates anvil (SIGTERM, then SIGKILL after `graceMs`) and waits for it to be gone. Idempotent. */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/** Return type of {@link spawnAnvil}. */
export type SpawnAnvilReturnType = AnvilProcess;

const PID_MARKER = '__DEVNET_ANVIL_PID__=';
const LISTENING = /Listening on 127\.0\.0\.1:(\d+)/;
const OUTPUT_LIMIT = 8_192;

// Why a wrapper: a child of node survives a SIGKILLed parent. The shell keeps a watcher blocked on a read
// from our stdin pipe; when the pipe closes (stop(), or the parent dies for any reason, SIGKILL included)
// the read returns and the watcher sends anvil SIGTERM. The main shell waits for anvil, then reaps the
// watcher, so the wrapper's exit means every process it started is gone. stop() escalates to SIGKILL on
// the whole process group if anvil ignores SIGTERM.
const WRAPPER = [
  'exec 3<&0',
  'anvil="$1"; shift',
  '"$anvil" "$@" </dev/null &',
  'pid=$!',
  `echo "${PID_MARKER}$pid"`,
  '( read -r _ <&3; kill -TERM "$pid" 2>/dev/null ) &',
  'watcher=$!',
  'exec 3<&-',
  'wait "$pid"',
  'status=$?',
  'kill -TERM "$watcher" 2>/dev/null',
  'wait "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

/**
 * Spawns anvil on a random free port of 127.0.0.1 (`--port 0`) through a small `sh` wrapper that kills
 * anvil when this process dies, even by SIGKILL. Rejects with {@link StartTimeoutError} (after killing it)
 * when anvil is not listening within `timeoutMs`, and with {@link AnvilExitedError} when it exits early.
 *
 * @example
 * ```ts
 * import { spawnAnvil } from '@org/devnet';
 * const anvil = await spawnAnvil({ args: ['--chain-id', '31337'] });
 * console.log(anvil.url, anvil.pid);
 * await anvil.stop();
 * ```
 */
export async function spawnAnvil(parameters: SpawnAnvilParameters = {}): Promise<SpawnAnvilReturnType> {
  const timeoutMs = parameters.timeoutMs ?? 15_000;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new InvalidParameterError('timeoutMs', 'must be a positive finite number');
  }
  const args = parameters.args ?? [];
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) {
    throw new InvalidParameterError('args', 'must be an array of strings');
  }
  const binaryPath = parameters.binaryPath ?? resolveAnvilBinary().path;

  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(
      '/bin/sh',
      ['-c', WRAPPER, 'devnet-anvil', binaryPath, '--host', '127.0.0.1', '--port', '0', ...args],
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
  } catch (error) {
    throw new AnvilExitedError(null, 'spawning /bin/sh failed', error);
  }

  let output = '';
  let anvilPid: number | undefined;
  let exited = false;
  const append = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  const diagnostics = (): string | undefined =>
    output.replace(new RegExp(`${PID_MARKER}\\d+\\n?`), '').trim() || undefined;
  // Keep draining both pipes for the whole life of the process: a full pipe would block anvil.
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  child.stdin.on('error', () => {});
  const exitedPromise = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exited = true;
      child.stdin.destroy();
      resolve(code);
    });
    child.once('error', () => {
      exited = true;
      resolve(null);
    });
  });

  // Last resort: the wrapper leads its own process group (detached), so one signal reaches the wrapper,
  // its watcher and anvil — even an anvil forked before its pid was reported to us.
  const forceKill = (): void => {
    for (const target of [child.pid === undefined ? undefined : -child.pid, anvilPid]) {
      if (target === undefined) continue;
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    child.stdin.destroy();
  };

  // Closing our end of the stdin pipe is the normal way to stop: the wrapper's watcher sees EOF, sends
  // SIGTERM (then SIGKILL) to anvil, and the wrapper exits once anvil is reaped.
  const terminate = async (graceMs: number): Promise<void> => {
    if (exited) return;
    child.stdin.end();
    child.stdin.destroy();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exitedPromise.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      forceKill();
      await Promise.race([exitedPromise, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    }
  };

  const port = await new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, value?: number): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) reject(error);
      else resolve(value as number);
    };
    let pending = '';
    const onData = (chunk: Buffer): void => {
      pending += chunk.toString('utf8');
      const pidIndex = pending.indexOf(PID_MARKER);
      if (anvilPid === undefined && pidIndex >= 0) {
        const match = /^(\d+)/.exec(pending.slice(pidIndex + PID_MARKER.length));
        if (match?.[1]) anvilPid = Number(match[1]);
      }
      const listening = LISTENING.exec(pending);
      if (listening?.[1] && anvilPid !== undefined) finish(undefined, Number(listening[1]));
      if (pending.length > 65_536) pending = pending.slice(-4_096);
    };
    const onExit = (code: number | null): void => finish(new AnvilExitedError(code, diagnostics()));
    const onError = (error: Error): void => finish(new AnvilExitedError(null, 'spawn failed', error));
    const timer = setTimeout(
      () => finish(new StartTimeoutError(timeoutMs, diagnostics(), anvilPid)),
      timeoutMs,
    );
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  }).catch(async (error: unknown) => {
    await terminate(5_000);
    throw error;
  });

  const pid = anvilPid as number;
  // Do not keep the event loop alive for anvil: if the owner forgets stop(), the process still exits and
  // the closing stdin pipe takes anvil down with it.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void }).unref?.();
  }

  let stopping: Promise<void> | undefined;
  const stop = (options: { graceMs?: number } = {}): Promise<void> => {
    stopping ??= terminate(options.graceMs ?? 5_000);
    return stopping;
  };

  return {
    pid,
    port,
    url: `http://127.0.0.1:${port}`,
    exited: exitedPromise,
    hasExited: () => exited,
    recentOutput: () => diagnostics() ?? '',
    stop,
  };
}
