/**
 * Obvious credentials in a command line, replaced before the line is written to the audit log.
 * One table: each entry finds one kind of secret and keeps what says what it was (the option,
 * the header name, the variable), so `curl -H 'Authorization: Bearer abc'` is logged as
 * `curl -H 'Authorization: Bearer [redacted]'`. It catches the common spellings, not every
 * secret: the log is still worth keeping private (it is written with mode 0600).
 *
 * Every repetition that can start at many places is bounded, so a long command costs time linear
 * in its length (recordDecision also cuts the command before redacting it).
 */

export const REDACTED = "[redacted]";

/** A value as the shell writes it: quoted (the quotes kept), or a run of non-separators. */
const VALUE = String.raw`(?:"[^"]*"|'[^']*'|[^\s"'&;|<>(){}]+)`;

/** A quoted value keeps its quotes, so the command still reads as one word there. */
function hide(value: string): string {
  const q = value[0];
  return (q === '"' || q === "'") && value.endsWith(q) && value.length >= 2 ? `${q}${REDACTED}${q}` : REDACTED;
}

/** A variable reference is not a secret, and keeping it tells the reader where the value came from. */
const isReference = (value: string): boolean => /^["']?\$/.test(value);

export interface RedactionRule {
  name: string;
  pattern: RegExp;
  /** The replacement of one match (groups as String.replace gives them). */
  replace: (match: string, ...groups: string[]) => string;
}

/** Keep group 1, hide group 2 (unless it is a variable reference). */
const keepThenHide = (_m: string, keep: string, value: string): string => keep + (isReference(value) ? value : hide(value));

/**
 * Names whose value is a credential: `password`, `PGPASSWORD`, `GITHUB_TOKEN`, `api-key`,
 * `client_secret`; `pass` and `pwd` only as a whole part (`DB_PASS`, `MYSQL_PWD`), so `bypass=`
 * and `PWD=` (the working directory) are left alone.
 */
const SECRET_NAME = String.raw`(?:[A-Za-z0-9_.-]{0,48}?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)|(?:[A-Za-z0-9]{1,24}[_.-]){0,6}pass|(?:[A-Za-z0-9]{1,24}[_.-]){1,6}pwd)`;

export const REDACTIONS: readonly RedactionRule[] = [
  {
    // The body of a PEM private key pasted into a command (echo, printf, a heredoc).
    name: "private-key-block",
    pattern: /(-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----)[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|$)/g,
    replace: (_m, begin: string, _b: string, end: string) => `${begin}${REDACTED}${end}`,
  },
  {
    // https://user:password@host: the password.
    name: "url-password",
    pattern: /\b([a-z][a-z0-9+.-]{0,31}:\/\/[^\s/:@'"]{0,256}:)([^\s/@'"]{1,256})(@)/gi,
    replace: (_m, keep: string, _value: string, at: string) => `${keep}${REDACTED}${at}`,
  },
  {
    // Authorization: Bearer x / Basic x / x, as a header (-H), a config line or an env value.
    name: "authorization-header",
    pattern: /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest|bot|negotiate)\s+)?)([^\s'"]+)/gi,
    replace: keepThenHide,
  },
  {
    // A bearer token anywhere else (`--header=Bearer x`, `TOKEN="Bearer x"`).
    name: "bearer-token",
    pattern: /\b(bearer\s+)([A-Za-z0-9._~+/=-]{8,})/gi,
    replace: keepThenHide,
  },
  {
    // Cookie headers carry sessions.
    name: "cookie-header",
    pattern: /\b((?:set-)?cookie\s*:\s*)([^'"\n]+)/gi,
    replace: (_m, keep: string) => keep + REDACTED,
  },
  {
    // AWS access key ids.
    name: "aws-access-key-id",
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
    replace: () => REDACTED,
  },
  {
    // GitHub tokens (classic ghp_/gho_/ghu_/ghs_/ghr_ and fine-grained github_pat_), GitLab, npm, Slack, OpenAI/Anthropic-style sk- keys.
    name: "known-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}|xox[abposr]-[A-Za-z0-9-]{10,}|sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,})/g,
    replace: () => REDACTED,
  },
  {
    // `aws configure set aws_secret_access_key X` and the like: the name, a space, the value.
    name: "aws-configure",
    pattern: new RegExp(String.raw`\b(aws_(?:secret_access_key|session_token|access_key_id)\s+)(${VALUE})`, "gi"),
    replace: keepThenHide,
  },
  {
    // name=value and name: value, for names that hold credentials: PASSWORD=x, MYSQL_PWD=x,
    // --password=x, password: x, "password": "x", GITHUB_TOKEN=x, -pass pass:x.
    name: "secret-assignment",
    pattern: new RegExp(String.raw`(^|[^A-Za-z0-9])(${SECRET_NAME}["']?\s*[=:]\s*)(${VALUE})`, "gim"),
    replace: (_m, before: string, keep: string, value: string) => before + keep + (isReference(value) ? value : hide(value)),
  },
  {
    // --password x, --token x, --api-key x, --client-secret x (the value as the next word).
    name: "secret-option",
    pattern: new RegExp(String.raw`(\s--?(?:[a-z0-9]{1,24}-){0,6}(?:password|passwd|passphrase|pass|secret|token|api-?key|access-key|secret-key)\s+)(${VALUE})`, "gi"),
    replace: (m: string, keep: string, value: string) => (value.startsWith("-") || value.includes(REDACTED) ? m : keep + (isReference(value) ? value : hide(value))),
  },
  {
    // curl -u user:password (--user, --proxy-user); not docker's -u uid:gid.
    name: "user-password-option",
    pattern: /(\bcurl\b[^|;&\n]{0,1024}?\s(?:-u|-U|--user|--proxy-user)[\s=]*["']?[^\s:'"]{1,256}:)([^\s'"]+)/g,
    replace: keepThenHide,
  },
  {
    // mysql -pSECRET / -p'SECRET' (the password attached to -p), and sshpass -p SECRET.
    name: "attached-password",
    pattern: new RegExp(String.raw`(\b(?:mysql\w{0,16}|mariadb[\w-]{0,16})\b[^|;&\n]{0,1024}?\s-p)(${VALUE})|(\bsshpass\s+(?:-\w+\s+){0,4}?-p\s*)(${VALUE})`, "g"),
    replace: (_m, mysql?: string, mysqlValue?: string, sshpass?: string, sshpassValue?: string) =>
      mysql !== undefined ? mysql + hide(mysqlValue!) : sshpass! + hide(sshpassValue!),
  },
  {
    // A bare 40-character AWS secret access key: mixed case, digits, / or +; never a git hash
    // (lowercase hex).
    name: "aws-secret-key",
    pattern: /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    replace: (m: string) => (/[A-Z]/.test(m) && /[a-z]/.test(m) && /[0-9]/.test(m) ? REDACTED : m),
  },
];

/** The command with every credential the table finds replaced by `[redacted]`. */
export function redact(command: string): string {
  let out = command;
  for (const rule of REDACTIONS) out = out.replace(rule.pattern, rule.replace as (substring: string, ...args: unknown[]) => string);
  return out;
}
