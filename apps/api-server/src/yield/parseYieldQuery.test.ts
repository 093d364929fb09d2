import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseYieldQuery, type YieldQueryInput } from './parseYieldQuery.js';

const parse = (input: YieldQueryInput, requireAsset: boolean) =>
  parseYieldQuery({ input, limits: { defaultLimit: 10, maxLimit: 50 }, requireAsset, resolveChain: () => 1 });

describe('parseYieldQuery: exposure', () => {
  it('best and compare (an asset asked) rank single-asset pools only unless another exposure is asked (review M12)', () => {
    expect(parse({ asset: 'USDC' }, true).filters).toMatchObject({ singleExposureOnly: true });
    expect(parse({ asset: 'USDC', exposure: 'any' }, true).filters.singleExposureOnly).toBeUndefined();
    expect(parse({ asset: 'USDC', singleExposure: false }, true).filters.singleExposureOnly).toBeUndefined();
    expect(parse({ asset: 'USDC', exposure: 'multi' }, true).filters).toMatchObject({
      multiExposureOnly: true,
    });
  });

  it('the opportunity list keeps every exposure unless asked', () => {
    expect(parse({ asset: 'USDC' }, false).filters.singleExposureOnly).toBeUndefined();
    expect(parse({ exposure: 'single' }, false).filters.singleExposureOnly).toBe(true);
  });

  it('refuses another value, or multi with singleExposure=true', () => {
    for (const input of [{ exposure: 'both' }, { exposure: 'multi', singleExposure: true }]) {
      try {
        parse({ asset: 'USDC', ...input }, true);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ApiProblem);
        expect((error as ApiProblem).code).toBe('VALIDATION_FAILED');
      }
    }
  });
});
