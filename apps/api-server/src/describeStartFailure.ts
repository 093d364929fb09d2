/**
 * A start-up failure in words a person can act on: a port in use names `API_PORT` and how to pick another; anything
 * else is its own message.
 *
 * @example
 * ```ts
 * describeStartFailure(error, { host: '127.0.0.1', port: 8000 });
 * // 'API_PORT: 127.0.0.1:8000 is already in use by another process: stop it, or set API_PORT to a free port (API_PORT=0 picks one)'
 * ```
 */
export function describeStartFailure(error: unknown, at: { host: string; port: number }): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `API_PORT: ${at.host}:${at.port} is already in use by another process: stop it, or set API_PORT to a free port (API_PORT=0 picks one)`;
  }
  if (code === 'EACCES') {
    return `API_PORT: ${at.host}:${at.port} may not be opened by this user (ports below 1024 need privileges): set API_PORT to another port (API_PORT=0 picks a free one)`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `API_HOST: ${at.host} is not an address of this machine`;
  }
  return error instanceof Error ? error.message : String(error);
}
