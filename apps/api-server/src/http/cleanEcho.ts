/** Control characters (C0, DEL, C1) and line/paragraph separators: never echoed back as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** A line break of any kind, with the white space around it. */
const BREAK = /[ \t]*(?:\r\n|[\r\n\u0085\u2028\u2029])+[ \t]*/g;
const MAX_ECHO = 200;

/**
 * Text that ends up in a problem (a path, a chain name, an error's message): bounded to 200 characters and stripped
 * of control characters, so an answer or a log line cannot be split or flooded by what a client sent. A line break
 * is not lost but made visible: it becomes ` — `, so `"reached\n\nDetails: …"` reads `"reached — Details: …"`.
 *
 * @example
 * ```ts
 * cleanEcho('/x\r\nSet-Cookie: a'); // '/x — Set-Cookie: a'
 * ```
 */
export function cleanEcho(text: string): string {
  const stripped = text.replace(BREAK, ' — ').replace(CONTROL, '');
  return stripped.length > MAX_ECHO ? `${stripped.slice(0, MAX_ECHO)}…` : stripped;
}
