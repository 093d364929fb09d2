import { describe, expect, it } from 'vitest';
import { forPeople } from './forPeople';

describe('forPeople', () => {
  it('rounds to what a person reads: 2 decimals from 1 up, 3 significant digits below', () => {
    expect(forPeople('0.043909602618363838')).toBe('0.0439');
    expect(forPeople('19.984399999999997761')).toBe('19.98');
    expect(forPeople('29.9844')).toBe('29.98');
    expect(forPeople('0.000012345')).toBe('0.0000123');
    expect(forPeople('0.9999')).toBe('1');
    expect(forPeople('2.995')).toBe('3');
    expect(forPeople('10000.0')).toBe('10\u2009000');
    expect(forPeople('1234567.891')).toBe('1\u2009234\u2009567.89');
    expect(forPeople('0')).toBe('0');
    expect(forPeople('-0.5')).toBe('-0.5');
  });

  it('leaves what is not a decimal as it is', () => {
    expect(forPeople('unknown')).toBe('unknown');
    expect(forPeople('1e18')).toBe('1e18');
  });
});
