// An MCP endpoint for remote agents inside your own process: Streamable HTTP on loopback, a key of its own, every
// tool a request to the wallet-operations API server — which holds the wallet key; this process holds none.
import { createMcpServer, startHttpServer, WalletOpsClient } from '@org/mcp';

const client = new WalletOpsClient({
  url: process.env.WALLET_OPS_URL ?? 'http://127.0.0.1:8000',
  apiKey: process.env.WALLET_OPS_API_KEY ?? '',
});

const endpoint = await startHttpServer({
  // One MCP server per session; follow tools wait at most a minute.
  createServer: () => createMcpServer({ client, waitMaxSeconds: 60 }),
  host: '127.0.0.1',
  port: 8765,
  key: process.env.MCP_HTTP_KEY ?? '', // agents send `Authorization: Bearer <key>`
  maxSessions: 4,
});
console.error(`MCP endpoint: ${endpoint.url}`);

process.on('SIGINT', () => {
  void endpoint.close();
});
