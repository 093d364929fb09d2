/** The environment as the configuration reads it. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * One declared configuration variable (or one per-chain family, named `PREFIX_<CHAIN>`): what `--help` and the
 * README's table show, and how the value is read. Every variable the server reads is declared once, in
 * `config/schema/`.
 */
export interface VariableInfo {
  /** `API_PORT`, or `RPC_URL_<CHAIN>` for a per-chain family. */
  readonly name: string;
  /** What the value is: `integer`, `ETH amount`, `URL`, `boolean`, `one of …`, `text`, `addresses`, …. */
  readonly type: string;
  /** The default as written in the environment; undefined = none. */
  readonly default: string | undefined;
  /** Inclusive bounds as shown (`0–65535`); undefined = none. */
  readonly bounds: string | undefined;
  /** A credential: never logged, never echoed, `--help` marks it. */
  readonly secret: boolean;
}

/** A declared variable that reads a `T` from the environment (throws `ConfigError` naming it). */
export interface Variable<T> extends VariableInfo {
  read(env: Env): T;
}
