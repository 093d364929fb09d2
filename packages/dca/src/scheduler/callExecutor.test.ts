import { describe, expect, it } from 'vitest';
import { BaseError } from '../errors/BaseError.js';
import { callExecutor } from './callExecutor.js';

class TypedError extends BaseError<string> {}

describe('callExecutor', () => {
  it("quotes a typed error's code and short message in DCA_EXECUTOR_ERROR (the fill's reason says why)", async () => {
    const failing = callExecutor('quote', 1_000, async () => {
      throw new TypedError('VALUE_UNKNOWN', 'USDC cannot be priced on chain');
    });
    await expect(failing).rejects.toMatchObject({
      code: 'DCA_EXECUTOR_ERROR',
      shortMessage: "The executor's quote failed (VALUE_UNKNOWN: USDC cannot be priced on chain).",
    });
  });

  it("never quotes a foreign error's message (it may carry a URL or a payload)", async () => {
    const failing = callExecutor('balance', 1_000, async () => {
      throw new Error('request to https://user:secret@rpc.example failed');
    });
    const error = await failing.catch((e: unknown) => e as BaseError<string>);
    expect(error.code).toBe('DCA_EXECUTOR_ERROR');
    expect(error.shortMessage).toBe("The executor's balance failed.");
  });

  it('a call that does not answer in time → DCA_EXECUTOR_TIMEOUT, its signal aborted', async () => {
    let signal: AbortSignal | undefined;
    const hanging = callExecutor('lookup', 20, (s) => {
      signal = s;
      return new Promise(() => {});
    });
    await expect(hanging).rejects.toMatchObject({ code: 'DCA_EXECUTOR_TIMEOUT' });
    expect(signal?.aborted).toBe(true);
  });
});
