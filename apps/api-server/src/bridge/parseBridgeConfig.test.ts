import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bridgeChainSuffix, parseBridgeConfig } from './parseBridgeConfig.js';

const BRIDGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('parseBridgeConfig', () => {
  it('applies the documented defaults (and loadConfig carries them)', () => {
    const config = parseBridgeConfig({});
    expect(config).toEqual({
      lifi: { baseUrl: 'https://li.quest', apiKey: undefined, timeoutMs: 10_000 },
      allowedContracts: new Map(),
      quoteTtlMs: 60_000,
      maxPriceImpactBps: 300,
      statusPollMs: 10_000,
      statusMaxPollMs: 300_000,
      stuckFactor: 3,
      stuckMinMs: 600_000,
    });
    expect(loadConfig({ WEB3_API_KEY: 'k'.repeat(32) }).bridge).toEqual(config);
  });

  it('reads BRIDGE_ALLOWED_CONTRACTS_<CHAIN> with the chain name upper-cased and "-" as "_"', () => {
    expect(bridgeChainSuffix('devnet-b')).toBe('DEVNET_B');
    const config = parseBridgeConfig({
      BRIDGE_ALLOWED_CONTRACTS_DEVNET_B: `${BRIDGE.toLowerCase()}, ${BRIDGE}`,
      BRIDGE_ALLOWED_CONTRACTS_BASE: BRIDGE,
    });
    expect(config.allowedContracts.get(31_338)).toEqual([BRIDGE]);
    expect(config.allowedContracts.get(8453)).toEqual([BRIDGE]);
  });

  it.each([
    [{ BRIDGE_ALLOWED_CONTRACTS_MAINNET: BRIDGE }, /^BRIDGE_ALLOWED_CONTRACTS_MAINNET: unknown chain/],
    [{ BRIDGE_ALLOWED_CONTRACTS_DEVNET: 'nope' }, /checksum/],
    [{ BRIDGE_ALLOWED_CONTRACTS_DEVNET: `${BRIDGE},` }, /comma-separated/],
    [{ BRIDGE_ALLOWED_CONTRACTS_DEVNET: BRIDGE.replace('F', 'f') }, /checksum/],
    [{ LIFI_BASE_URL: 'ftp://li.quest' }, /^LIFI_BASE_URL: must be an http/],
    [{ BRIDGE_QUOTE_TTL_SECONDS: '0' }, /^BRIDGE_QUOTE_TTL_SECONDS/],
    [{ BRIDGE_MAX_PRICE_IMPACT_BPS: '1000' }, /^BRIDGE_MAX_PRICE_IMPACT_BPS/],
    [{ BRIDGE_STUCK_FACTOR: '0' }, /^BRIDGE_STUCK_FACTOR/],
    [{ BRIDGE_STUCK_FACTOR: 'x' }, /^BRIDGE_STUCK_FACTOR/],
    [{ BRIDGE_STATUS_POLL_MS: '1000', BRIDGE_STATUS_MAX_POLL_MS: '999' }, /^BRIDGE_STATUS_MAX_POLL_MS/],
    [{ LIFI_API_KEY: 'a b' }, /^LIFI_API_KEY/],
  ])('refuses %j', (env, message) => {
    expect(() => parseBridgeConfig(env)).toThrow(message);
  });

  it('never puts the API key in a message', () => {
    expect(() => parseBridgeConfig({ LIFI_API_KEY: 'secret value' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });
});
