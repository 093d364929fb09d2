import fc from 'fast-check';
import type { StringInput } from './specInputs.js';

/** Inputs that carry an amount as a decimal string. */
const AMOUNTS = new Set([
  'amountIn',
  'amount',
  'amountPerFill',
  'maxTotalIn',
  'minPrice',
  'maxPrice',
  'minShares',
  'value',
  'maxPerTx',
  'dailyLimit',
  'sessionLimit',
  'minChange',
  'largeOutgoing',
]);
/** Inputs that carry an EVM address. */
const ADDRESSES = new Set([
  'address',
  'to',
  'token',
  'tokenOut',
  'spender',
  'vault',
  'owner',
  'from',
  'toToken',
]);
/** Inputs that name a chain (or a comma-separated list of chains). */
const CHAINS = new Set(['chain', 'fromChain', 'toChain', 'chains']);

/** Numbers written as strings that no amount field accepts. */
export const BAD_AMOUNTS = [
  '-1',
  '-0.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e18',
  '1E-3',
  '0x10',
  '0b11',
  '1.2.3',
  '1,5',
  '١٢',
  '1_000',
  ' ',
];

/** The last segment of a dotted body path (`thresholds.minChange` → `minChange`). */
const leaf = (input: StringInput): string => input.name.split('.').at(-1) as string;

/** A checksummed address with the case of one letter flipped: its checksum no longer matches. */
export function misChecksummed(address: string): string {
  const index = [...address].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
  const c = address[index] as string;
  const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  return address.slice(0, index) + flipped + address.slice(index + 1);
}

/**
 * String values that `input` must refuse whatever the rest of the request: one past its declared longest value
 * (ASCII and non-ASCII alike), a value outside its enum, and by what it carries: malformed numbers for an amount,
 * bad and mis-checksummed addresses for an address, unknown names for a chain.
 */
export function malformedString(input: StringInput, knownAddress: string): fc.Arbitrary<string> {
  const max = input.schema.maxLength;
  const options: fc.Arbitrary<string>[] = [];
  if (max !== undefined) {
    const unit = fc.constantFrom('a', 'Z', '0', ' ', 'é', 'ß', '中', '💸'.charAt(0), '\u202E', 'я');
    options.push(fc.string({ unit, minLength: max + 1, maxLength: max + 40 }));
  }
  if (input.schema.enum) {
    const members = input.schema.enum.map(String);
    options.push(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !members.includes(s)));
  }
  const name = leaf(input);
  if (AMOUNTS.has(name)) options.push(fc.constantFrom(...BAD_AMOUNTS));
  if (ADDRESSES.has(name))
    options.push(
      fc.constantFrom(
        misChecksummed(knownAddress),
        knownAddress.slice(0, -1),
        `${knownAddress}00`,
        `0x${'g'.repeat(40)}`,
        knownAddress.slice(2),
      ),
    );
  if (CHAINS.has(name))
    options.push(fc.stringMatching(/^[a-z][a-z0-9-]{2,15}$/).filter((s) => !s.startsWith('devnet')));
  if (options.length === 0) throw new Error(`no malformed value for ${input.in}:${input.name}`);
  return fc.oneof(...options);
}

/** JSON values of another type than a string (what a body field declared as a string must refuse). */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  // NaN and Infinity would be written as `null` by JSON.stringify.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Text that is not a JSON document. */
export const invalidJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', '[1,2', 'undefined', 'NaN', '{"a":01}', '\u0000'),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `{${s}`),
);

/** Malformed values for a query parameter declared as a number, integer or boolean. */
export function malformedScalar(type: string): fc.Arbitrary<string> {
  const common = ['abc', 'NaN', '', ' ', '1,5', '[]', '{}', '١'];
  if (type === 'boolean') return fc.constantFrom(...common, '2', 'yes', 'TRUE1', '-1');
  if (type === 'integer') return fc.constantFrom(...common, '1.5', 'Infinity', '-Infinity', '1e400', '0x');
  return fc.constantFrom(...common, 'Infinity', '-Infinity', '1e400', '0x');
}
