import { id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { collectApprovalCandidates } from './collectApprovalCandidates.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from './constants.js';
import type { ChainLog } from './getLogsAdaptive.js';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const NFT = '0xD84379CEae14AA33C123Af12424A37803F885889';
const SPENDER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const word = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}` as `0x${string}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;
const log = (o: Partial<ChainLog>): ChainLog => ({
  address: TOKEN,
  topics: [APPROVAL_TOPIC, word(OWNER), word(SPENDER)],
  data: word('0x05'),
  blockNumber: 10,
  transactionHash: hash(1),
  logIndex: 0,
  ...o,
});

describe('collectApprovalCandidates', () => {
  it('the event topics are the keccak of the standard signatures', () => {
    expect(APPROVAL_TOPIC).toBe(id('Approval(address,address,uint256)'));
    expect(APPROVAL_FOR_ALL_TOPIC).toBe(id('ApprovalForAll(address,address,bool)'));
  });

  it('ERC-20 Approval and ApprovalForAll nominate pairs; the latest log of a pair wins; addresses come out checksummed', () => {
    const candidates = collectApprovalCandidates({
      owner: OWNER,
      logs: [
        log({ blockNumber: 10, logIndex: 3, transactionHash: hash(1) }),
        log({ blockNumber: 12, logIndex: 0, transactionHash: hash(2) }),
        log({ blockNumber: 12, logIndex: 1, transactionHash: hash(3) }),
        log({ blockNumber: 11, logIndex: 9, transactionHash: hash(4) }),
        log({
          address: NFT.toLowerCase() as `0x${string}`,
          topics: [APPROVAL_FOR_ALL_TOPIC, word(OWNER), word(SPENDER)],
          data: word('0x01'),
          blockNumber: 13,
        }),
      ],
    });
    expect(candidates).toEqual([
      { token: TOKEN, spender: SPENDER, kind: 'erc20', lastBlock: 12, lastTxHash: hash(3), lastLogIndex: 1 },
      { token: NFT, spender: SPENDER, kind: 'operator', lastBlock: 13, lastTxHash: hash(1), lastLogIndex: 0 },
    ]);
  });

  it('skips ERC-721 per-token Approval (4 topics), other owners, other events and malformed address topics', () => {
    expect(
      collectApprovalCandidates({
        owner: OWNER,
        logs: [
          log({ topics: [APPROVAL_TOPIC, word(OWNER), word(SPENDER), word('0x07')] }),
          log({ topics: [APPROVAL_TOPIC, word(OTHER), word(SPENDER)] }),
          log({
            topics: [id('Transfer(address,address,uint256)') as `0x${string}`, word(OWNER), word(SPENDER)],
          }),
          log({ topics: [APPROVAL_TOPIC, word(OWNER), `0x${'ff'.repeat(32)}`] }),
          log({ topics: [APPROVAL_TOPIC, word(OWNER)] }),
        ],
      }),
    ).toEqual([]);
  });
});
