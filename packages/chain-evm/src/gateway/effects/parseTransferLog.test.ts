import { describe, expect, it } from 'vitest';
import { parseTransferLog } from './parseTransferLog.js';

const TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (address: string) => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`;
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const FROM = '0x1111111111111111111111111111111111111111';
const TO = '0x2222222222222222222222222222222222222222';
const AMOUNT = `0x${123_456n.toString(16).padStart(64, '0')}`;

describe('parseTransferLog', () => {
  it('an ERC-20 Transfer log → token, from, to (lower case) and the amount', () => {
    expect(parseTransferLog({ address: TOKEN, topics: [TOPIC, word(FROM), word(TO)], data: AMOUNT })).toEqual(
      {
        token: TOKEN.toLowerCase(),
        from: FROM,
        to: TO,
        amount: 123_456n,
      },
    );
    // Upper-case hex from a node is read the same.
    expect(
      parseTransferLog({
        address: TOKEN,
        topics: [TOPIC.toUpperCase().replace('0X', '0x'), word(FROM), word(TO)],
        data: AMOUNT.toUpperCase().replace('0X', '0x'),
      })?.amount,
    ).toBe(123_456n);
  });

  it('WETH9 Deposit / Withdrawal (two topics): a mint to dst / a burn from src', () => {
    const deposit = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
    const withdrawal = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
    const zero = '0x0000000000000000000000000000000000000000';
    expect(parseTransferLog({ address: TOKEN, topics: [deposit, word(TO)], data: AMOUNT })).toEqual({
      token: TOKEN.toLowerCase(),
      from: zero,
      to: TO,
      amount: 123_456n,
    });
    expect(parseTransferLog({ address: TOKEN, topics: [withdrawal, word(FROM)], data: AMOUNT })).toEqual({
      token: TOKEN.toLowerCase(),
      from: FROM,
      to: zero,
      amount: 123_456n,
    });
    // Their signatures with another number of topics (an ERC-4626 Deposit has three) are not these events.
    expect(
      parseTransferLog({ address: TOKEN, topics: [deposit, word(FROM), word(TO)], data: AMOUNT }),
    ).toBeNull();
    expect(parseTransferLog({ address: TOKEN, topics: [withdrawal], data: AMOUNT })).toBeNull();
    expect(parseTransferLog({ address: TOKEN, topics: [TOPIC, word(FROM)], data: AMOUNT })).toBeNull();
    expect(
      parseTransferLog({ address: TOKEN, topics: [deposit, `0x${'f'.repeat(64)}`], data: AMOUNT }),
    ).toBeNull();
  });

  it('anything else is not a transfer: another event, an ERC-721 Transfer (4 topics), malformed words', () => {
    const good = { address: TOKEN, topics: [TOPIC, word(FROM), word(TO)], data: AMOUNT };
    const approval = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
    for (const log of [
      { ...good, topics: [approval, word(FROM), word(TO)] },
      { ...good, topics: [TOPIC, word(FROM), word(TO), AMOUNT], data: '0x' },
      { ...good, topics: [TOPIC, word(FROM)] },
      { ...good, topics: 'nope' },
      { ...good, topics: [TOPIC, `0x${'f'.repeat(64)}`, word(TO)] },
      { ...good, topics: [TOPIC, word(FROM), `0x${'1'.repeat(64)}`] },
      { ...good, topics: [TOPIC, word(FROM), 7] },
      { ...good, data: '0x01' },
      { ...good, data: `${AMOUNT}00` },
      { ...good, data: undefined },
      { ...good, address: '0x1234' },
      { ...good, address: undefined },
    ]) {
      expect(parseTransferLog(log)).toBeNull();
    }
  });
});
