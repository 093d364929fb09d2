// The request-body limit of every operation, written into the OpenAPI document as `x-body-limit-bytes` (the server
// reads it from there, so the document and the behaviour cannot disagree) and into each operation's 413 answer.
// - `none`: operations that take no body (a stray `{}` still fits);
// - `json`: the JSON bodies (the longest valid one, `POST /dca/orders` with every field, is under 2 KiB);
// - `note`: the operator's decisions, whose free-text `note` (500 characters) may arrive as `\uXXXX` escapes (~3 KiB).
export const BODY_LIMITS = { none: 1024, json: 4 * 1024, note: 8 * 1024 };

const NOTE_ROUTES = new Set(['/confirmations/{id}/approve', '/confirmations/{id}/deny']);

/** The limit (bytes) of one operation of the document. */
export function bodyLimitOf(path, operation) {
  if (NOTE_ROUTES.has(path)) return BODY_LIMITS.note;
  return operation.requestBody === undefined ? BODY_LIMITS.none : BODY_LIMITS.json;
}
