import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectStdio, structured, textOf } from './helpers/mcpClients.js';
import { CLI, type Stack, startStack } from './helpers/startStack.js';

// The SDK's own client over stdio against the built `wallet-ops-mcp`, itself a client of the real API server on the
// devnet (CONFIRM_MODE off, 0.05 ETH per transaction). Every chain effect is read with `cast`, not through the code
// under test.
const exec = promisify(execFile);
let stack: Stack;
let client: Client;

beforeAll(async () => {
  // The DCA scheduler does not run: orders are created and commanded, nothing fills behind the test's back.
  stack = await startStack({ DCA_TICK_SECONDS: '0' });
  client = await connectStdio(stack.mcpEnv);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

const usdcBalance = async () =>
  BigInt(
    (
      await stack.cast(
        'call',
        stack.devnet.manifest.tokens.usdc.address,
        'balanceOf(address)(uint256)',
        stack.wallet,
      )
    ).split(' ')[0] ?? '',
  );

describe('wallet-ops-mcp over stdio', () => {
  it('lists the curated tools with valid JSON Schemas, honest hints, and none of the operator’s powers', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual([
      'wallet_info',
      'portfolio',
      'token_safety',
      'gas_recommendation',
      'swap_quote',
      'swap_execute',
      'approvals_scan',
      'approval_revoke',
      'dca_create',
      'dca_list',
      'dca_pause',
      'dca_resume',
      'dca_cancel',
      'yield_opportunities',
      'yield_best',
      'yield_compound',
      'bridge_quote',
      'bridge_execute',
      'governor_status',
      'kill_switch_engage',
      'follow_execution',
      'follow_held_action',
    ]);
    const ajv = new AjvJsonSchemaValidator();
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      // Both compile (a broken schema throws here).
      ajv.getValidator(tool.inputSchema as never);
      ajv.getValidator(tool.outputSchema as never);
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
      expect(tool.name).not.toMatch(/unkill|release|limit|cap|approve|deny|cancel_execution/);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['swap_execute', 'yield_compound', 'bridge_execute', 'dca_create']) {
      expect(byName.get(name)?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
      });
      expect(Object.keys(byName.get(name)?.inputSchema.properties ?? {})).toContain('idempotencyKey');
    }
    for (const name of [
      'swap_quote',
      'token_safety',
      'governor_status',
      'follow_execution',
      'follow_held_action',
    ]) {
      expect(byName.get(name)?.annotations?.readOnlyHint).toBe(true);
    }
  });

  it('a quote, then an execute that lands on chain; a retry with the returned key runs nothing twice', async () => {
    const quote = structured(
      await call(client, 'swap_quote', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
    );
    const least = BigInt((quote.amountOutMin as { amountBase: string }).amountBase);
    expect(least).toBeGreaterThan(0n);
    expect(quote.safety).toMatchObject({ allowed: true });
    const before = await usdcBalance();
    const nonce = await stack.nonce();

    const outcome = structured(
      await call(client, 'swap_execute', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
    );
    expect(outcome).toMatchObject({ status: 'confirmed', confirmation: null });
    expect(outcome.idempotencyKey).toMatch(/^mcp-[0-9a-f-]{36}$/);
    const txHash = String(outcome.txHash);
    expect(await stack.cast('receipt', txHash, 'status')).toMatch(/^(1|true)\b/);
    expect((await usdcBalance()) - before).toBeGreaterThanOrEqual(least);
    expect(await stack.nonce()).toBe(nonce + 1);

    const again = structured(
      await call(client, 'swap_execute', {
        tokenIn: 'ETH',
        tokenOut: 'USDC',
        amountIn: '0.01',
        idempotencyKey: outcome.idempotencyKey,
      }),
    );
    expect(again).toMatchObject({
      executionId: outcome.executionId,
      txHash,
      idempotencyKey: outcome.idempotencyKey,
    });
    expect(await stack.nonce()).toBe(nonce + 1);
  });

  it('a swap over the per-transaction cap is refused with its code and what is left; nothing is sent', async () => {
    const nonce = await stack.nonce();
    const result = await call(client, 'swap_execute', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '1' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/^PER_TX_LIMIT_EXCEEDED: /);
    expect(text).toMatch(/The governor has 0\.\d+ ETH left for one transaction/);
    expect(text).toMatch(/only the operator can raise a cap/);
    const details = JSON.parse((result.content[1] as { text: string }).text) as Record<string, unknown>;
    expect(details).toMatchObject({
      code: 'PER_TX_LIMIT_EXCEEDED',
      status: 403,
      idempotencyKey: expect.stringMatching(/^mcp-/),
    });
    expect(await stack.nonce()).toBe(nonce);
  });

  it('buying the honeypot is refused TOKEN_UNSAFE, final; nothing is sent', async () => {
    const nonce = await stack.nonce();
    const result = await call(client, 'swap_execute', {
      tokenIn: 'ETH',
      tokenOut: 'HONEY',
      amountIn: '0.01',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^TOKEN_UNSAFE: /);
    expect(textOf(result)).toMatch(/no setting or approval makes it acceptable/);
    expect(await stack.nonce()).toBe(nonce);
  });

  it('bad arguments are refused before any request, naming the problem', async () => {
    const result = await call(client, 'swap_execute', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: 0.01 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^VALIDATION_FAILED: .*amountIn/);
  });

  it('offers the governor, held actions and token lists as resources, and the review prompt', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['wallet-ops://governor', 'wallet-ops://held-actions']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['wallet-ops://tokens/{chain}']);
    const tokens = await client.readResource({ uri: 'wallet-ops://tokens/devnet' });
    const list = JSON.parse(String((tokens.contents[0] as { text: string }).text)) as {
      tokens: { symbol: string }[];
    };
    expect(list.tokens.map((t) => t.symbol)).toContain('USDC');
    const governor = await client.readResource({ uri: 'wallet-ops://governor' });
    expect(JSON.parse(String((governor.contents[0] as { text: string }).text))).toMatchObject({
      killSwitch: false,
      limits: { maxPerTx: { eth: '0.05' } },
    });
    const prompt = await client.getPrompt({
      name: 'review_before_swap',
      arguments: { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' },
    });
    const text = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    expect(text).toMatch(/swap_quote[\s\S]*token_safety[\s\S]*governor_status[\s\S]*swap_execute/);
  });

  it('every read tool answers in its output schema from the real server; DCA commands and a revoke with nothing to revoke', async () => {
    const usdc = stack.devnet.manifest.tokens.usdc.address;
    const reads: [string, Record<string, unknown>][] = [
      ['wallet_info', {}],
      ['portfolio', { chains: 'devnet' }],
      ['token_safety', { address: usdc }],
      ['gas_recommendation', {}],
      ['approvals_scan', {}],
      ['governor_status', {}],
      ['dca_list', {}],
      ['yield_opportunities', { source: 'onchain' }],
    ];
    for (const [name, args] of reads) {
      const result = await call(client, name, args);
      // The SDK's client has already checked structuredContent against the tool's outputSchema.
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(result.structuredContent, name).toBeTypeOf('object');
    }
    expect(structured(await call(client, 'wallet_info', {}))).toMatchObject({ configured: true });

    const order = structured(
      await call(client, 'dca_create', {
        tokenIn: 'ETH',
        tokenOut: 'USDC',
        amountPerFill: '0.001',
        interval: 'daily',
      }),
    );
    expect(order).toMatchObject({ status: 'active', idempotencyKey: expect.stringMatching(/^mcp-/) });
    const id = String(order.id);
    expect(structured(await call(client, 'dca_pause', { orderId: id }))).toMatchObject({
      id,
      status: 'paused',
    });
    const twice = await call(client, 'dca_pause', { orderId: id });
    expect(twice.isError).toBe(true);
    expect(textOf(twice)).toMatch(/^DCA_INVALID_TRANSITION: /);
    expect(structured(await call(client, 'dca_resume', { orderId: id }))).toMatchObject({ status: 'active' });
    expect(structured(await call(client, 'dca_cancel', { orderId: id }))).toMatchObject({
      status: 'cancelled',
    });
    const listed = structured(await call(client, 'dca_list', { status: 'cancelled' }));
    expect((listed.items as { id: string }[]).map((o) => o.id)).toContain(id);

    const nonce = await stack.nonce();
    const revoke = await call(client, 'approval_revoke', {
      token: usdc,
      spender: stack.devnet.manifest.contracts.uniswapV2Router02,
    });
    expect(revoke.isError).toBe(true);
    expect(textOf(revoke)).toMatch(/^NOTHING_TO_REVOKE: [\s\S]*nothing to do/);
    expect(await stack.nonce()).toBe(nonce);
  });

  it('the kill switch engaged through MCP stops the next execute; a subscriber hears of it; no tool releases it', async () => {
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await client.subscribeResource({ uri: 'wallet-ops://governor' });
    // The API server's event stream has been followed since the session started (in beforeAll).

    expect(structured(await call(client, 'kill_switch_engage'))).toMatchObject({ killSwitch: true });
    const nonce = await stack.nonce();
    const result = await call(client, 'swap_execute', { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^KILL_SWITCH_ENGAGED: [\s\S]*no tool can release it/);
    expect(await stack.nonce()).toBe(nonce);
    await expect.poll(() => updates, { timeout: 10_000 }).toContain('wallet-ops://governor');

    // Nothing in the tool table can reach the operator's routes, and the process has no operator key to send.
    const built = readFileSync(CLI, 'utf8');
    for (const route of ['/governor/unkill', '/governor/limits', '/approve', '/deny', 'X-Operator-Key']) {
      expect(built).not.toContain(route);
    }
    expect(Object.keys(stack.mcpEnv)).not.toContain('WEB3_OPERATOR_KEY');
    // Engaging again changes nothing, and it is still engaged after every tool that could be called.
    expect(structured(await call(client, 'kill_switch_engage'))).toMatchObject({ killSwitch: true });
    expect(structured(await call(client, 'governor_status'))).toMatchObject({ killSwitch: true });
  });
});

describe('stdio hygiene', () => {
  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const child = spawn(process.execPath, [CLI], { env: stack.mcpEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    await expect.poll(() => stdout.includes('"id":1'), { timeout: 10_000 }).toBe(true);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'governor_status', arguments: {} } });
    await expect.poll(() => stdout.includes('"id":3'), { timeout: 10_000 }).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
    const lines = stdout.split('\n').filter((line) => line.length > 0);
    expect(lines.length).toBe(3);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(JSON.parse(lines[0] ?? '{}').result.protocolVersion).toBe('2025-06-18');
  });

  it("the MCP Inspector's CLI lists the tools and calls one", async () => {
    const inspector = fileURLToPath(
      new URL('../node_modules/@modelcontextprotocol/inspector-cli/build/index.js', import.meta.url),
    );
    // inspector-cli 1.0.3 looks for `../package.json` relative to the working directory but imports it relative to
    // its own file: run it from a directory that has a parent package.json (this one), as from any package folder.
    const cwd = fileURLToPath(new URL('.', import.meta.url));
    const options = { env: stack.mcpEnv, timeout: 30_000, cwd };
    const listed = JSON.parse(
      (await exec(process.execPath, [inspector, process.execPath, CLI, '--method', 'tools/list'], options))
        .stdout,
    ) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toContain('swap_quote');
    const called = JSON.parse(
      (
        await exec(
          process.execPath,
          [inspector, process.execPath, CLI, '--method', 'tools/call', '--tool-name', 'governor_status'],
          options,
        )
      ).stdout,
    ) as { structuredContent: { killSwitch: boolean } };
    const truth = (await (
      await fetch(`${stack.api.url}/governor/status`, {
        headers: { 'X-API-Key': stack.mcpEnv.WALLET_OPS_API_KEY ?? '' },
      })
    ).json()) as { killSwitch: boolean };
    expect(called.structuredContent.killSwitch).toBe(truth.killSwitch);
  });
});
