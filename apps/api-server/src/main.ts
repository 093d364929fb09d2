import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './lockDataDir.js';
import { describeStartFailure } from './describeStartFailure.js';
import { startServer } from './startServer.js';

/**
 * Production entry: configuration only from the environment. Exits non-zero with a clear message when the
 * configuration is invalid (e.g. WEB3_API_KEY unset); stops cleanly on SIGINT/SIGTERM (a second signal exits at once).
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`api-server: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ config });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`api-server: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`api-server: ${error.message}\n`);
      process.exit(1);
    }
    throw new Error(describeStartFailure(error, config));
  }
  // The first signal drains (new requests 503 SHUTTING_DOWN, in-flight executions finish and are recorded, jobs
  // stop, the database closes), within SHUTDOWN_DRAIN_MS; a second one exits at once.
  let stopping = false;
  const stop = () => {
    if (stopping) {
      process.stderr.write('api-server: second signal, exiting now\n');
      process.exit(130);
    }
    stopping = true;
    // close() is bounded by SHUTDOWN_DRAIN_MS; this guard only covers a database that will not close.
    setTimeout(() => {
      process.stderr.write('api-server: shutdown did not finish 10 s past SHUTDOWN_DRAIN_MS, exiting now\n');
      process.exit(1);
    }, config.shutdownDrainMs + 10_000).unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
