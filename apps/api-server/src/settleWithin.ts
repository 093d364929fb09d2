/**
 * Waits for `work` at most `ms`: `true` when it ended (resolved or rejected) in time, `false` when the bound came
 * first (the work goes on; nothing is cancelled). The timer is cleared as soon as either happens.
 *
 * @example
 * ```ts
 * if (!(await settleWithin(server.drain(), 20_000))) log.warn('drain bound reached');
 * ```
 */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });
}
