import { describe, expect, it } from 'vitest';
import { SenderWindow } from './SenderWindow.js';

const key = { chainId: 1, sender: '0xAbC' };

describe('SenderWindow', () => {
  it('hands out slots up to the window, counting what the store records and what it handed out', async () => {
    let recorded = 1;
    const window = new SenderWindow({ maxPending: 3, waitMs: 0, countUnmined: async () => recorded });
    const a = await window.acquire(key);
    const b = await window.acquire({ chainId: 1, sender: '0xabc' }); // same sender, any case
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(await window.acquire(key)).toBeNull(); // 1 recorded + 2 held
    expect(await window.acquire({ chainId: 2, sender: '0xAbC' })).not.toBeNull(); // another chain
    recorded = 0;
    expect(await window.acquire(key)).not.toBeNull();
    a?.();
    a?.(); // given back once only
    recorded = 2;
    expect(await window.acquire(key)).toBeNull(); // 2 recorded + 2 held (b and the last)
  });

  it('concurrent admissions never share a count: exactly the window is handed out', async () => {
    const window = new SenderWindow({
      maxPending: 16,
      waitMs: 0,
      countUnmined: async () => {
        await new Promise((r) => setTimeout(r, 1));
        return 0;
      },
    });
    const slots = await Promise.all(Array.from({ length: 40 }, () => window.acquire(key)));
    expect(slots.filter((s) => s !== null)).toHaveLength(16);
  });

  it('a waiting execution gets the slot freed by another, and gives up after waitMs', async () => {
    const waited: number[] = [];
    const window = new SenderWindow({
      maxPending: 1,
      waitMs: 5_000,
      recheckMs: 60_000,
      countUnmined: async () => 0,
      onWaiting: () => waited.push(1),
    });
    const first = await window.acquire(key);
    const second = window.acquire(key);
    await new Promise((r) => setTimeout(r, 20));
    first?.(); // wakes the waiter at once (the re-check timer is a minute)
    expect(await second).not.toBeNull();
    expect(waited.length).toBeGreaterThan(0);

    const short = new SenderWindow({ maxPending: 1, waitMs: 50, recheckMs: 10, countUnmined: async () => 1 });
    const t0 = Date.now();
    expect(await short.acquire(key)).toBeNull();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('refuses a window that is not a positive integer', () => {
    for (const maxPending of [0, -1, 1.5, Number.NaN]) {
      expect(() => new SenderWindow({ maxPending, waitMs: 0, countUnmined: async () => 0 })).toThrow(
        RangeError,
      );
    }
  });
});
