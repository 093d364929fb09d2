import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI } from './startStack.js';

/** The SDK's own client on a `wallet-ops-mcp` child over stdio. */
export async function connectStdio(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI], env, stderr: 'ignore' }),
  );
  return client;
}

/** A `wallet-ops-mcp --http` child and its endpoint (read from what it prints on stderr). */
export interface HttpChild {
  readonly url: string;
  readonly child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Spawns `wallet-ops-mcp --http` on a free loopback port. */
export async function spawnHttp(env: Record<string, string>): Promise<HttpChild> {
  const child = spawn(process.execPath, [CLI, '--http'], {
    env: { MCP_HTTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no endpoint printed: ${stderr}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The SDK's own client over Streamable HTTP with the MCP key as a bearer token. */
export async function connectHttp(url: string, key: string): Promise<Client> {
  return (await openHttpSession(url, key)).client;
}

/** {@link connectHttp}, with the transport (to end the session with `terminateSession`). */
export async function openHttpSession(
  url: string,
  key: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'mcp-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

/** Calls a tool; the result typed as a plain tool result. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The first text block of a result. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** The structured content of a successful result (fails the test on an error result). */
export function structured(result: CallToolResult): Record<string, unknown> {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  return result.structuredContent as Record<string, unknown>;
}
