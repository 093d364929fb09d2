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
