import { configTable } from './config/configTable.js';
import { renderHelp } from './config/renderHelp.js';
import { main } from './main.js';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  // The configuration schema, rendered: no variable is read, nothing starts.
  process.stdout.write(renderHelp(configTable));
} else {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`api-server: failed to start: ${message}\n`);
    process.exit(1);
  });
}
