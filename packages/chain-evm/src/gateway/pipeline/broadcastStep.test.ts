import { describe, expect, it } from 'vitest';
import { testContext } from '../testing/gatewayHarness.js';
import { broadcastStep } from './broadcastStep.js';

describe('broadcastStep', () => {
  it('hands the raw transaction to the node; "already known" is success; any other failure throws', async () => {
    const { ctx } = testContext();
    const seen: unknown[] = [];
    const node = (answer: () => unknown) => ({
      send: async (method: string, params: unknown[]) => {
        seen.push([method, params]);
        return answer();
      },
    });
    await broadcastStep(ctx, { provider: node(() => '0xabc'), chainId: 1, raw: '0x02aa' });
    expect(seen).toEqual([['eth_sendRawTransaction', ['0x02aa']]]);
    await broadcastStep(ctx, {
      provider: node(() => {
        throw new Error('already known');
      }),
      chainId: 1,
      raw: '0x02aa',
    });
    await expect(
      broadcastStep(ctx, {
        provider: node(() => {
          throw new Error('nonce too low');
        }),
        chainId: 1,
        raw: '0x02aa',
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'nonce too low' }) });
  });
});
