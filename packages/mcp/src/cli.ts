import { loadMcpConfig } from './loadMcpConfig.js';
import { startMcpServer } from './startMcpServer.js';

// `wallet-ops-mcp [--stdio | --http]`. On stdio, stdout is the protocol's: anything a dependency would print with
// console.log goes to stderr instead.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

async function main(): Promise<void> {
  const config = loadMcpConfig({ env: process.env, argv: process.argv.slice(2) });
  const running = await startMcpServer({ config });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void running.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A desktop agent ends a stdio server by closing its stdin.
  if (config.transport === 'stdio') process.stdin.on('end', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`wallet-ops-mcp: ${message}\n`);
  process.exit(1);
});
