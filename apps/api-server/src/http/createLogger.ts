import { type DestinationStream, type Logger, pino } from 'pino';

/** Paths pino must censor wherever they appear in a log line. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'privateKey',
  '*.privateKey',
  'apiKey',
  '*.apiKey',
  'password',
  '*.password',
  'rpcUrl',
  '*.rpcUrl',
];

/**
 * The structured JSON logger. Secrets (API key header, private keys, passwords, RPC URLs that may carry
 * credentials) are redacted by path.
 *
 * @example
 * ```ts
 * const logger = createLogger({ level: 'info' });
 * ```
 */
export function createLogger({
  level,
  destination,
}: {
  level: string;
  destination?: NodeJS.WritableStream;
}): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'api-server' },
  };
  return destination ? pino(options, destination as unknown as DestinationStream) : pino(options);
}
