import type { BroadcastTransaction, ExecutionRecord, Hex } from '../../types.js';

const MAX_UINT256 = 2n ** 256n - 1n;

/** A 32-byte hash made from a number (distinct numbers give distinct hashes). */
export function testHash(n: number): Hex {
  return `0x${n.toString(16).padStart(64, '0')}`;
}

/**
 * A complete execution record for store tests; every nullable field filled unless overridden.
 *
 * @example
 * ```ts
 * const record = testExecutionRecord({ id: 'e1', createdAt: 1 });
 * ```
 */
export function testExecutionRecord(overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    id: 'exe_0001',
    version: 0,
    createdAt: 1_735_732_800_000,
    updatedAt: 1_735_732_800_500,
    chainId: 8453,
    action: 'swap',
    from: '0x1111111111111111111111111111111111111111',
    to: '0x2626664c2603336E57B271c5C0b26F421741e481',
    intent: {
      description: 'swap 0.05 WETH for USDC',
      value: '0',
      spends: [
        {
          token: '0x4200000000000000000000000000000000000006',
          amount: '50000000000000000',
          symbol: 'WETH',
          decimals: 18,
        },
      ],
      acquires: [{ token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: '123450000' }],
      spender: '0x2626664c2603336E57B271c5C0b26F421741e481',
    },
    status: 'confirmed',
    code: 'TX_REVERTED',
    reason: 'mined with status 0 — "quoted" text, ünïcode',
    valueWei: MAX_UINT256,
    reservationId: 'res_42',
    nonce: 7,
    transactions: [testTransaction({ hash: testHash(1), nonce: 7 })],
    minedHash: testHash(1),
    blockNumber: 21_000_000,
    blockHash: testHash(0xb10c),
    feeWei: 123_456_789_012_345_678_901n,
    idempotencyKey: 'idem-key-1',
    result: { amountOut: '123456789', logs: [{ index: 3, token: 'USDC' }], ok: true, none: null },
    feeReservedWei: 2n ** 200n + 3n,
    nonceGoneSinceBlock: 20_999_990,
    cancelRequestedAt: 1_735_732_802_000,
    cancelRequestedBy: 'cli',
    ...overrides,
  };
}

/**
 * A signed transaction for store tests.
 *
 * @example
 * ```ts
 * const tx = testTransaction({ hash: testHash(2), nonce: 3 });
 * ```
 */
export function testTransaction(overrides: Partial<BroadcastTransaction> = {}): BroadcastTransaction {
  return {
    hash: testHash(99),
    raw: '0x02f87083014a3407843b9aca00850ba43b7400825208940000000000000000000000000000000000000001',
    nonce: 0,
    gasLimit: 210_000n,
    maxFeePerGas: 2n ** 128n + 5n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signedAt: 1_735_732_801_000,
    ...overrides,
  };
}

/** A record in status `preparing` with nothing signed and every optional field null. */
export function testPreparingRecord(overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return testExecutionRecord({
    status: 'preparing',
    code: null,
    reason: null,
    valueWei: null,
    reservationId: null,
    nonce: null,
    transactions: [],
    minedHash: null,
    blockNumber: null,
    blockHash: null,
    feeWei: null,
    idempotencyKey: null,
    result: null,
    feeReservedWei: null,
    nonceGoneSinceBlock: null,
    cancelRequestedAt: null,
    cancelRequestedBy: null,
    ...overrides,
  });
}
