import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/loadSpec.js';
import { auditWholeNumbers } from './helpers/auditWholeNumbers.js';

// Client generators for typed languages turn an OpenAPI `number` into a double: every whole number of the document
// must be an `integer`, and one that can pass 2^31 an `int64`. The audit judges by names and descriptions, so a DTO
// added later (with a `chainId`, a `blockNumber`, a `limit` parameter, a `counts` object…) is covered without anyone
// listing it here.

const number = { type: 'number', format: 'double' };
const int32 = { type: 'integer', format: 'int32' };
const int64 = { type: 'integer', format: 'int64' };

describe('auditWholeNumbers (on a made-up document)', () => {
  it('lists each whole number typed `number`, by property, parameter, parent tally, description and alias', () => {
    const audit = auditWholeNumbers({
      components: {
        schemas: {
          Made: {
            type: 'object',
            properties: {
              chain: { type: 'object', properties: { id: number, name: { type: 'string' } } },
              deadlineSeconds: number,
              counts: { type: 'object', properties: { low: number } },
              alertsByKind: { type: 'object', properties: { 'new-approval': number } },
              walletsInError: number,
              fees: { type: 'array', items: number },
              settled: { description: 'Number of transfers settled.', ...number },
              lastBlock: { anyOf: [number, { type: 'string' }], nullable: true },
              factorPoints: { $ref: '#/components/schemas/Record_string.number_' },
              // Fractional by name or by meaning: not whole numbers.
              sellTax: number,
              blockFullnessPercent: number,
              ratio: { description: 'Share of fields known, 0–1.', ...number },
              amount: { type: 'string' },
            },
          },
          'Record_string.number_': { type: 'object', properties: {}, additionalProperties: number },
          ChainDto: { type: 'object', properties: { id: int32, name: { type: 'string' } } },
        },
      },
      paths: {
        '/made': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', schema: number },
              { name: 'threshold', in: 'query', description: 'An integer.', schema: number },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { retryAfterMs: number, nonce: int32 } },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(audit.notInteger).toEqual([
      '#/components/schemas/Made/properties/chain/properties/id (id)',
      '#/components/schemas/Made/properties/deadlineSeconds (deadlineSeconds)',
      '#/components/schemas/Made/properties/counts/properties/low (low)',
      '#/components/schemas/Made/properties/alertsByKind/properties/new-approval (new-approval)',
      '#/components/schemas/Made/properties/walletsInError (walletsInError)',
      '#/components/schemas/Made/properties/fees/items (fees)',
      '#/components/schemas/Made/properties/settled (settled)',
      '#/components/schemas/Made/properties/lastBlock/anyOf/0 (lastBlock)',
      '#/components/schemas/Record_string.number_/additionalProperties (factorPoints)',
      '#/paths/~1made/get/parameters/0/schema (limit)',
      '#/paths/~1made/get/parameters/1/schema (threshold)',
      '#/paths/~1made/get/responses/200/content/application~1json/schema/properties/retryAfterMs (retryAfterMs)',
    ]);
    expect(audit.notInt64).toEqual([
      '#/components/schemas/Made/properties/chain/properties/id (id)',
      '#/components/schemas/Made/properties/lastBlock/anyOf/0 (lastBlock)',
      '#/components/schemas/ChainDto/properties/id (id)',
      '#/paths/~1made/get/responses/200/content/application~1json/schema/properties/nonce (nonce)',
    ]);
  });

  it('passes integers, and int64 where a value can pass 2^31', () => {
    const audit = auditWholeNumbers({
      components: {
        schemas: {
          Made: {
            type: 'object',
            properties: {
              chainId: int64,
              blockNumber: { ...int64, nullable: true },
              nonce: int64,
              createdAtMs: int64,
              decimals: int32,
              durationMs: int32,
              sellTax: number,
            },
          },
        },
      },
    });
    expect(audit).toEqual({ notInteger: [], notInt64: [] });
  });
});

describe('the generated OpenAPI document', () => {
  it('types every whole number as `integer`, and as `int64` where it can pass 2^31', () => {
    // Both lists at once: `notInteger` wants `@isInt` (or `@isLong`), `notInt64` wants `@isLong`.
    expect(auditWholeNumbers(loadSpec())).toEqual({ notInteger: [], notInt64: [] });
  });
});
