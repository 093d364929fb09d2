/**
 * An HTTP problem (RFC 9457) the API answers with: a status, a stable machine-readable `code`, a short title and
 * an optional detail. Never carries a stack trace or a secret.
 *
 * @example
 * ```ts
 * throw new ApiProblem(403, 'WALLET_CREATE_DISABLED', 'Wallet creation is disabled');
 * ```
 */
export class ApiProblem extends Error {
  override name = 'ApiProblem';
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(status: number, code: string, title: string, detail?: string, extra?: Record<string, unknown>) {
    super(title);
    this.status = status;
    this.code = code;
    this.title = title;
    this.detail = detail;
    this.extra = extra;
  }
}
