import { type DestinationStream, type Logger, pino } from 'pino';
import { redactDeep } from './redactDeep.js';

/**
 * The structured JSON logger. Every object logged goes through {@link redactDeep}: secrets (API keys, private keys,
 * passwords, tokens, RPC URLs) are redacted at any depth, inside Maps and foreign error objects too.
 *
 * @example
 * ```ts
 * const logger = createLogger({ level: 'info' });
 * logger.info({ config }, 'started'); // no secret of config reaches the output
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
    base: { service: 'api-server' },
    // pino's `redact` only knows fixed paths; secrets can sit at any depth (a config object, an ethers error).
    formatters: { log: (object: Record<string, unknown>) => redactDeep(object) as Record<string, unknown> },
    // `err` is turned into a plain redacted object by the formatter; pino's own error serializer would keep URLs.
    serializers: { err: (e: unknown) => e },
    hooks: {
      // A bare error as first argument would put its (unredacted) message into `msg`; messages may carry URLs.
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        const out = args.map((a) => (typeof a === 'string' ? redactDeep(a) : a));
        if (out[0] instanceof Error) {
          const error = out[0];
          out[0] = { err: error };
          if (out.length === 1) out.push(redactDeep(error.message));
        }
        method.apply(this, out);
      },
    },
  };
  return destination ? pino(options, destination as unknown as DestinationStream) : pino(options);
}
