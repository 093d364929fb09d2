import type { SafetyVerdictInput } from '@org/chain-evm';
import { describe, expect, it } from 'vitest';
import { TokenVerdicts } from './TokenVerdicts.js';

const report = (o: Partial<SafetyVerdictInput['tax']> & { veto?: boolean } = {}): SafetyVerdictInput => ({
  token: '0x',
  tax: {
    isHoneypot: o.isHoneypot === undefined ? false : o.isHoneypot,
    buyTax: o.buyTax === undefined ? 0 : o.buyTax,
    sellTax: o.sellTax === undefined ? 0 : o.sellTax,
  },
  factors: o.veto ? [{ id: 'owner-can-mint', veto: true, reason: 'the owner can change balances' }] : [],
});
const A = '0x00000000000000000000000000000000000000a1';

describe('TokenVerdicts', () => {
  it.each([
    ['a sellable token without tax', report(), 'safe'],
    ['a honeypot', report({ isHoneypot: true }), 'unsafe'],
    ['a veto factor', report({ veto: true }), 'unsafe'],
    ['a sell tax over 10%', report({ sellTax: 25 }), 'unsafe'],
    ['an unknown honeypot status', report({ isHoneypot: null }), 'unknown'],
    ['an unknown sell tax', report({ sellTax: null }), 'unknown'],
  ] as const)('%s → %s (the gateway’s own reading of the report)', async (_name, r, verdict) => {
    const verdicts = new TokenVerdicts({ report: async () => r, ttlMs: 60_000 });
    expect(verdicts.lookup(1, A)).toBe('unchecked');
    await verdicts.check(1, [A.toUpperCase().replace('0X', '0x')]);
    expect(verdicts.lookup(1, A)).toBe(verdict);
  });

  it('a failing report is unknown; native, non-EVM and unregistered-chain tokens need no report', async () => {
    const asked: string[] = [];
    const verdicts = new TokenVerdicts({
      report: async (_chain, token) => {
        asked.push(token);
        throw new Error('provider down');
      },
      ttlMs: 60_000,
    });
    await verdicts.check(1, [
      A,
      '0x0000000000000000000000000000000000000000',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    ]);
    await verdicts.check(null, [A]);
    expect(asked).toEqual([A]);
    expect(verdicts.lookup(1, A)).toBe('unknown');
    expect(verdicts.lookup(1, '0x0000000000000000000000000000000000000000')).toBe('safe');
    expect(verdicts.lookup(1, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe('safe');
    expect(verdicts.lookup(1, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe('unknown');
    expect(verdicts.lookup(null, A)).toBe('unknown');
  });

  it('caches per chain for the TTL, then asks again', async () => {
    let now = 0;
    let calls = 0;
    const verdicts = new TokenVerdicts({
      report: async () => {
        calls++;
        return report();
      },
      ttlMs: 1_000,
      now: () => now,
    });
    await verdicts.check(1, [A, A]);
    await verdicts.check(1, [A]);
    expect(calls).toBe(1);
    expect(verdicts.lookup(8453, A)).toBe('unchecked');
    now = 1_001;
    expect(verdicts.lookup(1, A)).toBe('unchecked');
    await verdicts.check(1, [A]);
    expect(calls).toBe(2);
  });
});
