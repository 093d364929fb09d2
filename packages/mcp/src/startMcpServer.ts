import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { WalletOpsClient } from './client/WalletOpsClient.js';
import { createMcpServer } from './createMcpServer.js';
import type { McpConfig } from './loadMcpConfig.js';
import { EventFollower } from './resources/EventFollower.js';
import { isLoopbackHost } from './transports/isLoopbackHost.js';
import { startHttpServer } from './transports/startHttpServer.js';

/** Parameters of {@link startMcpServer}. */
export interface StartMcpServerParameters {
  readonly config: McpConfig;
  /** Where diagnostics go (default `process.stderr`). Never stdout: on stdio, stdout carries only the protocol. */
  readonly log?: (line: string) => void;
}

/** What {@link startMcpServer} returns. */
export interface RunningMcpServer {
  /** The Streamable HTTP endpoint; null on stdio. */
  readonly url: string | null;
  /** Stops the transport(s) and the event stream. */
  close(): Promise<void>;
}

/**
 * Starts the MCP server as configured: on stdio (one session, on this process's stdin/stdout) or on Streamable HTTP
 * (a session per client), with one follower of the API server's `/events` feeding every session's resource change
 * notifications.
 *
 * @example
 * ```ts
 * const running = await startMcpServer({ config: loadMcpConfig({ env: process.env }) });
 * process.on('SIGTERM', () => void running.close());
 * ```
 */
export async function startMcpServer({ config, log }: StartMcpServerParameters): Promise<RunningMcpServer> {
  const write = log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const client = new WalletOpsClient({ url: config.url, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
  const listeners = new Set<(type: string) => void>();
  const follower = new EventFollower({
    client,
    onEvent: (type) => {
      for (const listener of listeners) listener(type);
    },
    onError: (message) => write(`wallet-ops-mcp: ${message} (reconnecting)`),
  });
  const subscribeEvents = (listener: (type: string) => void) => {
    listeners.add(listener);
    follower.start();
    return () => listeners.delete(listener);
  };
  const create = () =>
    createMcpServer({
      client,
      waitMaxSeconds: config.waitMaxSeconds,
      pollIntervalMs: config.pollIntervalMs,
      subscribeEvents,
    });

  if (config.transport === 'stdio') {
    const server = create();
    await server.connect(new StdioServerTransport());
    write(`wallet-ops-mcp: serving MCP on stdio for ${config.url}`);
    return {
      url: null,
      close: async () => {
        await server.close();
        await follower.stop();
      },
    };
  }
  if (!isLoopbackHost(config.http.host)) {
    write(
      `wallet-ops-mcp: WARNING: MCP_HTTP_HOST ${config.http.host} is not loopback: the endpoint is reachable from the network; put it behind HTTPS.`,
    );
  }
  const http = await startHttpServer({
    createServer: create,
    host: config.http.host,
    port: config.http.port,
    key: config.http.key,
    allowedOrigins: config.http.allowedOrigins,
    allowedHosts: config.http.allowedHosts,
    maxSessions: config.http.maxSessions,
    sessionIdleSeconds: config.http.sessionIdleSeconds,
  });
  write(`wallet-ops-mcp: serving MCP (Streamable HTTP) at ${http.url} for ${config.url}`);
  return {
    url: http.url,
    close: async () => {
      await http.close();
      await follower.stop();
    },
  };
}
