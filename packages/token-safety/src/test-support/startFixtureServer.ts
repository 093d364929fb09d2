import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One canned answer of the fixture server. */
export type FixtureAnswer = {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Delay before answering (simulates a slow provider / time-out). */
  delayMs?: number;
  /** Destroy the socket without answering. */
  hangUp?: boolean;
};

/** Reads a fixture file (JSON text written from the provider's documentation). */
export function loadFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

/**
 * A real HTTP server on 127.0.0.1 that answers with the handler's canned provider responses and records
 * every request (path + headers). Test support only.
 */
export async function startFixtureServer(
  handler: (request: IncomingMessage, index: number) => FixtureAnswer,
) {
  const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((request, response) => {
    const index = requests.length;
    requests.push({ url: request.url ?? '', headers: request.headers });
    const answer = handler(request, index);
    const send = () => {
      if (answer.hangUp) {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        ...(answer.headers ?? {}),
      });
      response.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
