import type { VariableInfo } from './variables/Variable.js';

/** One line of the configuration table: one variable, or a few related ones that share the text. */
export interface ConfigRow {
  readonly variables: readonly VariableInfo[];
  /** What the variables do, with their rules (Markdown). */
  readonly doc: string;
  /** The default column when it is not the variables' literal defaults (a registry value, a rule). */
  readonly defaultText?: string;
}
