/** What replaces a credential inside a URL. */
const REDACTED = '[redacted]';
/** Query (and fragment) parameter names that carry a credential, compared without `-`/`_`, case-insensitive. */
const SECRET_PARAMETER = /key|token|secret|pass|pwd|auth|sig|credential|session|jwt|bearer|code/i;
/** Characters a URL found in running text may end with that belong to the text, not to the URL. */
const TRAILING = /[).,;:!?\]}]+$/;
const VERSION_SEGMENT = /^v\d+$/i;
/** A path segment after a version segment that is a word (`/v1/token_security`), not a key (`/v3/<key>`). */
const WORD = /^[a-z_-]*$/;
const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;

/**
 * Whether a path segment or a parameter value looks like a key: 16 characters or more of a key's alphabet with
 * letters and digits (Infura's 32 hex, Alchemy's 32 characters, a UUID, QuickNode's 40 hex, Ankr's 64 hex), or 32
 * characters or more of it whatever the mix. `0x` hex (addresses, hashes) and plain numbers are public: never keys.
 */
function looksLikeKey(text: string): boolean {
  if (/^0x[0-9a-f]*$/i.test(text) || /^\d+$/.test(text) || !/^[A-Za-z0-9_~.=-]+$/.test(text)) return false;
  if (text.length >= 32) return true;
  return text.length >= 16 && /[A-Za-z]/.test(text) && /\d/.test(text);
}

function redactParameters(part: string): string {
  const [mark, rest] = [part.slice(0, 1), part.slice(1)];
  const pairs = rest.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1) return looksLikeKey(pair) ? REDACTED : pair;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const secret = SECRET_PARAMETER.test(name.replace(/[-_]/g, '')) || looksLikeKey(value);
    return secret && value !== '' ? `${name}=${REDACTED}` : pair;
  });
  return `${mark}${pairs.join('&')}`;
}

/**
 * `url` with its credentials replaced by `[redacted]` and everything else left readable: the user info
 * (`https://user:pass@host`), the values of credential parameters in the query and the fragment (`apikey`, `api-key`,
 * `token`, `access_token`, `secret`, `key`, `sig`…) and any parameter value that looks like a key, a path segment
 * after a version segment unless it is a lower-case word (`/v3/<key>` of Infura, `/v2/<key>` of Alchemy; not
 * `/v1/token_security`), and any path segment that looks like a key
 * (QuickNode, Ankr, Blast…). A `file:` URL (a stack frame) keeps its path, line and column. Text that follows the URL
 * in a sentence (`)`, `.`) is kept as it was.
 *
 * @example
 * ```ts
 * redactUrl('https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef'); // 'https://mainnet.infura.io/v3/[redacted]'
 * redactUrl('file:///srv/app/dist/app.js:12:5'); // unchanged
 * ```
 */
export function redactUrl(url: string): string {
  const trailing = TRAILING.exec(url)?.[0] ?? '';
  const body = url.slice(0, url.length - trailing.length);
  const parts = URL_PARTS.exec(body);
  if (!parts) return REDACTED + trailing;
  const [, scheme = '', authority = '', path = '', query = '', fragment = ''] = parts;
  const at = authority.lastIndexOf('@');
  const host = at === -1 ? authority : `${REDACTED}@${authority.slice(at + 1)}`;
  if (scheme.toLowerCase() === 'file://') return `${scheme}${host}${path}${query}${fragment}${trailing}`;
  const segments = path.split('/');
  const redactedPath = segments
    .map((segment, i) =>
      (i > 0 && VERSION_SEGMENT.test(segments[i - 1] ?? '') && !WORD.test(segment)) || looksLikeKey(segment)
        ? REDACTED
        : segment,
    )
    .join('/');
  return `${scheme}${host}${redactedPath}${query === '' ? '' : redactParameters(query)}${
    fragment === '' ? '' : redactParameters(fragment)
  }${trailing}`;
}
