// The operator CLI: the same decisions as the operator routes, on the server's data directory, for deployments
// that keep the operator key off the network. `pnpm operator <command>` (or the `wallet-ops-operator` bin).
import {
  approveConfirmation,
  type ConfirmationStatus,
  denyConfirmation,
  requestCancel,
} from '@org/chain-evm';
import { SqliteConfirmationStore, SqliteExecutionStore } from '@org/chain-evm/sqlite';
import { parseEther } from '@org/governor';
import { pino } from 'pino';
import { ConfigError, loadOperatorConfig } from './config.js';
import { openDatabase } from './openDatabase.js';
import { GovernorService } from './services/GovernorService.js';
import { toConfirmationDto } from './services/toConfirmationDto.js';

const USAGE = `wallet-ops operator CLI — works on DATA_DIR (default ./.data), the server's database.

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

Output is JSON. Exit codes: 0 done, 1 refused (the message says why), 2 usage.`;

/** Runs one command; returns the exit code. Output goes to `out`, problems to `err`. */
export async function runOperatorCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    out(USAGE);
    return command === undefined ? 2 : 0;
  }
  let config: ReturnType<typeof loadOperatorConfig>;
  try {
    config = loadOperatorConfig(env);
  } catch (error) {
    err(error instanceof ConfigError ? error.message : 'invalid configuration');
    return 1;
  }
  const database = openDatabase({ dataDir: config.dataDir });
  try {
    const logger = pino({ level: 'silent' });
    const governor = new GovernorService({ config, database, logger });
    await governor.syncLimits();
    const confirmations = new SqliteConfirmationStore({ database });
    const executions = new SqliteExecutionStore({ database });
    const flags = parseFlags(rest);
    const json = (value: unknown) => out(JSON.stringify(value, null, 2));
    const id = flags.positional[0];
    switch (command) {
      case 'status': {
        const pending = await confirmations.list({ limit: 100, status: 'pending' });
        json({ ...(await governor.status()), pendingConfirmations: pending.items.length });
        return 0;
      }
      case 'kill':
        json(await governor.kill());
        return 0;
      case 'unkill':
        json(await governor.unkill());
        return 0;
      case 'pending':
      case 'list': {
        const status = (command === 'pending' ? 'pending' : flags.options.status) as
          | ConfirmationStatus
          | undefined;
        const page = await confirmations.list({ limit: 100, ...(status ? { status } : {}) });
        json(page.items.map((c) => toConfirmationDto(c, [])));
        return 0;
      }
      case 'show': {
        if (!id) return usage(err, 'show needs an ID');
        const found = await confirmations.get(id);
        if (!found) {
          err(`CONFIRMATION_NOT_FOUND: no held action ${id}`);
          return 1;
        }
        json(toConfirmationDto(found, []));
        return 0;
      }
      case 'approve': {
        if (!id) return usage(err, 'approve needs an ID');
        let valueWei: bigint | undefined;
        if (flags.options.value !== undefined) {
          try {
            valueWei = parseEther(flags.options.value);
          } catch {
            return usage(err, '--value must be a non-negative decimal ETH amount');
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
        json(toConfirmationDto(approved, []));
        return 0;
      }
      case 'deny': {
        if (!id) return usage(err, 'deny needs an ID');
        const { confirmation } = await denyConfirmation({
          confirmations,
          executions,
          at: Date.now(),
          id,
          by: 'cli',
          ...(flags.options.note === undefined ? {} : { note: flags.options.note }),
        });
        json(toConfirmationDto(confirmation, []));
        return 0;
      }
      case 'cancel': {
        if (!id) return usage(err, 'cancel needs an EXECUTION_ID');
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
      default:
        return usage(err, `unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    const e = error as { code?: unknown; shortMessage?: unknown; detail?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? e.code : 'FAILED';
    const message =
      typeof e.shortMessage === 'string' ? e.shortMessage : typeof e.message === 'string' ? e.message : '';
    const fields = (error as { extra?: { fields?: unknown } }).extra?.fields;
    err(`${code}: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    return 1;
  } finally {
    database.close();
  }
}

function usage(err: (line: string) => void, problem: string): number {
  err(`${problem}\n\n${USAGE}`);
  return 2;
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
