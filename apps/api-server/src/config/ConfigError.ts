/** A configuration problem; the message names the variable and never includes its value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.variable = variable;
  }
}
