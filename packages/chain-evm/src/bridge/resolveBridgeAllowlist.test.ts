import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { checkBridgeContracts } from './checkBridgeContracts.js';
import { LIFI_CONTRACTS } from './lifiContracts.js';
import { resolveBridgeAllowlist } from './resolveBridgeAllowlist.js';
import { ATTACKER, acrossQuote, DIAMOND } from './testing/acrossQuote.js';

describe('LIFI_CONTRACTS and resolveBridgeAllowlist', () => {
  it('pins LI.FI’s diamond and Permit2Proxy per chain, checksummed, with a source each', () => {
    for (const [chainId, entry] of Object.entries(LIFI_CONTRACTS)) {
      expect(getAddress(entry.diamond)).toBe(entry.diamond);
      if (entry.permit2Proxy) expect(getAddress(entry.permit2Proxy)).toBe(entry.permit2Proxy);
      expect(entry.source.length, chainId).toBeGreaterThan(10);
    }
    expect(resolveBridgeAllowlist({ chainId: 8453 })).toEqual([
      DIAMOND,
      '0x89c6340B1a1f4b25D36cd8B063D49045caF3f818',
    ]);
    expect(resolveBridgeAllowlist({ chainId: 59144 })[0]).toBe('0xDE1E598b81620773454588B85D6b5D4eEC32573e');
    expect(resolveBridgeAllowlist({ chainId: 137 })).toEqual([DIAMOND]);
    expect(resolveBridgeAllowlist({ chainId: 31337 })).toEqual([]);
  });

  it('adds the operator’s contracts (checksummed, once) and refuses an invalid one', () => {
    const devnetBridge = '0x4631bcabd6df18d94796344963cb60d44a4136b6';
    expect(
      resolveBridgeAllowlist({
        chainId: 31337,
        configured: [devnetBridge, devnetBridge.toUpperCase().replace('0X', '0x')],
      }),
    ).toEqual(['0x4631BCAbD6dF18D94796344963cB60d44a4136b6']);
    expect(
      resolveBridgeAllowlist({ chainId: 8453, builtIn: false, configured: [DIAMOND.toLowerCase()] }),
    ).toEqual([DIAMOND]);
    expect(() =>
      resolveBridgeAllowlist({ chainId: 1, configured: ['0x1231DEB6f5749EF6cE6943a275A1D3E7486F4Eae'] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ADDRESS' }));
  });
});

describe('checkBridgeContracts', () => {
  const allowlist = resolveBridgeAllowlist({ chainId: 8453 });
  it('compares case-insensitively; refuses the target first, then the spender', () => {
    const q = acrossQuote();
    const lower = {
      ...q,
      transactionRequest: { ...q.transactionRequest, to: DIAMOND.toLowerCase() as `0x${string}` },
    };
    expect(checkBridgeContracts({ quote: lower, allowlist })).toBeNull();
    const both = {
      ...q,
      transactionRequest: { ...q.transactionRequest, to: ATTACKER },
      estimate: { ...q.estimate, approvalAddress: ATTACKER },
    };
    expect(checkBridgeContracts({ quote: both, allowlist })?.code).toBe('BRIDGE_TARGET_NOT_ALLOWED');
    expect(checkBridgeContracts({ quote: { ...q, estimate: both.estimate }, allowlist })?.code).toBe(
      'BRIDGE_SPENDER_NOT_ALLOWED',
    );
    expect(checkBridgeContracts({ quote: q, allowlist: [] })?.reason).toMatch(/nothing is allowlisted/);
  });
});
