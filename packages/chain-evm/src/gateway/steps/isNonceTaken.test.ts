import { describe, expect, it } from 'vitest';
import { RpcError } from '../../errors/RpcError.js';
import { isNonceTaken } from './isNonceTaken.js';

describe('isNonceTaken', () => {
  it("reads the node's answer under the RPC boundary's wrapper, not only the top-level message", () => {
    const wrapped = new RpcError('RPC_ERROR', {
      chainId: 1,
      method: 'eth_sendRawTransaction',
      cause: new Error('could not coalesce error (error={ "code": -32003, "message": "nonce too low" })'),
    });
    expect(wrapped.message).not.toMatch(/nonce too low/);
    expect(isNonceTaken(wrapped)).toBe(true);
  });

  it("knows ethers' codes and the nested JSON-RPC error", () => {
    expect(
      isNonceTaken(Object.assign(new Error('nonce has already been used'), { code: 'NONCE_EXPIRED' })),
    ).toBe(true);
    expect(isNonceTaken(Object.assign(new Error('x'), { code: 'REPLACEMENT_UNDERPRICED' }))).toBe(true);
    expect(
      isNonceTaken({
        message: 'bad',
        info: { error: { code: -32000, message: 'replacement transaction underpriced' } },
      }),
    ).toBe(true);
    expect(isNonceTaken({ message: 'bad', error: { code: -32000, message: 'already known' } })).toBe(true);
  });

  it('is false for other refusals, transport failures and time-outs', () => {
    expect(isNonceTaken(new Error('insufficient funds for gas * price + value'))).toBe(false);
    expect(isNonceTaken(new Error('nonce too high'))).toBe(false);
    expect(isNonceTaken(new RpcError('RPC_TIMEOUT', { chainId: 1, method: 'eth_sendRawTransaction' }))).toBe(
      false,
    );
    expect(isNonceTaken(new Error('timeout after nonce too low'))).toBe(false);
    expect(isNonceTaken(null)).toBe(false);
    expect(isNonceTaken('nonce too low')).toBe(true);
  });

  it('stops on a cyclic cause chain', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = a;
    expect(isNonceTaken(a)).toBe(false);
  });
});
