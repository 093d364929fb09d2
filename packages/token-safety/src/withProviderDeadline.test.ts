import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from './errors/ProviderError.js';
import { withProviderDeadline } from './withProviderDeadline.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('withProviderDeadline', () => {
  it('returns the answer and clears its timer', async () => {
    vi.useFakeTimers();
    const answer = await withProviderDeadline({ provider: 'p', timeoutMs: 1000, run: async () => 42 });
    expect(answer).toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with PROVIDER_TIMEOUT past the deadline and clears its timer', async () => {
    vi.useFakeTimers();
    const pending = withProviderDeadline({
      provider: 'p',
      timeoutMs: 50,
      describe: 'eth_call',
      run: () => new Promise<never>(() => {}),
    });
    const assertion = expect(pending).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'PROVIDER_TIMEOUT',
      provider: 'p',
      shortMessage: 'p: eth_call timed out after 50 ms',
    });
    await vi.advanceTimersByTimeAsync(50);
    await assertion;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('translates a foreign error to PROVIDER_NETWORK_ERROR without its message (no URL leak)', async () => {
    const cause = new TypeError('fetch failed: https://user:secret@rpc.example/key');
    const error = await withProviderDeadline({
      provider: 'p',
      timeoutMs: 1000,
      describe: 'eth_chainId',
      run: () => Promise.reject(cause),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'PROVIDER_NETWORK_ERROR',
      shortMessage: 'p: eth_chainId failed',
      details: 'TypeError',
      cause,
    });
    expect(String((error as ProviderError).message)).not.toContain('secret');
  });

  it("uses ethers' shortMessage as details, and a custom details function when given", async () => {
    const ethersLike = Object.assign(new Error('long message with https://rpc.example'), {
      shortMessage: 'could not coalesce error',
    });
    await expect(
      withProviderDeadline({ provider: 'p', timeoutMs: 1000, run: () => Promise.reject(ethersLike) }),
    ).rejects.toMatchObject({ shortMessage: 'p: call failed', details: 'could not coalesce error' });
    await expect(
      withProviderDeadline({
        provider: 'p',
        timeoutMs: 1000,
        run: () => Promise.reject(new Error('boom')),
        details: (error) => (error as Error).message,
      }),
    ).rejects.toMatchObject({ details: 'boom' });
  });

  it('lets a ProviderError thrown by the call pass through, and catches synchronous throws', async () => {
    const own = new ProviderError({ code: 'PROVIDER_NO_DATA', provider: 'p', shortMessage: 'nothing' });
    await expect(
      withProviderDeadline({ provider: 'p', timeoutMs: 1000, run: () => Promise.reject(own) }),
    ).rejects.toBe(own);
    await expect(
      withProviderDeadline({
        provider: 'p',
        timeoutMs: 1000,
        run: () => {
          throw new Error('sync');
        },
      }),
    ).rejects.toMatchObject({ code: 'PROVIDER_NETWORK_ERROR' });
  });
});
