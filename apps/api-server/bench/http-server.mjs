// One server of the HTTP overhead bench, in its own process (started by http.bench.mjs, never on its own):
//   node bench/http-server.mjs ours   — the API server as `startServer` builds it, LOG_LEVEL=info by default
//   node bench/http-server.mjs bare   — Express 5 with nothing but the routes
// It reports its URL over IPC, then answers `cpu` with its own CPU time so the bench can divide it by requests.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';

const KEY = process.env.BENCH_API_KEY ?? '';
const kind = process.argv[2];

async function startOurs() {
  const { loadConfig } = await import('../dist/config.js');
  const { createLogger } = await import('../dist/http/createLogger.js');
  const { startServer } = await import('../dist/startServer.js');
  const config = loadConfig({
    WEB3_API_KEY: KEY,
    API_PORT: '0',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'api-bench-')), 'data'),
  });
  // A request log line per request, written synchronously to /dev/null like a production stdout pipe would be.
  const logger = createLogger({
    level: process.env.BENCH_LOG ?? 'info',
    destination: pino.destination({ dest: '/dev/null', sync: true }),
  });
  const server = await startServer({ config, logger });
  return { url: server.url, close: () => server.close() };
}

async function startBare(bodies) {
  // Express 5 out of the box (its defaults included: ETag, X-Powered-By), answering the same JSON documents as
  // ours, serialised per request like any handler would, and checking the key with a plain comparison.
  // `/governor/status/read` does the route's own work too — the same GovernorService status read, on its own
  // SQLite file — so that comparing it with ours isolates what our HTTP stack adds.
  const { loadConfig } = await import('../dist/config.js');
  const { openDatabase } = await import('../dist/openDatabase.js');
  const { GovernorService } = await import('../dist/services/GovernorService.js');
  const config = loadConfig({
    WEB3_API_KEY: KEY,
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'bare-bench-')), 'data'),
  });
  const governor = new GovernorService({
    config,
    database: openDatabase({ dataDir: config.dataDir }),
    logger: pino({ level: 'silent' }),
  });
  const app = express();
  app.get('/health', (_req, res) => {
    res.json(bodies.health);
  });
  app.get('/governor/status', (req, res) => {
    if (req.get('x-api-key') !== KEY) {
      res.status(401).end();
      return;
    }
    res.json(bodies.status);
  });
  app.get('/approval/known-protocols', (req, res) => {
    if (req.get('x-api-key') !== KEY) {
      res.status(401).end();
      return;
    }
    res.json(bodies.protocols);
  });
  app.get('/governor/status/read', (req, res, next) => {
    if (req.get('x-api-key') !== KEY) {
      res.status(401).end();
      return;
    }
    governor.status().then((status) => res.json(status), next);
  });
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** CPU time of the main (JavaScript) thread alone, from /proc (Linux; undefined elsewhere). */
function mainThreadMicros() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime + stime, in 1/100 s
  } catch {
    return undefined;
  }
}

let running;
process.on('message', async (message) => {
  if (message.type === 'start') {
    running = kind === 'ours' ? await startOurs() : await startBare(message.bodies);
    process.send({ type: 'ready', url: running.url });
  } else if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ type: 'cpu', micros: user + system, mainMicros: mainThreadMicros() });
  } else if (message.type === 'stop') {
    await running?.close();
    process.disconnect();
  }
});
process.on('disconnect', () => process.exit(0));
