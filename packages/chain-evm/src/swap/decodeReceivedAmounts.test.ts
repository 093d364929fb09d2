import { describe, expect, it } from 'vitest';
import { decodeReceivedAmounts } from './decodeReceivedAmounts.js';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const tokenA = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const tokenB = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const topic = (address: string) => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const transfer = (token: string, from: string, to: string, value: bigint) => ({
  address: token.toLowerCase(),
  topics: [TRANSFER, topic(from), topic(to)],
  data: word(value),
});

describe('decodeReceivedAmounts', () => {
  it('sums Transfers to the recipient per token; ignores other recipients, outgoing, ERC-721 and malformed logs', () => {
    const logs = [
      transfer(tokenA, me, other, 5n), // outgoing
      transfer(tokenA, other, me, 7n),
      transfer(tokenB, other, other, 9n), // someone else
      transfer(tokenA, other, me, 3n),
      { ...transfer(tokenB, other, me, 1n), topics: [TRANSFER, topic(other), topic(me), word(1n)] }, // ERC-721
      { ...transfer(tokenB, other, me, 1n), data: '0x' }, // malformed
      { ...transfer(tokenB, other, me, 11n), topics: [`0x${'ab'.repeat(32)}`, topic(other), topic(me)] }, // other event
      transfer(tokenB, other, me, 2n),
    ];
    expect(decodeReceivedAmounts({ logs, recipient: me })).toEqual([
      { token: tokenA, amount: 10n },
      { token: tokenB, amount: 2n },
    ]);
    expect(decodeReceivedAmounts({ logs, recipient: me, token: tokenB })).toEqual([
      { token: tokenB, amount: 2n },
    ]);
    expect(decodeReceivedAmounts({ logs, recipient: other })).toEqual([
      { token: tokenA, amount: 5n },
      { token: tokenB, amount: 9n },
    ]);
    expect(decodeReceivedAmounts({ logs: [], recipient: me })).toEqual([]);
  });

  it('net: a token that delivers in full and then takes its fee back from the recipient counts only what stayed', () => {
    const zero = '0x0000000000000000000000000000000000000000';
    const logs = [
      transfer(tokenA, other, me, 1_000n), // the pair sends the full amount
      transfer(tokenA, me, zero, 900n), // a 90% buy tax burned from the buyer
      transfer(tokenB, me, other, 5n), // spent, never received: not listed
      transfer(tokenA, me, me, 50n), // a self-transfer changes nothing
    ];
    expect(decodeReceivedAmounts({ logs, recipient: me, net: true })).toEqual([
      { token: tokenA, amount: 100n },
    ]);
    expect(decodeReceivedAmounts({ logs, recipient: me, token: tokenA })).toEqual([
      { token: tokenA, amount: 1_050n },
    ]);
    // Never below 0 (more left than arrived in this receipt).
    expect(
      decodeReceivedAmounts({
        logs: [transfer(tokenA, other, me, 1n), transfer(tokenA, me, other, 3n)],
        recipient: me,
        net: true,
      }),
    ).toEqual([{ token: tokenA, amount: 0n }]);
  });
});
