import { type ChildProcess, spawn } from 'node:child_process';

export interface RunCommandParameters {
  /** Program and arguments (no shell). */
  readonly command: readonly [string, ...string[]];
  readonly cwd: string;
  /** Added to a clean environment (see `cleanEnvironment`). */
  readonly env?: Readonly<Record<string, string>>;
  /** Killed (with its whole process group) after this long. */
  readonly timeoutMs: number;
}

export interface RunCommandReturnType {
  readonly code: number | null;
  readonly output: string;
  readonly durationMs: number;
}

const running = new Set<ChildProcess>();
// Commands are bounded (installs, builds, compilers), and this also ends them if the test process exits early.
process.once('exit', () => killRunningCommands());

/**
 * The environment a user's shell would give a command: the caller's, minus what pnpm, npm and vitest inject into
 * scripts they run (`npm_config_*`, `npm_package_*`, lifecycle variables, `NODE_OPTIONS`, `NODE_PATH`…), which
 * would otherwise leak the workspace's settings and packages into the scratch project.
 */
export function cleanEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(npm_|pnpm_|vitest|tinypool)/i.test(key)) continue;
    // NODE_PATH: pnpm's bin shims point it into the workspace store, where `@org/*` resolve to the workspace's own
    // packages — a consumer project must find only what it installed.
    if (['INIT_CWD', 'NODE_OPTIONS', 'NODE_PATH', 'NODE_ENV', 'TEST', 'VITEST'].includes(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * Runs a command asynchronously (a registry may be served from this very process), capturing stdout and stderr
 * together. Throws with the output when it exits non-zero or outlives `timeoutMs`.
 */
export async function runCommand(parameters: RunCommandParameters): Promise<RunCommandReturnType> {
  const result = await tryCommand(parameters);
  if (result.code !== 0) {
    throw new Error(
      `\`${parameters.command.join(' ')}\` in ${parameters.cwd} exited with ${result.code}:\n${result.output.slice(-6000)}`,
    );
  }
  return result;
}

/** Like `runCommand`, but returns a non-zero exit instead of throwing. */
export function tryCommand({
  command,
  cwd,
  env,
  timeoutMs,
}: RunCommandParameters): Promise<RunCommandReturnType> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const [program, ...args] = command;
    // Own process group, so a time-out or a failing test can kill the command and everything it started.
    const child = spawn(program, args, {
      cwd,
      env: { ...cleanEnvironment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      killGroup(child);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, output, durationMs: Date.now() - started });
    });
  });
}

/** Kills every command still running (and what it started). For `afterAll`, so a failed test leaves nothing. */
export function killRunningCommands(): void {
  for (const child of running) killGroup(child);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
