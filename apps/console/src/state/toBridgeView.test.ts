import { describe, expect, it } from 'vitest';
import type { Execution } from '../api/schemas';
import { toBridgeView } from './toBridgeView';

const USDC = '0x00000000000000000000000000000000000000a1';
const USDC_OP = '0x0b2c639c533813f4aa9d7837caf62653d097ff85';

function execution(over: Partial<Execution> = {}): Execution {
  return {
    id: 'ex_1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:05:00.000Z',
    chain: { id: 31337, name: 'devnet' },
    action: 'bridge',
    description: 'bridge 100 USDC to chain 10',
    from: '0x00000000000000000000000000000000000000f1',
    to: '0x00000000000000000000000000000000000000d1',
    status: 'confirmed',
    code: null,
    reason: null,
    nativeValue: { wei: '0', eth: '0' },
    spends: [{ token: USDC, symbol: 'USDC', amount: '100000000', decimals: 6 }],
    acquires: [],
    charged: null,
    nonce: 4,
    transactions: [],
    txHash: '0xsource',
    blockNumber: 12,
    fee: null,
    result: null,
    ...over,
  } as Execution;
}

const transfer = (over: Record<string, unknown> = {}) => ({
  provider: 'lifi',
  fromChainId: 31337,
  toChainId: 10,
  fromAmount: '100000000',
  state: 'bridging',
  terminal: false,
  reason: 'LI.FI: PENDING',
  sourceTxHash: '0xsource',
  destinationTxHash: null,
  destinationChainId: null,
  amountReceived: null,
  tokenReceived: null,
  alerts: [],
  ...over,
});

describe('toBridgeView', () => {
  it('is undefined for any other action', () => {
    expect(toBridgeView(execution({ action: 'swap' }))).toBeUndefined();
  });

  it('says a transfer in flight: state in words, route, exact amount sent, nothing received yet', () => {
    expect(toBridgeView(execution({ result: { bridge: transfer() } }))).toEqual({
      executionId: 'ex_1',
      state: 'bridging',
      followed: true,
      route: 'devnet → optimism',
      sent: '100 USDC',
      reason: 'LI.FI: PENDING',
      sourceTxHash: '0xsource',
      destinationTxHash: null,
      destinationChain: null,
      received: null,
      alerts: [],
      statusUnavailable: null,
      sourceReorg: null,
      updatedAt: '2026-01-01T00:05:00.000Z',
    });
  });

  it('says what arrived where, the alerts raised and a status outage', () => {
    const v = toBridgeView(
      execution({
        result: {
          bridge: transfer({
            state: 'partial',
            terminal: true,
            reason: 'another token arrived',
            destinationTxHash: '0xdest',
            destinationChainId: 10,
            amountReceived: '99500000000000000000000',
            tokenReceived: USDC_OP,
            alerts: [
              {
                id: 'ba_1',
                createdAt: Date.parse('2026-01-01T00:04:00.000Z'),
                kind: 'bridge-partial',
                severity: 'medium',
                reason: 'another token arrived',
              },
            ],
            lastError: {
              code: 'LIFI_TIMEOUT',
              message: 'no answer in 5000 ms',
              at: Date.parse('2026-01-01T00:03:00.000Z'),
            },
          }),
        },
      }),
    );
    expect(v?.state).toBe('partial');
    expect(v?.received).toBe(`99500000000000000000000 base units of ${USDC_OP}`);
    expect(v?.destinationTxHash).toBe('0xdest');
    expect(v?.destinationChain).toBe('optimism');
    expect(v?.alerts).toEqual([
      {
        id: 'ba_1',
        severity: 'medium',
        text: 'bridge-partial: another token arrived (2026-01-01T00:04:00.000Z)',
      },
    ]);
    expect(v?.statusUnavailable).toBe('LIFI_TIMEOUT: no answer in 5000 ms (2026-01-01T00:03:00.000Z)');
  });

  it('before the source transaction is confirmed, shows the execution status and the native amount', () => {
    const v = toBridgeView(
      execution({
        status: 'awaiting_confirmation',
        txHash: null,
        spends: [],
        nativeValue: { wei: '20000000000000000', eth: '0.02' },
      }),
    );
    expect(v).toMatchObject({
      state: 'awaiting_confirmation',
      followed: false,
      sent: '0.02 ETH',
      route: 'devnet → another chain',
      reason: 'the bridge transaction is not confirmed yet',
      sourceTxHash: null,
    });
  });

  it('a refused bridge says the refusal', () => {
    const v = toBridgeView(
      execution({ status: 'blocked', reason: 'daily limit', code: 'DAILY_LIMIT_EXCEEDED', txHash: null }),
    );
    expect(v).toMatchObject({ state: 'blocked', reason: 'daily limit' });
  });
  it('what arrived reads in the destination token’s units and symbol when the record keeps them, the chain by name', () => {
    const v = toBridgeView(
      execution({
        result: {
          bridge: transfer({
            state: 'completed',
            toToken: USDC_OP,
            toTokenDecimals: 6,
            toTokenSymbol: 'USDC',
            toChainId: 31338,
            toChainName: 'devnet-b',
            destinationChainId: 31338,
            amountReceived: '99900000',
            tokenReceived: USDC_OP,
          }),
        },
      }),
    );
    expect(v?.received).toBe('99.9 USDC');
    expect(v?.route).toBe('devnet → devnet-b');
    expect(v?.destinationChain).toBe('devnet-b');
  });

  it('shows the mark of a reorg of the source transaction’s block', () => {
    const view = toBridgeView(
      execution({
        result: {
          bridge: transfer({
            state: 'pending',
            sourceReorg: {
              blockNumber: 12,
              blockHash: `0x${'11'.repeat(32)}`,
              at: Date.UTC(2026, 0, 1, 0, 6),
            },
          }),
        },
      }),
    );
    expect(view?.sourceReorg).toBe(
      `block 12 (0x${'11'.repeat(32)}) was reorganized away (2026-01-01T00:06:00.000Z); followed again`,
    );
  });
});
