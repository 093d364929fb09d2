import { main } from './main.js';

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`api-server: failed to start: ${message}\n`);
  process.exit(1);
});
