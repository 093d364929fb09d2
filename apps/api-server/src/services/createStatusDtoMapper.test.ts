import { formatEther, Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { createStatusDtoMapper } from './createStatusDtoMapper.js';

const E = parseEther;
const T = Date.UTC(2026, 0, 2, 3, 4, 5, 6);

describe('createStatusDtoMapper', () => {
  it('maps every figure of a status to exact ETH and wei strings and times to ISO 8601', async () => {
    const governor = new Governor({ ledger: new MemorySpendLedger(), clock: () => T, sessionId: 's' });
    const open = await governor.reserve({ action: 'swap', value: E('0.012345678901234567') });
    const committed = await governor.reserve({ action: 'swap', value: E('0.02') });
    await governor.commit({ id: committed.reservationId as string, value: E('0.015') });
    const dto = createStatusDtoMapper()(await governor.status());
    expect(dto).toEqual({
      killSwitch: false,
      dailyWindow: 'rolling-24h',
      windowStart: new Date(T - 86_400_000 + 1).toISOString(),
      sessionStartedAt: new Date(T).toISOString(),
      limits: {
        maxPerTx: { eth: '0.05', wei: '50000000000000000' },
        dailyLimit: { eth: '0.5', wei: '500000000000000000' },
        sessionLimit: { eth: '1', wei: '1000000000000000000' },
      },
      spent: {
        daily: {
          committed: { eth: '0.015', wei: '15000000000000000' },
          reserved: { eth: '0.012345678901234567', wei: '12345678901234567' },
          total: { eth: '0.027345678901234567', wei: '27345678901234567' },
        },
        session: {
          committed: { eth: '0.015', wei: '15000000000000000' },
          reserved: { eth: '0.012345678901234567', wei: '12345678901234567' },
          total: { eth: '0.027345678901234567', wei: '27345678901234567' },
        },
      },
      remaining: {
        perTx: { eth: '0.05', wei: '50000000000000000' },
        daily: { eth: '0.472654321098765433', wei: '472654321098765433' },
        session: { eth: '0.972654321098765433', wei: '972654321098765433' },
      },
      openReservations: [
        {
          id: open.reservationId,
          action: 'swap',
          value: { eth: '0.012345678901234567', wei: '12345678901234567' },
          reservedAt: new Date(T).toISOString(),
          expired: false,
        },
      ],
      at: new Date(T).toISOString(),
    });
  });

  it('stays exact when amounts change between calls, past the memo size too', async () => {
    const toDto = createStatusDtoMapper();
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      clock: () => T,
      policy: { maxPerTx: 10n ** 18n, dailyLimit: 10n ** 21n, sessionLimit: 10n ** 21n },
    });
    let spent = 0n;
    for (let i = 1n; i <= 300n; i++) {
      const value = i * 1_000_000_007n;
      await governor.reserve({ action: 'swap', value });
      spent += value;
      const dto = toDto(await governor.status());
      expect(dto.spent.daily.reserved).toEqual({ eth: formatEther(spent), wei: spent.toString() });
      expect(dto.remaining.daily.wei).toBe((10n ** 21n - spent).toString());
      expect(dto.limits.maxPerTx).toEqual({ eth: '1', wei: '1000000000000000000' });
    }
  });

  it('shares one frozen amount object between answers (nothing can alter a later answer)', async () => {
    const toDto = createStatusDtoMapper();
    const governor = new Governor({ ledger: new MemorySpendLedger(), clock: () => T });
    const a = toDto(await governor.status());
    const b = toDto(await governor.status());
    expect(b.limits.maxPerTx).toBe(a.limits.maxPerTx);
    expect(Object.isFrozen(a.limits.maxPerTx)).toBe(true);
    expect(() => {
      (a.limits.maxPerTx as { eth: string }).eth = '999';
    }).toThrow(TypeError);
    expect(b.limits.maxPerTx.eth).toBe('0.05');
  });
});
