import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfirmPayload } from '@org/governor';
import { afterEach, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  running.push(server);
  return server;
}

async function status(server: TestServer): Promise<GovernorStatusDto> {
  const res = await server.call('/governor/status');
  expect(res.status).toBe(200);
  return (await res.json()) as GovernorStatusDto;
}

describe('GET /governor/status', () => {
  it('reports the default caps exactly, caps-only mode, a rolling window and nothing spent', async () => {
    const body = await status(await start());
    expect(body.limits).toEqual({
      maxPerTx: { eth: '0.05', wei: '50000000000000000' },
      dailyLimit: { eth: '0.5', wei: '500000000000000000' },
      sessionLimit: { eth: '1', wei: '1000000000000000000' },
    });
    expect(body).toMatchObject({
      killSwitch: false,
      confirmations: { mode: 'off', callback: false },
      dailyWindow: 'rolling-24h',
    });
    expect(body).not.toHaveProperty('confirmMode');
    expect(body.spent.daily.total.wei).toBe('0');
    expect(body.remaining.daily.wei).toBe('500000000000000000');
    expect(body.openReservations).toEqual([]);
  });

  it('CONFIRM_MODE=all is said once, where the confirmation rule is (no second field saying "off")', async () => {
    const body = await status(await start({ CONFIRM_MODE: 'all' }));
    expect(body.confirmations).toMatchObject({ mode: 'all', callback: false });
    expect(JSON.stringify(body)).not.toMatch(/"off"/);
  });

  it('takes its caps from GOVERNOR_* configuration', async () => {
    const body = await status(
      await start({
        GOVERNOR_MAX_PER_TX: '0.001',
        GOVERNOR_DAILY_LIMIT: '2',
        GOVERNOR_SESSION_LIMIT: '3.000000000000000001',
        GOVERNOR_DAILY_WINDOW: 'utc-day',
      }),
    );
    expect(body.limits.maxPerTx.wei).toBe('1000000000000000');
    expect(body.limits.dailyLimit.eth).toBe('2');
    expect(body.limits.sessionLimit.wei).toBe('3000000000000000001');
    expect(body.dailyWindow).toBe('utc-day');
    expect(new Date(body.windowStart).toISOString()).toMatch(/T00:00:00\.000Z$/);
  });
});

describe('POST /governor/kill and /governor/unkill', () => {
  it('kill blocks every action regardless of limits; unkill allows again subject to limits', async () => {
    const server = await start();
    const governor = server.services.governor.governor;

    const killed = await server.call('/governor/kill', { method: 'POST' });
    expect(killed.status).toBe(200);
    const killedBody = (await killed.json()) as GovernorStatusDto;
    expect(killedBody.killSwitch).toBe(true);
    // The probe saw 0.05 ETH "spendable" while killed: the remaining headroom must read zero.
    expect(killedBody.remaining).toEqual({
      perTx: { eth: '0', wei: '0' },
      daily: { eth: '0', wei: '0' },
      session: { eth: '0', wei: '0' },
    });
    const blocked = await governor.reserve({ action: 'swap', value: 1n });
    expect(blocked).toMatchObject({ allowed: false, code: 'KILL_SWITCH_ENGAGED', reservationId: null });

    // Only the operator restarts: the trading key that may stop may not.
    const refused = await server.call('/governor/unkill', { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(((await (await server.call('/governor/status')).json()) as GovernorStatusDto).killSwitch).toBe(
      true,
    );
    const unkilled = await server.operator('/governor/unkill');
    expect(((await unkilled.json()) as GovernorStatusDto).killSwitch).toBe(false);
    const allowed = await governor.reserve({ action: 'swap', value: 10_000_000_000_000_000n });
    expect(allowed).toMatchObject({ allowed: true, code: 'ALLOWED' });
    const tooBig = await governor.reserve({ action: 'swap', value: 60_000_000_000_000_000n });
    expect(tooBig).toMatchObject({ allowed: false, code: 'PER_TX_LIMIT_EXCEEDED' });

    const body = await status(server);
    expect(body.spent.daily.reserved.eth).toBe('0.01');
    expect(body.openReservations).toHaveLength(1);
    expect(server.logs()).toMatch(/"msg":"governor kill-switch"/);
  });

  it('the kill switch and daily spend survive a restart on the same DATA_DIR; the session resets', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gov-restart-')), 'data');
    const first = await start({ DATA_DIR: dataDir });
    const reservation = await first.services.governor.governor.reserve({
      action: 'swap',
      value: 20_000_000_000_000_000n,
    });
    expect(reservation.allowed).toBe(true);
    await first.services.governor.governor.commit({ id: reservation.reservationId ?? '' });
    expect(first.logs()).not.toContain('kill switch is ENGAGED');
    await first.call('/governor/kill', { method: 'POST' });
    await first.close();

    const second = await start({ DATA_DIR: dataDir });
    const warning = second
      .logs()
      .split('\n')
      .find((line) => line.includes('kill switch is ENGAGED'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40 });
    const body = await status(second);
    expect(body.killSwitch).toBe(true);
    expect(body.spent.daily.committed.eth).toBe('0.02');
    expect(body.spent.session.total.wei).toBe('0');
    // While killed nothing can be spent: the headroom reads zero, not the caps.
    expect(body.remaining.daily.eth).toBe('0');
    expect(body.remaining.perTx.eth).toBe('0');
  });
});

describe('confirmFn from the server configuration', () => {
  it('is passed to the governor and actually called; a rejection blocks the action', async () => {
    const calls: ConfirmPayload[] = [];
    const confirmFn = async (payload: ConfirmPayload) => {
      calls.push(payload);
      return false;
    };
    const server = await start({}, { confirmFn });
    expect((await status(server)).confirmations).toMatchObject({ mode: 'off', callback: true });
    const decision = await server.services.governor.governor.reserve({ action: 'swap', value: 1_000n });
    expect(decision).toMatchObject({ allowed: false, code: 'CONFIRMATION_REJECTED' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ action: 'swap', value: 1_000n });
  });
});
