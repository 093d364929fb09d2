import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy in front of PostgreSQL that can cut, refuse, and send new connections to another database. */
export interface PgProxy {
  /** `postgres://…@127.0.0.1:PORT/<database>` of `url`, through the proxy. */
  readonly url: string;
  /** Connections opened through the proxy so far. */
  readonly opened: number;
  /** Destroys every open connection at once (the server's backends see the client vanish mid-whatever). */
  cut(): number;
  /** While true, a new connection is accepted and closed at once (the server is down or restarting). */
  refusing: boolean;
  /**
   * From now on, new connections log into this database instead of the one they asked for (the StartupMessage is
   * rewritten): a failover to a new primary holding a copy of the data.
   */
  database: string | undefined;
  close(): Promise<void>;
}

/** Rewrites the `database` parameter of a PostgreSQL StartupMessage (protocol 3.0); other messages pass unchanged. */
function rewriteStartup(message: Buffer, database: string): Buffer {
  if (message.length < 8 || message.readInt32BE(4) !== 196_608) return message;
  const parts = message
    .subarray(8, message.length - 1)
    .toString('utf8')
    .split('\0');
  const pairs: string[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    pairs.push(parts[i] as string, parts[i] === 'database' ? database : (parts[i + 1] as string));
  }
  const body = Buffer.from(`${pairs.join('\0')}\0\0`, 'utf8');
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(196_608, 4);
  body.copy(out, 8);
  return out;
}

/**
 * Starts the proxy on 127.0.0.1:random in front of `upstream` (default 127.0.0.1:5432); `url` is rewritten to point
 * at it. Test support: loopback only, no TLS (the clients here send no SSLRequest).
 */
export async function startPgProxy(
  url: string,
  upstream: { host: string; port: number } = { host: '127.0.0.1', port: 5432 },
): Promise<PgProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let opened = 0;
  const state = { refusing: false, database: undefined as string | undefined };
  const server = createServer((client) => {
    opened += 1;
    if (state.refusing) {
      client.destroy();
      return;
    }
    const target = connect(upstream.port, upstream.host);
    const pair: [Socket, Socket] = [client, target];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      target.destroy();
    };
    client.on('error', end).on('close', end);
    target.on('error', end).on('close', end);
    let first = true;
    client.on('data', (chunk: Buffer) => {
      const data = first && state.database !== undefined ? rewriteStartup(chunk, state.database) : chunk;
      first = false;
      target.write(data);
    });
    target.on('data', (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    get opened() {
      return opened;
    },
    cut() {
      const n = pairs.size;
      for (const [client, target] of [...pairs]) {
        client.destroy();
        target.destroy();
      }
      pairs.clear();
      return n;
    },
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get database() {
      return state.database;
    },
    set database(value: string | undefined) {
      state.database = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, target] of pairs) {
          client.destroy();
          target.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
