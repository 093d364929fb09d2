import { startDevnet } from './startDevnet.js';

// `pnpm devnet`: run a devnet in the foreground, print its manifest as JSON on stdout, stop on Ctrl-C/SIGTERM.
// Only this entry point has top-level effects; importing `@org/devnet` never starts anything.

function parseArguments(argv: readonly string[]): { fresh: boolean; blockTime?: number } {
  const options: { fresh: boolean; blockTime?: number } = { fresh: false };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--fresh') options.fresh = true;
    else if (argument === '--block-time') {
      const value = Number(argv[++index]);
      if (!Number.isInteger(value) || value <= 0)
        throw new Error('--block-time needs a positive integer (seconds)');
      options.blockTime = value;
    } else if (argument === '--help' || argument === '-h') {
      process.stderr.write('usage: devnet [--fresh] [--block-time SECONDS]\n');
      process.exit(0);
    } else throw new Error(`unknown argument: ${argument}`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const started = Date.now();
  const devnet = await startDevnet(options);
  process.stdout.write(`${JSON.stringify(devnet.manifest, null, 2)}\n`);
  process.stderr.write(
    `devnet ready at ${devnet.rpcUrl} (anvil pid ${devnet.pid}, ${devnet.source}, ${Date.now() - started} ms). ` +
      'Ctrl-C to stop.\n',
  );
  // The devnet does not hold the event loop open by itself; the CLI does, until a signal arrives.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping devnet…\n`);
    devnet
      .stop()
      .then(() => {
        clearInterval(keepAlive);
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`failed to stop devnet: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGHUP', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`devnet failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
