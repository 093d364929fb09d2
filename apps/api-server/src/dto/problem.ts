/** RFC 9457 problem details, as every error is answered (`application/problem+json`). */
export interface ProblemDto {
  type: string;
  title: string;
  /** @isInt */
  status: number;
  /** Stable machine-readable code, e.g. `UNAUTHORIZED`, `VALIDATION_FAILED`, `UNSUPPORTED_CHAIN`. */
  code: string;
  detail?: string;
  instance: string;
  requestId: string;
  /** For `VALIDATION_FAILED`: field → message. */
  fields?: Record<string, string>;
}
