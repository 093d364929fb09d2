import { describe, expect, it } from 'vitest';
import { configureChains } from '../chains/configureChains.js';
import { resolveChain } from '../chains/resolveChain.js';
import { requireMulticall3 } from './requireMulticall3.js';

describe('requireMulticall3', () => {
  it('the configured Multicall3, or APPROVALS_NOT_CONFIGURED', () => {
    expect(requireMulticall3(resolveChain({ chain: 1 }))).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    const registry = configureChains({ overrides: new Map([[1, { multicall3: null }]]) });
    expect(() => requireMulticall3(resolveChain({ chain: 1, registry }))).toThrow(
      expect.objectContaining({ code: 'APPROVALS_NOT_CONFIGURED' }),
    );
  });
});
