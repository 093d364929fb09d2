import { describe, expect, it } from 'vitest';
import { parseLifiStatus } from './parseLifiStatus.js';

const hash = `0x${'AB'.repeat(32)}`;
const token = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: 1,
  symbol: 'ETH',
  decimals: 18,
  name: 'Ether',
  priceUSD: '3000',
};

describe('parseLifiStatus', () => {
  it('NOT_FOUND alone, as LI.FI sends it with HTTP 200', () => {
    expect(parseLifiStatus({ status: 'NOT_FOUND' })).toEqual({
      status: 'NOT_FOUND',
      substatus: null,
      substatusMessage: null,
      tool: null,
      transactionId: null,
      sending: null,
      receiving: null,
      fromAddress: null,
      toAddress: null,
      lifiExplorerLink: null,
    });
  });

  it('a DONE transfer with both sides (hashes lower-cased, amounts bigint)', () => {
    const status = parseLifiStatus({
      status: 'DONE',
      substatus: 'COMPLETED',
      tool: 'across',
      sending: {
        txHash: hash,
        chainId: 8453,
        amount: '25000000',
        token,
        value: '0',
        timestamp: 1_700_000_000,
        gasAmount: '21000',
      },
      receiving: { txHash: hash, chainId: 42161, amount: '24990000' },
      fromAddress: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    });
    expect(status.sending).toEqual({
      txHash: hash.toLowerCase(),
      chainId: 8453,
      amount: 25_000_000n,
      token: expect.objectContaining({ symbol: 'ETH' }),
      value: 0n,
      timestamp: 1_700_000_000,
      gasAmount: 21_000n,
    });
    expect(status.receiving?.amount).toBe(24_990_000n);
    expect(status.fromAddress).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
  });

  it.each([
    ['an unknown status', { status: 'ALMOST_DONE' }],
    ['no status', { substatus: 'COMPLETED' }],
    ['a status that is not a string', { status: 3 }],
    ['a hash that is not a hash', { status: 'PENDING', sending: { chainId: 1, txHash: '0x1234' } }],
    ['a numeric amount', { status: 'DONE', receiving: { chainId: 1, amount: 5 } }],
    ['a side without chain id', { status: 'PENDING', receiving: {} }],
    ['an array', []],
  ])('%s is BRIDGE_PROVIDER_BAD_RESPONSE', (_name, body) => {
    expect(() => parseLifiStatus(body)).toThrow(
      expect.objectContaining({ code: 'BRIDGE_PROVIDER_BAD_RESPONSE' }),
    );
  });
});
