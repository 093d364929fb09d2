// The operator CLI: the same decisions as the operator routes, on the server's data directory, for deployments
// that keep the operator key off the network. `pnpm operator <command>` (or the `wallet-ops-operator` bin).
import {
  approveConfirmation,
  type ConfirmationStatus,
  denyConfirmation,
  requestCancel,
} from '@org/chain-evm';
import { parseEther } from '@org/governor';
import { pino } from 'pino';
import { ConfigError, loadOperatorConfig } from './config.js';
import { findOperatorDataDir } from './findOperatorDataDir.js';
import { openOperatorStores } from './openOperatorStores.js';
import { runOperatorDca } from './operatorDca.js';
import { GovernorService } from './services/GovernorService.js';
import { toConfirmationDto } from './services/toConfirmationDto.js';

const USAGE = `wallet-ops operator CLI — works on the server's database: DATABASE_URL (PostgreSQL, the one every
instance shares) when set, else DATA_DIR (default ./.data, relative to the folder the command was started from), or
the running \`pnpm demo\`'s under it (DATA_DIR/demo/current.json).

  status                         kill switch, caps, spend, open reservations, held actions waiting
  kill                           engage the kill switch (every fund-moving action is blocked)
  unkill                         release the kill switch
  pending                        held actions waiting for a decision
  show ID                        one held action in full (its exact intent)
  approve ID [--value ETH] [--note TEXT]
                                 approve; the running server executes it within seconds (or at its next start).
                                 --value is needed when its value was unknown: the most the governor may charge
  deny ID [--note TEXT]          deny; nothing is sent
  cancel EXECUTION_ID            clear a stuck execution's nonce: the running server sends a same-nonce cancel
                                 (a 0-value transfer to the wallet itself, at a higher fee) within seconds — the one
                                 transaction sent while the kill switch is engaged
  limits [--max-per-tx ETH|config] [--daily ETH|config] [--session ETH|config]
                                 show, or change, the spend caps ("config" returns one to GOVERNOR_*)
  dca list [--status STATUS]     DCA orders, newest first (up to 100; active, paused, cancelled, completed)
  dca pause|resume|cancel ID     pause, resume (from the next slot) or cancel an order; the running server
                                 acts on it at its next tick

Output is JSON on stdout; the database used and any problem go to stderr. With --json, stdout is exactly one JSON
document, problems included: { ok, command, store, dataDir, dataDirSource, result } or { ok: false, …,
error: { code, message } } (store: sqlite or postgres; the URL is never printed). Exit codes: 0 done, 1 refused (the code says why), 2 usage.`;

/** Where a command's answer goes: its result, a refusal with its code, or a usage problem. */
interface Report {
  result(value: unknown): void;
  fail(code: string, message: string, fields?: unknown): number;
  usage(problem: string): number;
}

/**
 * Runs one command; returns the exit code. Output goes to `out`, problems to `err`; with `--json` anywhere in
 * `argv`, `out` gets exactly one JSON document (problems included) and `err` nothing.
 */
export async function runOperatorCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const asJson = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  const where = findOperatorDataDir(env);
  const command = args[0];
  // DATABASE_URL is a secret: named, never printed.
  const store = env.DATABASE_URL?.trim() ? 'postgres' : 'sqlite';
  if (!asJson) {
    if (command !== undefined && command !== 'help' && command !== '--help') {
      err(
        store === 'postgres'
          ? 'operator: the PostgreSQL database of DATABASE_URL'
          : `operator: data directory ${where.dataDir} (${SOURCE[where.source]})`,
      );
    }
    return runCommand(args, env, where.dataDir, {
      result: (value) => out(JSON.stringify(value, null, 2)),
      fail: (code, message, fields) => {
        err(`${code}: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
        return 1;
      },
      usage: (problem) => {
        err(`${problem}\n\n${USAGE}`);
        return 2;
      },
      help: (text) => out(text),
    });
  }
  const head = { command: command ?? null, store, dataDir: where.dataDir, dataDirSource: where.source };
  let document: unknown = {
    ok: false,
    ...head,
    error: { code: 'NO_OUTPUT', message: 'the command said nothing' },
  };
  const code = await runCommand(args, env, where.dataDir, {
    result: (result) => {
      document = { ok: true, ...head, result };
    },
    fail: (failCode, message, fields) => {
      document = { ok: false, ...head, error: { code: failCode, message, ...(fields ? { fields } : {}) } };
      return 1;
    },
    usage: (problem) => {
      document = { ok: false, ...head, error: { code: 'USAGE', message: problem, usage: USAGE } };
      return 2;
    },
    help: (text) => {
      document = { ok: true, ...head, result: { usage: text } };
    },
  }).catch((error: unknown) => {
    document = {
      ok: false,
      ...head,
      error: { code: 'FAILED', message: error instanceof Error ? error.message : String(error) },
    };
    return 1;
  });
  out(JSON.stringify(document, null, 2));
  return code;
}

const SOURCE = {
  demo: 'the running pnpm demo',
  DATA_DIR: 'DATA_DIR',
  default: 'default ./.data; set DATA_DIR for another',
} as const;

async function runCommand(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
  report: Report & { help(text: string): void },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) return report.usage('a command is needed');
  if (command === 'help' || command === '--help') {
    report.help(USAGE);
    return 0;
  }
  let config: ReturnType<typeof loadOperatorConfig>;
  try {
    config = { ...loadOperatorConfig(env), dataDir };
  } catch (error) {
    return report.fail(
      'CONFIGURATION_ERROR',
      error instanceof ConfigError ? error.message : 'invalid configuration',
    );
  }
  let opened: ReturnType<typeof openOperatorStores>;
  try {
    opened = openOperatorStores(config);
  } catch (error) {
    return report.fail('CONFIGURATION_ERROR', error instanceof Error ? error.message : String(error));
  }
  const { stores, announceKillSwitch } = opened;
  try {
    const logger = pino({ level: 'silent' });
    const governor = new GovernorService({
      config,
      ledger: stores.spendLedger(),
      limits: stores.operatorLimits(),
      logger,
    });
    await governor.syncLimits();
    const confirmations = stores.confirmations();
    const executions = stores.executions();
    const flags = parseFlags(rest);
    const json = report.result;
    // A confirmation's status follows its execution's (`settled` once that ended), as over HTTP.
    const view = async (c: Parameters<typeof toConfirmationDto>[0]) =>
      toConfirmationDto(c, [], (await executions.get(c.executionId))?.status ?? null);
    const id = flags.positional[0];
    switch (command) {
      case 'status': {
        const pending = await confirmations.list({ limit: 100, status: 'pending' });
        json({ ...(await governor.status()), pendingConfirmations: pending.items.length });
        return 0;
      }
      case 'kill':
      case 'unkill': {
        const status = await (command === 'kill' ? governor.kill() : governor.unkill());
        await announceKillSwitch(status.killSwitch);
        json(status);
        return 0;
      }
      case 'pending':
      case 'list': {
        const status = (command === 'pending' ? 'pending' : flags.options.status) as
          | ConfirmationStatus
          | undefined;
        const page = await confirmations.list({ limit: 100, ...(status ? { status } : {}) });
        json(await Promise.all(page.items.map(view)));
        return 0;
      }
      case 'show': {
        if (!id) return report.usage('show needs an ID');
        const found = await confirmations.get(id);
        if (!found) return report.fail('CONFIRMATION_NOT_FOUND', `no held action ${id}`);
        json(await view(found));
        return 0;
      }
      case 'approve': {
        if (!id) return report.usage('approve needs an ID');
        let valueWei: bigint | undefined;
        if (flags.options.value !== undefined) {
          try {
            valueWei = parseEther(flags.options.value);
          } catch {
            return report.usage('--value must be a non-negative decimal ETH amount');
          }
        }
        const approved = await approveConfirmation({
          confirmations,
          executions,
          at: Date.now(),
          id,
          by: 'cli',
          ...(valueWei === undefined ? {} : { valueWei }),
          ...(flags.options.note === undefined ? {} : { note: flags.options.note }),
        });
        json(await view(approved));
        return 0;
      }
      case 'deny': {
        if (!id) return report.usage('deny needs an ID');
        const { confirmation } = await denyConfirmation({
          confirmations,
          executions,
          at: Date.now(),
          id,
          by: 'cli',
          ...(flags.options.note === undefined ? {} : { note: flags.options.note }),
        });
        json(await view(confirmation));
        return 0;
      }
      case 'cancel': {
        if (!id) return report.usage('cancel needs an EXECUTION_ID');
        const record = await requestCancel({ executions, id, by: 'cli', at: Date.now() });
        json({
          id: record.id,
          status: record.status,
          nonce: record.nonce,
          cancelRequestedAt: new Date(record.cancelRequestedAt ?? 0).toISOString(),
          cancelRequestedBy: record.cancelRequestedBy,
        });
        return 0;
      }
      case 'limits': {
        const names = { 'max-per-tx': 'maxPerTx', daily: 'dailyLimit', session: 'sessionLimit' } as const;
        const body: { maxPerTx?: string | null; dailyLimit?: string | null; sessionLimit?: string | null } =
          {};
        for (const [flag, field] of Object.entries(names)) {
          const raw = flags.options[flag];
          if (raw !== undefined) body[field] = raw === 'config' ? null : raw;
        }
        const status =
          Object.keys(body).length > 0 ? await governor.setLimits(body, 'cli') : await governor.status();
        json({ limits: status.limits });
        return 0;
      }
      case 'dca':
        return await runOperatorDca({
          store: stores.dca(),
          verb: flags.positional[0],
          id: flags.positional[1],
          status: flags.options.status,
          json,
          usage: report.usage,
        });
      default:
        return report.usage(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    const e = error as { code?: unknown; shortMessage?: unknown; detail?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? e.code : 'FAILED';
    const message =
      typeof e.shortMessage === 'string' ? e.shortMessage : typeof e.message === 'string' ? e.message : '';
    const fields = (error as { extra?: { fields?: unknown } }).extra?.fields;
    return report.fail(code, message, fields);
  } finally {
    await opened.close();
  }
}

function parseFlags(args: readonly string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? args[i + 1];
      if (inline === undefined) i++;
      if (value !== undefined) options[name] = value;
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}
