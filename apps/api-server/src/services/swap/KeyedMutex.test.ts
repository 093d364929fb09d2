import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './KeyedMutex.js';

describe('KeyedMutex', () => {
  it('one at a time per key, in arrival order; other keys run alongside; a failure frees the key', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const a1 = mutex.run('a', async () => {
      log.push('a1 start');
      await gate;
      log.push('a1 end');
    });
    const a2 = mutex.run('a', async () => {
      log.push('a2');
      throw new Error('boom');
    });
    const a3 = mutex.run('a', async () => log.push('a3'));
    await mutex.run('b', async () => log.push('b'));
    expect(log).toEqual(['a1 start', 'b']);
    open();
    await a1;
    await expect(a2).rejects.toThrow('boom');
    await a3;
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2', 'a3']);
    expect(mutex.size).toBe(0);
    expect(mutex.runs('a')).toBe(3);
    expect(mutex.runs('b')).toBe(1);
    expect(mutex.runs('c')).toBe(0);
  });
});
