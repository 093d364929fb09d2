import { describe, expect, it } from 'vitest';
import { cleanEcho } from './cleanEcho.js';

describe('cleanEcho', () => {
  it('keeps a line break visible as a separator instead of running the lines together', () => {
    expect(cleanEcho('LI.FI could not be reached\n\nDetails: /v1/chains: fetch failed')).toBe(
      'LI.FI could not be reached — Details: /v1/chains: fetch failed',
    );
    expect(cleanEcho('a\r\nb\u2028c')).toBe('a — b — c');
  });

  it('still removes every other control character and bounds the length', () => {
    expect(cleanEcho('a\u0000b\u001bc\u007f')).toBe('abc');
    expect(cleanEcho('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
  });
});
