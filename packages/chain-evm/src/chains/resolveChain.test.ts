import { describe, expect, it } from 'vitest';
import { chains } from './chains.js';
import { resolveChain } from './resolveChain.js';

describe('resolveChain', () => {
  it('resolves names case-insensitively and ids as numbers or strings', () => {
    expect(resolveChain({ chain: 'Ethereum' }).id).toBe(1);
    expect(resolveChain({ chain: 8453 }).name).toBe('base');
    expect(resolveChain({ chain: '31337' }).name).toBe('devnet');
  });

  it.each(['', 'eth', 'mainnet ', '0', '01', '1.0', '1e3', 'NaN', '999999', '-1'])(
    'rejects %j with UNSUPPORTED_CHAIN and never falls back to chain 1',
    (input) => {
      expect(() => resolveChain({ chain: input })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
      );
    },
  );

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 424242])('rejects the number %s', (input) => {
    expect(() => resolveChain({ chain: input })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });

  it('has unique names and ids', () => {
    expect(new Set(chains.map((c) => c.id)).size).toBe(chains.length);
    expect(new Set(chains.map((c) => c.name)).size).toBe(chains.length);
  });
});
