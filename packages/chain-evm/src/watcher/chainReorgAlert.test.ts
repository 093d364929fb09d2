import { describe, expect, it } from 'vitest';
import { chainReorgAlert } from './chainReorgAlert.js';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const DAI = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const hash = (c: string) => `0x${c.repeat(64)}` as const;

describe('chainReorgAlert', () => {
  it('names both hashes and blocks and lists every balance that differs (native, changed, appeared, vanished), nothing else', () => {
    const alert = chainReorgAlert({
      chainId: 31337,
      address: WALLET,
      previous: { block: 10, blockHash: hash('a'), native: 5n, tokens: { [USDC]: 7n, [DAI]: 1n } },
      current: { block: 12, blockHash: hash('b'), native: 3n, tokens: { [USDC]: 7n, '0x01': 2n } },
      chainHash: hash('c'),
      at: 99,
      createId: () => 'id-1',
    });
    expect(alert).toEqual({
      id: 'id-1',
      createdAt: 99,
      chainId: 31337,
      address: WALLET,
      kind: 'chain-reorg',
      severity: 'medium',
      details: {
        reason: 'baseline-block-replaced',
        baselineBlock: 10,
        baselineHash: hash('a'),
        chainHash: hash('c'),
        headBlock: 12,
        newBaselineBlock: 12,
        changes: [
          { asset: 'native', before: '5', after: '3' },
          { asset: DAI, before: '1', after: '0' },
          { asset: '0x01', before: '0', after: '2' },
        ],
      },
      txHash: null,
      block: 10,
    });
  });
});
