import { connect } from 'node:net';

/** One HTTP answer read off a raw socket. */
export interface RawAnswer {
  /** The status line's code (0 when the server closed without answering). */
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent. */
  text: string;
}

/**
 * Sends `request` byte for byte on a fresh socket (so that a test controls every header, or sends what no client
 * library would: no `Content-Length`, a 20 KB request line, a broken header) and reads the answer until the server
 * closes the connection or one whole answer (by its `Content-Length`) has arrived. Bounded: 15 s.
 */
export function rawHttp(url: string, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const finish = () => {
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('utf8')));
    };
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const answer = parse(Buffer.concat(chunks).toString('utf8'));
      const length = Number(answer.headers['content-length'] ?? Number.NaN);
      if (Number.isInteger(length) && Buffer.byteLength(answer.body) >= length) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A server that answers and closes while we still write: what it answered is the result.
      if (chunks.length > 0 || error.code === 'ECONNRESET' || error.code === 'EPIPE') finish();
      else reject(error);
    });
    socket.on('close', finish);
    socket.setTimeout(15_000, () => reject(new Error('no answer within 15 s')));
  });
}

function parse(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end === -1 ? '' : text.slice(end + 4),
    text,
  };
}
