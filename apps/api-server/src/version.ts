import { createRequire } from 'node:module';

/** The api-server package version (reported by GET /health). */
export function packageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('../package.json') as { version: string }).version;
}
