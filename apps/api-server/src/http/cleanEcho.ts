/** Control characters (C0, DEL, C1) and line/paragraph separators: never echoed back. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const MAX_ECHO = 200;

/**
 * User input that ends up in a problem (a path, a chain name): bounded to 200 characters and stripped of control
 * characters, so an answer or a log line cannot be split or flooded by what a client sent.
 *
 * @example
 * ```ts
 * cleanEcho('/x\r\nSet-Cookie: a'); // '/xSet-Cookie: a'
 * ```
 */
export function cleanEcho(text: string): string {
  const stripped = text.replace(CONTROL, '');
  return stripped.length > MAX_ECHO ? `${stripped.slice(0, MAX_ECHO)}…` : stripped;
}
