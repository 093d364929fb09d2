import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { buildRevokeIntent } from './buildRevokeIntent.js';
import { decodeApprovalCalldata } from './decodeApprovalCalldata.js';

const SPENDER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const TOKEN = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const i = new Interface([
  'function approve(address,uint256)',
  'function setApprovalForAll(address,bool)',
  'function transfer(address,uint256)',
]);

describe('decodeApprovalCalldata / buildRevokeIntent', () => {
  it('decodes approve and setApprovalForAll exactly; anything else is null', () => {
    expect(decodeApprovalCalldata(i.encodeFunctionData('approve', [SPENDER, 7n]))).toEqual({
      fn: 'approve',
      spender: SPENDER,
      amount: 7n,
    });
    expect(decodeApprovalCalldata(i.encodeFunctionData('setApprovalForAll', [SPENDER, true]))).toEqual({
      fn: 'setApprovalForAll',
      operator: SPENDER,
      approved: true,
    });
    expect(decodeApprovalCalldata(i.encodeFunctionData('transfer', [SPENDER, 7n]))).toBeNull();
    expect(decodeApprovalCalldata(`${i.encodeFunctionData('approve', [SPENDER, 0n])}00`)).toBeNull();
    expect(decodeApprovalCalldata('0x')).toBeNull();
  });

  it('revoke intents: approve(spender, 0) / setApprovalForAll(operator, false), action revoke, nothing spent', () => {
    const erc20 = buildRevokeIntent({
      chainId: 1,
      token: TOKEN,
      spender: SPENDER,
      kind: 'erc20',
      symbol: 'USDC',
    });
    expect(decodeApprovalCalldata(erc20.data)).toEqual({ fn: 'approve', spender: SPENDER, amount: 0n });
    expect(erc20).toMatchObject({
      action: 'revoke',
      to: TOKEN,
      spender: SPENDER,
      value: 0n,
      spends: [],
      acquires: [],
    });
    const operator = buildRevokeIntent({ chainId: 1, token: TOKEN, spender: SPENDER, kind: 'operator' });
    expect(decodeApprovalCalldata(operator.data)).toEqual({
      fn: 'setApprovalForAll',
      operator: SPENDER,
      approved: false,
    });
  });

  it('an address word with dirty high bytes, or a setApprovalForAll flag other than 0 or 1, is null', () => {
    const clean = i.encodeFunctionData('approve', [SPENDER, 7n]);
    const dirty = `${clean.slice(0, 10)}${'ff'.repeat(12)}${clean.slice(34)}`;
    expect(decodeApprovalCalldata(dirty)).toBeNull();
    const setAll = i.encodeFunctionData('setApprovalForAll', [SPENDER, true]);
    expect(decodeApprovalCalldata(`${setAll.slice(0, -1)}2`)).toBeNull();
    expect(decodeApprovalCalldata(`${setAll.slice(0, -1)}0`)).toMatchObject({ approved: false });
  });
});
