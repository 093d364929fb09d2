import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { detectWatchAlerts, type DetectWatchAlertsParameters } from './detectWatchAlerts.js';

const ETH = 10n ** 18n;
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let n = 0;
const base = (overrides: Partial<DetectWatchAlertsParameters> = {}): DetectWatchAlertsParameters => ({
  chainId: 31337,
  address: WALLET,
  thresholds: { minChangeWei: ETH / 100n, largeOutgoingWei: ETH, alertOnApproval: true },
  previous: { block: 10, blockHash: null, native: 5n * ETH, tokens: { [USDC]: 1_000_000_000n } },
  current: { block: 20, blockHash: null, native: 5n * ETH, tokens: { [USDC]: 1_000_000_000n } },
  changeValues: new Map(),
  transfersOut: [],
  approvals: [],
  at: 1,
  createId: () => `a-${++n}`,
  ...overrides,
});

describe('detectWatchAlerts', () => {
  it('no change, no alert', () => {
    expect(detectWatchAlerts(base())).toEqual([]);
  });

  it('balance changes at or above the threshold alert (in low, out medium); below do not', () => {
    const alerts = detectWatchAlerts(
      base({
        current: {
          block: 20,
          blockHash: null,
          native: 5n * ETH + ETH / 10n,
          tokens: { [USDC]: 900_000_000n },
        },
        changeValues: new Map([[USDC, ETH / 30n]]),
      }),
    );
    expect(alerts.map((a) => [a.kind, a.severity, a.details.asset, a.details.direction])).toEqual([
      ['balance-change', 'low', 'native', 'in'],
      ['balance-change', 'medium', getAddress(USDC), 'out'],
    ]);
    expect(
      detectWatchAlerts(
        base({
          current: {
            block: 20,
            blockHash: null,
            native: 5n * ETH + ETH / 1000n,
            tokens: { [USDC]: 1_000_000_000n },
          },
        }),
      ),
    ).toEqual([]);
  });

  it('an unpriceable change always alerts (never assumed small)', () => {
    const alerts = detectWatchAlerts(
      base({
        current: { block: 20, blockHash: null, native: 5n * ETH, tokens: { [USDC]: 999_999_999n } },
        changeValues: new Map([[USDC, null]]),
      }),
    );
    expect(alerts).toMatchObject([
      { kind: 'balance-change', severity: 'medium', details: { valueWei: null } },
    ]);
  });

  it('a large outgoing transfer is one high alert with its tx hash, replacing the balance-change alert of that asset', () => {
    const tx = `0x${'cd'.repeat(32)}` as const;
    const alerts = detectWatchAlerts(
      base({
        current: { block: 20, blockHash: null, native: 5n * ETH - 2n * ETH, tokens: { [USDC]: 0n } },
        changeValues: new Map([[USDC, 2n * ETH]]),
        transfersOut: [
          { token: USDC as `0x${string}`, amount: 1_000_000_000n, valueWei: 2n * ETH, txHash: tx, block: 15 },
        ],
      }),
    );
    expect(alerts.map((a) => [a.kind, a.severity, a.details.asset, a.txHash])).toEqual([
      ['large-outgoing', 'high', getAddress(USDC), tx],
      ['large-outgoing', 'high', 'native', null],
    ]);
  });

  it('new approvals: high when unlimited or to an unknown spender, medium otherwise; none when switched off', () => {
    const approval = {
      token: USDC as `0x${string}`,
      spender: WALLET as `0x${string}`,
      kind: 'erc20' as const,
      allowance: 5n,
      unlimited: false,
      knownSpender: 'Uniswap V2 Router',
      txHash: `0x${'ab'.repeat(32)}` as const,
      block: 12,
    };
    const alerts = detectWatchAlerts(
      base({
        approvals: [
          approval,
          { ...approval, unlimited: true, allowance: 2n ** 256n - 1n },
          { ...approval, knownSpender: null },
        ],
      }),
    );
    expect(alerts.map((a) => a.severity)).toEqual(['medium', 'high', 'high']);
    expect(alerts[1]?.details).toMatchObject({ unlimited: true, allowance: (2n ** 256n - 1n).toString() });
    expect(
      detectWatchAlerts(
        base({ thresholds: { ...base().thresholds, alertOnApproval: false }, approvals: [approval] }),
      ),
    ).toEqual([]);
  });
});
