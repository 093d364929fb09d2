/**
 * What {@link auditWholeNumbers} found: each entry is a JSON pointer into the document, with the name it was judged by.
 */
export interface WholeNumberAudit {
  /** `type: number` where the name or the description says the value is a whole number. */
  notInteger: string[];
  /** Whole numbers that can pass 2^31 (block numbers, nonces, chain ids, timestamps in ms) without `format: int64`. */
  notInt64: string[];
}

type Schema = Record<string, unknown>;

/** Words of a name that say "whole number" (after splitting camelCase, kebab-case and snake_case). */
const WHOLE = new Set([
  'id',
  'ids',
  'block',
  'blocks',
  'nonce',
  'nonces',
  'count',
  'counts',
  'decimals',
  'bps',
  'seconds',
  'ms',
  'millis',
  'milliseconds',
  'minutes',
  'hours',
  'days',
  'index',
  'limit',
  'offset',
  'port',
  'total',
  'totals',
  'height',
  'points',
  'percentile',
  'fee',
  'fees',
  'tier',
  'timestamp',
  'epoch',
  'attempts',
  'retries',
  'size',
  'status',
]);
/** A parent whose name says its members are tallies (`counts: { low, high }`). */
const TALLY_PARENT = new Set(['counts', 'count', 'stats', 'totals', 'tally']);
/** A plural noun (`wallets`, `walletsInError`, `retries`): a number named after one counts them. */
const PLURAL = (word: string) => word.length > 3 && /s$/.test(word) && !/(?:ss|us|is)$/.test(word);
/** Words that say a value may be fractional: they win over {@link WHOLE} (`blockFullnessPercent`, `feeUsd`). */
const FRACTIONAL = new Set(['percent', 'ratio', 'usd', 'eth', 'price', 'rate', 'share', 'average', 'tax']);
/** Phrases of a description that say "whole number". */
const WHOLE_DESCRIPTION =
  /\b(?:integer|whole number|number of|how many|count of|basis points|(?:milli)?seconds|block number|nonce|chain id)\b/i;
/** Whole numbers that can pass 2^31. */
const LONG = (words: string[], parentWords: string[]) =>
  words.some((w) => ['block', 'nonce', 'timestamp', 'epoch'].includes(w)) ||
  (words.includes('id') && (words.includes('chain') || parentWords.includes('chain'))) ||
  (words.includes('ms') && words.includes('at'));

/** `chainId` → `chain id`, `alertsBySeverity` → `alerts by severity`, `new-approval` → `new approval`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

const pointer = (segments: string[]) =>
  `#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typesOf = (schema: Schema): unknown[] =>
  Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];

/**
 * Walks an OpenAPI 3 document (component schemas, parameters, request bodies, responses) and lists every
 * `type: number` whose name (a property, a parameter, or the property that references an alias or a map) or
 * description says it is a whole number, and every whole number that can pass 2^31 without `format: int64`.
 * A name says "whole number" when one of its words is a count, an id, a block, a nonce, a unit of time, basis
 * points… or a plural noun (`wallets`); a word like `percent`, `ratio` or `usd` says it may be fractional and wins.
 * A schema reached through `items`, `anyOf`, `oneOf`, `allOf` or `additionalProperties` is judged by the name of
 * the property that holds it; a property is also judged by its parent (the property or the component that holds
 * it) when the parent is a tally (`counts`, `alertsBySeverity`) or, for an `id`, a chain (`ChainRefDto.id`).
 *
 * @example
 * ```ts
 * const audit = auditWholeNumbers(loadSpec());
 * expect(audit.notInteger).toEqual([]);
 * ```
 */
export function auditWholeNumbers(document: object): WholeNumberAudit {
  const doc = document as {
    components?: { schemas?: Record<string, Schema> };
    paths?: Record<string, unknown>;
  };
  const schemas = doc.components?.schemas ?? {};
  // Sets: an alias referenced by two properties of the same name is listed once.
  const notInteger = new Set<string>();
  const notInt64 = new Set<string>();

  interface Context {
    name: string;
    parent: string;
    description: string;
  }

  const aliasOf = (schema: Schema): [string, Schema] | undefined => {
    const ref =
      typeof schema.$ref === 'string'
        ? schema.$ref
        : Array.isArray(schema.allOf) && schema.allOf.length === 1 && isSchema(schema.allOf[0])
          ? (schema.allOf[0].$ref as string | undefined)
          : undefined;
    if (ref === undefined || !ref.startsWith('#/components/schemas/')) return undefined;
    const name = ref.slice('#/components/schemas/'.length);
    const target = schemas[name];
    // A named object with properties is judged by its own property names; an alias or a map by the referrer's.
    if (target === undefined || (isSchema(target.properties) && Object.keys(target.properties).length > 0))
      return undefined;
    return [name, target];
  };

  const judge = (schema: Schema, at: string[], context: Context) => {
    const types = typesOf(schema);
    const words = wordsOf(context.name);
    const parentWords = wordsOf(context.parent);
    const label = `${pointer(at)} (${context.name || '?'})`;
    if (words.some((w) => FRACTIONAL.has(w))) return;
    const whole =
      types.includes('integer') ||
      words.some((w) => WHOLE.has(w)) ||
      words.some(PLURAL) ||
      parentWords.some((w) => TALLY_PARENT.has(w)) ||
      // `alertsBySeverity: { low, high }`: a tally of the plural noun by something.
      (parentWords.includes('by') && parentWords.some(PLURAL)) ||
      WHOLE_DESCRIPTION.test(context.description);
    if (!whole) return;
    if (types.includes('number')) notInteger.add(label);
    if (
      (types.includes('number') || types.includes('integer')) &&
      LONG(words, parentWords) &&
      schema.format !== 'int64'
    )
      notInt64.add(label);
  };

  const visit = (schema: unknown, at: string[], context: Context, aliases: ReadonlySet<string>) => {
    if (!isSchema(schema)) return;
    const described = {
      ...context,
      description: typeof schema.description === 'string' ? schema.description : context.description,
    };
    judge(schema, at, described);
    const alias = aliasOf(schema);
    if (alias !== undefined && !aliases.has(alias[0]))
      visit(alias[1], ['components', 'schemas', alias[0]], described, new Set([...aliases, alias[0]]));
    if (isSchema(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties))
        visit(
          property,
          [...at, 'properties', name],
          { name, parent: context.name, description: '' },
          aliases,
        );
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const members = schema[key];
      if (Array.isArray(members))
        for (const [i, member] of members.entries())
          visit(member, [...at, key, String(i)], described, aliases);
    }
    for (const key of ['items', 'additionalProperties', 'not'] as const)
      if (isSchema(schema[key])) visit(schema[key], [...at, key], described, aliases);
  };

  // A component's properties have its name as their parent (`ChainRefDto.id` is a chain id).
  for (const [name, schema] of Object.entries(schemas))
    visit(schema, ['components', 'schemas', name], { name, parent: '', description: '' }, new Set());

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isSchema(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isSchema(operation)) continue;
      const at = ['paths', path, method];
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      parameters.forEach((parameter, i) => {
        if (!isSchema(parameter)) return;
        const name = typeof parameter.name === 'string' ? parameter.name : '';
        const description = typeof parameter.description === 'string' ? parameter.description : '';
        visit(
          parameter.schema,
          [...at, 'parameters', String(i), 'schema'],
          { name, parent: '', description },
          new Set(),
        );
      });
      const bodies: [string[], unknown][] = [];
      if (isSchema(operation.requestBody)) bodies.push([[...at, 'requestBody'], operation.requestBody]);
      if (isSchema(operation.responses))
        for (const [status, response] of Object.entries(operation.responses))
          bodies.push([[...at, 'responses', status], response]);
      for (const [bodyAt, body] of bodies) {
        if (!isSchema(body) || !isSchema(body.content)) continue;
        for (const [type, media] of Object.entries(body.content))
          if (isSchema(media))
            visit(
              media.schema,
              [...bodyAt, 'content', type, 'schema'],
              { name: '', parent: '', description: '' },
              new Set(),
            );
      }
    }
  }
  return { notInteger: [...notInteger], notInt64: [...notInt64] };
}
