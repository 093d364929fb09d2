import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/loadSpec.js';

// Swagger shows each response's example: every 2xx JSON answer of the document carries one, in the shape of its
// schema (required members present, no member the schema lacks, leaves of the declared type and enum), and no string
// leaf is the `"string"` placeholder a generator would write.

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema> };
};
type Response = { content?: Record<string, { schema?: Schema; example?: unknown }> };

function resolve(spec: Spec, schema: Schema): Schema {
  let node = schema;
  while (node.$ref) node = spec.components.schemas[node.$ref.replace('#/components/schemas/', '')] ?? {};
  return node;
}

/** Where `value` departs from `schema`: each problem as `<path>: <what>`. */
function shapeErrors(spec: Spec, schema: Schema, value: unknown, at: string): string[] {
  const node = resolve(spec, schema);
  if (value === null) return node.nullable || node.anyOf || node.oneOf ? [] : [`${at}: null`];
  if (node.enum && !node.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in enum`];
  if (node.allOf) {
    // One object made of every part's members (each part alone would call the others' members extra).
    const parts = node.allOf.map((part) => resolve(spec, part));
    if (parts.some((part) => !part.properties))
      return parts.flatMap((part) => shapeErrors(spec, part, value, at));
    const merged: Schema = {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required ?? []),
    };
    return shapeErrors(spec, merged, value, at);
  }
  const members = node.anyOf ?? node.oneOf;
  if (members) {
    return members.some((m) => shapeErrors(spec, m, value, at).length === 0)
      ? []
      : [`${at}: matches no member`];
  }
  const kind = Array.isArray(value) ? 'array' : typeof value;
  switch (node.type) {
    case 'string':
      if (kind !== 'string') return [`${at}: ${kind}, not string`];
      return value === 'string' ? [`${at}: the "string" placeholder`] : [];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at}: not an integer`];
    case 'number':
      return kind === 'number' ? [] : [`${at}: ${kind}, not number`];
    case 'boolean':
      return kind === 'boolean' ? [] : [`${at}: ${kind}, not boolean`];
    case 'array':
      if (!Array.isArray(value)) return [`${at}: ${kind}, not array`];
      return value.flatMap((item, i) => shapeErrors(spec, node.items ?? {}, item, `${at}[${i}]`));
    default: {
      if (kind !== 'object')
        return node.type === undefined && !node.properties ? [] : [`${at}: ${kind}, not object`];
      const record = value as Record<string, unknown>;
      const properties = node.properties ?? {};
      const errors = (node.required ?? [])
        .filter((key) => !(key in record))
        .map((key) => `${at}.${key}: required, missing`);
      for (const [key, member] of Object.entries(record)) {
        const declared = properties[key];
        if (declared) errors.push(...shapeErrors(spec, declared, member, `${at}.${key}`));
        else if (typeof node.additionalProperties === 'object') {
          errors.push(...shapeErrors(spec, node.additionalProperties, member, `${at}.${key}`));
        } else if (node.additionalProperties !== true) errors.push(`${at}.${key}: not in the schema`);
      }
      return errors;
    }
  }
}

/** Every 2xx JSON response of `spec` as `[label, schema, example]`. */
function successResponses(spec: Spec): Array<[string, Schema, unknown]> {
  const out: Array<[string, Schema, unknown]> = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (/^2\d\d$/.test(status) && json?.schema)
          out.push([`${method} ${path} ${status}`, json.schema, json.example]);
      }
    }
  }
  return out;
}

/** Problems of every 2xx JSON response's example in `spec`. */
function auditResponseExamples(spec: Spec): string[] {
  return successResponses(spec).flatMap(([label, schema, example]) =>
    example === undefined ? [`${label}: no example`] : shapeErrors(spec, schema, example, label),
  );
}

describe('auditResponseExamples (on a made-up document)', () => {
  const made = (example: unknown): Spec => ({
    paths: {
      '/thing': {
        get: {
          responses: {
            '200': {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, example } },
            },
            '404': { content: { 'application/problem+json': { schema: { type: 'object' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            address: { type: 'string' },
            count: { type: 'integer' },
            status: { type: 'string', enum: ['pending', 'confirmed'] },
            tags: { type: 'array', items: { type: 'string' } },
            note: { type: 'string', nullable: true },
          },
          required: ['address', 'count', 'status'],
          additionalProperties: false,
        },
      },
    },
  });

  it('passes a real answer', () => {
    const good = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      count: 2,
      status: 'pending',
      note: null,
    };
    expect(auditResponseExamples(made(good))).toEqual([]);
  });

  it('names a missing example, a placeholder leaf, a missing or extra member, a wrong type and an enum miss', () => {
    expect(auditResponseExamples(made(undefined))).toEqual(['get /thing 200: no example']);
    expect(
      auditResponseExamples(
        made({ address: 'string', count: 1.5, status: 'done', tags: ['string'], extra: 1 }),
      ).sort(),
    ).toEqual(
      [
        'get /thing 200.address: the "string" placeholder',
        'get /thing 200.count: not an integer',
        'get /thing 200.status: "done" not in enum',
        'get /thing 200.tags[0]: the "string" placeholder',
        'get /thing 200.extra: not in the schema',
      ].sort(),
    );
    expect(auditResponseExamples(made({ count: 1, status: 'pending' }))).toEqual([
      'get /thing 200.address: required, missing',
    ]);
  });
});

describe('the OpenAPI document', () => {
  const spec = loadSpec() as Spec;

  it('has an example of a real answer on every 2xx JSON response', () => {
    expect(successResponses(spec).length).toBeGreaterThan(50);
    expect(auditResponseExamples(spec)).toEqual([]);
  });

  it('shows devnet values where a client looks first', () => {
    const example = (path: string, method = 'get', status = '200') =>
      spec.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.example as Record<
        string,
        unknown
      >;
    expect(example('/wallet/info')).toMatchObject({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chain: { id: 31337, name: 'devnet' },
    });
    expect(example('/swap/quote')).toMatchObject({
      amountIn: { amount: expect.stringMatching(/^\d+(\.\d+)?$/) },
    });
  });

  it("passes Redocly's check of every example against its schema (no warning)", () => {
    const redocly = new URL('../../../node_modules/.bin/redocly', import.meta.url).pathname;
    const spec = new URL('../build/openapi.json', import.meta.url).pathname;
    const out = execFileSync(redocly, ['lint', '--extends', 'recommended', '--format', 'json', spec], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const report = JSON.parse(out) as { problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  }, 60_000);
});
