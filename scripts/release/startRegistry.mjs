// @ts-check
// A throwaway npm registry (Verdaccio from npm) on 127.0.0.1: its own storage in a temporary directory, no
// uplinks (it serves only what is published to it), anyone may read, any token may publish.
//
// It runs inside the calling process (no child process to leak): the release test starts it, and
//   node scripts/release/startRegistry.mjs [port]
// runs one in the foreground for a release by hand (see CONTRIBUTING.md); Ctrl+C stops it and deletes its storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from 'verdaccio';

/**
 * @typedef {{ url: string, port: number, storage: string, close: () => Promise<void> }} Registry
 */

/**
 * Starts Verdaccio on 127.0.0.1 (`port` 0 = any free port). `close()` stops it and deletes its storage.
 * @param {{ port?: number }} [parameters]
 * @returns {Promise<Registry>}
 */
export async function startRegistry({ port = 0 } = {}) {
  const storage = mkdtempSync(join(tmpdir(), 'verdaccio-'));
  try {
    const server = await runServer({
      self_path: storage,
      storage: join(storage, 'packages'),
      uplinks: {},
      packages: { '**': { access: '$all', publish: '$anonymous', unpublish: '$anonymous' } },
      auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: -1 } },
      log: { type: 'stdout', format: 'json', level: 'error' },
      web: { enable: false },
    });
    /** @type {number} */
    const boundPort = await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Verdaccio did not report its port'));
      });
    });
    // Keep-alive sockets from npm would hold `close()` open for minutes.
    const closeAll = /** @type {{ closeAllConnections?: () => void }} */ (server).closeAllConnections;
    return {
      url: `http://127.0.0.1:${boundPort}/`,
      port: boundPort,
      storage,
      close: async () => {
        await new Promise((resolve) => {
          server.close(() => resolve(undefined));
          closeAll?.call(server);
        });
        rmSync(storage, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(storage, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const registry = await startRegistry({ port: Number(process.argv[2] ?? 4873) });
  const host = registry.url.replace(/^http:/, '');
  console.log(`Verdaccio listening on ${registry.url} (storage ${registry.storage}, deleted on exit)

Publish to it from a throwaway copy of the repository, after \`pnpm changeset version\` and \`pnpm build\`:
  env 'npm_config_@org:registry=${registry.url}' 'npm_config_${host}:_authToken=local' pnpm changeset publish

Install from it in another project (its .npmrc):
  @org:registry=${registry.url}
`);
  const stop = () => {
    registry.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
