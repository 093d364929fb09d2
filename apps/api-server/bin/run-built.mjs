// `pnpm operator …` and `pnpm demo …` at the repository root: the root has no script of these names, so pnpm runs
// this package's bin of that name as it is — no "> wallet-ops@… operator" banner on stdout before the command's own
// output (`pnpm operator status --json | jq` works). Builds what the command needs first (turbo, cached; its output
// shown only when the build fails), then runs the built entry in this process: its exit code is the command's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Builds the API server (and what it depends on), then imports `dist/<entry>.js`. */
export async function runBuilt(entry) {
  const app = join(dirname(fileURLToPath(import.meta.url)), '..');
  const root = join(app, '..', '..');
  const turbo = join(root, 'node_modules', '.bin', 'turbo');
  if (existsSync(turbo)) {
    const build = spawnSync(
      turbo,
      ['run', 'build', '--filter=@org/api-server...', '--output-logs=errors-only'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
      },
    );
    if (build.status !== 0) {
      const output =
        `${build.stdout ?? ''}${build.stderr ?? ''}`.trim() || String(build.error ?? 'build failed');
      if (process.argv.includes('--json')) {
        process.stdout.write(
          `${JSON.stringify({ ok: false, command: entry, error: { code: 'BUILD_FAILED', message: output } }, null, 2)}\n`,
        );
      } else {
        process.stderr.write(`${entry}: the build failed:\n${output}\n`);
      }
      process.exit(1);
    }
  }
  await import(join(app, 'dist', `${entry}.js`));
}
