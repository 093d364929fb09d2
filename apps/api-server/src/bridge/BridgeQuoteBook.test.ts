import type { BridgeQuoteRequest, LifiQuote } from '@org/chain-evm';
import { describe, expect, it } from 'vitest';
import type { BridgeQuoteDto } from '../dto/bridge.js';
import { BridgeQuoteBook } from './BridgeQuoteBook.js';

const quote = {} as LifiQuote;
const request = {} as BridgeQuoteRequest;
const dto = (id: string) => ({ id }) as BridgeQuoteDto;

describe('BridgeQuoteBook', () => {
  it('hands a quote out once: the second take of the same id is `used`', () => {
    const book = new BridgeQuoteBook({ keepMs: 60_000 });
    const booked = book.add({ quote, request, createdAt: Date.now(), dto });
    expect(booked.dto.id).toBe(booked.id);
    expect(book.take(booked.id)).toMatchObject({ kind: 'taken', quote: { id: booked.id } });
    expect(book.take(booked.id)).toEqual({ kind: 'used' });
    expect(book.take('bq_other')).toEqual({ kind: 'unknown' });
  });

  it('forgets quotes older than keepMs, and the oldest beyond its capacity', () => {
    let now = 1_000_000;
    const book = new BridgeQuoteBook({ keepMs: 1_000, capacity: 2, now: () => now });
    const old = book.add({ quote, request, createdAt: now, dto });
    now += 1_001;
    expect(book.take(old.id)).toEqual({ kind: 'unknown' });
    const [a, b, c] = [1, 2, 3].map(() => book.add({ quote, request, createdAt: now, dto }));
    expect(book.take(a!.id)).toEqual({ kind: 'unknown' });
    expect(book.take(b!.id).kind).toBe('taken');
    expect(book.take(c!.id).kind).toBe('taken');
  });
});
