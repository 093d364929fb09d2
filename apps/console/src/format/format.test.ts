import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';
import { formatUnits } from './formatUnits';
import { percentText } from './percentText';
import { share } from './share';

describe('formatUnits', () => {
  it('renders base units exactly, beyond what a float could hold', () => {
    expect(formatUnits('1500000', 6)).toBe('1.5');
    expect(formatUnits('20000000000000000', 18)).toBe('0.02');
    expect(formatUnits('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789');
    expect(formatUnits('1', 18)).toBe('0.000000000000000001');
    expect(formatUnits('5000', 0)).toBe('5000');
    expect(formatUnits('-2500', 3)).toBe('-2.5');
  });
  it('returns text that is not a base-unit integer as it came', () => {
    expect(formatUnits('0.5', 18)).toBe('0.5');
    expect(formatUnits('<b>1</b>', 18)).toBe('<b>1</b>');
    expect(formatUnits('10', 1.5)).toBe('10');
  });
});

describe('share and percentText', () => {
  it('is the part in thousandths with bigint arithmetic, clamped to the bar', () => {
    expect(share('20000000000000000', '500000000000000000')).toBe(40);
    expect(share('1', '3')).toBe(333);
    expect(share('9', '3')).toBe(1000);
    expect(share('0', '3')).toBe(0);
    expect(share('1', '0')).toBeUndefined();
    expect(share('x', '3')).toBeUndefined();
    expect(percentText(40)).toBe('4.0 %');
    expect(percentText(333)).toBe('33.3 %');
    expect(percentText(1000)).toBe('100.0 %');
  });
});

describe('countdown', () => {
  const at = Date.parse('2026-01-01T00:00:00Z');
  it('counts down to the expiry and says expired after it', () => {
    expect(countdown('2026-01-01T00:09:58Z', at)).toBe('9 min 58 s');
    expect(countdown('2026-01-01T00:00:05Z', at)).toBe('5 s');
    expect(countdown('2026-01-01T01:02:00Z', at)).toBe('1 h 02 min');
    expect(countdown('2026-01-01T00:00:00Z', at)).toBe('expired');
    expect(countdown('2025-12-31T00:00:00Z', at)).toBe('expired');
    expect(countdown('not a date', at)).toBe('unknown');
  });
});
