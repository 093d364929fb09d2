import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAggregate3Result } from './decodeAggregate3Result.js';
import { encodeAggregate3 } from './encodeAggregate3.js';
import { multicall3Interface } from './multicall3Interface.js';

const hexBytes = (max: number) =>
  fc.uint8Array({ maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`);

describe('encodeAggregate3 / decodeAggregate3Result (against ethers’ ABI coder)', () => {
  it('property: the calldata is byte for byte what ethers encodes', () => {
    const call = fc.record({ target: address, allowFailure: fc.boolean(), callData: hexBytes(100) });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), (calls) => {
        const ours = encodeAggregate3(calls);
        const theirs = multicall3Interface.encodeFunctionData('aggregate3', [
          calls.map((c) => [c.target, c.allowFailure, c.callData]),
        ]);
        expect(ours).toBe(theirs.toLowerCase());
      }),
    );
  });

  it('property: decodes what ethers encodes, to the same values', () => {
    const result = fc.record({ success: fc.boolean(), returnData: hexBytes(100) });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 12 }), (results) => {
        const raw = multicall3Interface.encodeFunctionResult('aggregate3', [
          results.map((r) => [r.success, r.returnData]),
        ]);
        expect(decodeAggregate3Result(raw)).toEqual(results);
      }),
    );
  });

  it('refuses data that is cut, misaligned, out of bounds or not a bool', () => {
    const raw = multicall3Interface.encodeFunctionResult('aggregate3', [[[true, '0x1234']]]);
    expect(() => decodeAggregate3Result(raw.slice(0, -64))).toThrow(TypeError);
    expect(() => decodeAggregate3Result(`${raw}00`)).toThrow(TypeError);
    expect(() => decodeAggregate3Result('0x')).toThrow(TypeError);
    const words = raw.slice(2).match(/.{64}/g) as string[];
    const withBool = [...words];
    withBool[3] = withBool[3]!.replace(/1$/, '2'); // the tuple's success word
    expect(() => decodeAggregate3Result(`0x${withBool.join('')}`)).toThrow(/bool/);
    const huge = [...words];
    huge[1] = 'f'.repeat(64); // array length
    expect(() => decodeAggregate3Result(`0x${huge.join('')}`)).toThrow(TypeError);
    const misaligned = [...words];
    misaligned[0] = (0x21).toString(16).padStart(64, '0');
    expect(() => decodeAggregate3Result(`0x${misaligned.join('')}`)).toThrow(/unaligned/);
  });
});
