/** One problem in a config file. `keyPath` is like `rules.deny[2].pattern`; "" means the whole file. */
export interface ConfigProblem {
  keyPath: string;
  message: string;
}

/**
 * A config file is malformed (syntax, unknown key, wrong type, bad rule, failing rule example)
 * or cannot be read. The message is one line: `<file>: <keyPath>: <problem>`. The CLI prints it
 * and exits 3; it is never silently replaced by the defaults.
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  /** The config file (absolute path). */
  readonly file: string;
  /** Where in the file, like `rules.deny[2].pattern`; "" for the file as a whole. */
  readonly keyPath: string;
  /** The problem alone, without file and key path. */
  readonly problem: string;
  /** Every problem found (the first one is the one in `message`). */
  readonly problems: ConfigProblem[];
  /** 1-based position, for syntax errors. */
  readonly line?: number;
  readonly column?: number;

  constructor(
    file: string,
    keyPath: string,
    problem: string,
    extra: { problems?: ConfigProblem[]; line?: number; column?: number; cause?: unknown } = {},
  ) {
    super(formatConfigProblem(file, keyPath, problem), extra.cause === undefined ? undefined : { cause: extra.cause });
    this.file = file;
    this.keyPath = keyPath;
    this.problem = problem;
    this.problems = extra.problems ?? [{ keyPath, message: problem }];
    if (extra.line !== undefined) this.line = extra.line;
    if (extra.column !== undefined) this.column = extra.column;
  }
}

export function formatConfigProblem(file: string, keyPath: string, problem: string): string {
  return keyPath ? `${file}: ${keyPath}: ${problem}` : `${file}: ${problem}`;
}
