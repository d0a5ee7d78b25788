/**
 * The exfiltration check's secret variables, by name: a secret word in it (`GITHUB_TOKEN`,
 * `DB_PASSWORD`), a connection string (`DATABASE_URL`, `*_DSN`), or a tool's own password
 * variable (`MYSQL_PWD`, `REDISCLI_AUTH`); not a name about a secret (`GITHUB_TOKEN_FILE`).
 */

/** Words of a variable name that make it a secret (`GITHUB_TOKEN`, `DB_PASSWORD`, `SSH_PRIVATE_KEY`). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  "TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASS", "PASSPHRASE", "APIKEY", "PAT", "SSHPASS", "PGPASS",
]);

/** A word that ends in one (`PGPASSWORD`, `GHTOKEN`, `DEPLOYSECRET`). */
const SECRET_ENDS = /(?:PASSWORD|PASSWD|TOKEN|SECRET|APIKEY)$/;

/** Pairs of words that do (`API_KEY`, `PRIVATE_KEY`, `ACCESS_KEY`, `AUTH_KEY`). */
const KEY_QUALIFIERS: ReadonlySet<string> = new Set(["API", "PRIVATE", "ACCESS", "AUTH", "SIGNING", "ENCRYPTION", "MASTER", "LICENSE"]);

/** Last words that make it about a secret, not one (`GITHUB_TOKEN_FILE`, `AWS_ACCESS_KEY_ID`, `SECRET_NAME`). */
const NOT_SECRET_LAST: ReadonlySet<string> = new Set([
  "ID", "IDS", "NAME", "NAMES", "FILE", "PATH", "DIR", "URL", "URI", "HOST", "USER", "USERNAME", "TYPE", "LENGTH", "LEN",
  "EXPIRY", "EXPIRES", "EXPIRATION", "TTL", "ENDPOINT", "REGION", "HEADER", "FORMAT", "ARN", "ENV", "VAR", "ENABLED", "SET",
  "COUNT", "SIZE", "PROMPT", "HINT", "SCOPE", "SCOPES", "KIND", "MODE", "POLICY", "REF", "VERSION", "HELPER", "CMD", "COMMAND",
]);

/** Secrets whose names have no secret word: the tools' own password variables. */
const SECRET_NAMES: ReadonlySet<string> = new Set(["REDISCLI_AUTH", "DOCKER_AUTH_CONFIG", "NPM_CONFIG__AUTH"]);

/** Stores and brokers whose connection URL carries its password (`postgres://u:p@h/db`): `DATABASE_URL`, `REDIS_TLS_URL`. */
const DATASTORES: ReadonlySet<string> = new Set([
  "DATABASE", "DB", "POSTGRES", "POSTGRESQL", "PG", "MYSQL", "MARIADB", "REDIS", "REDISCLOUD", "REDISTOGO", "VALKEY", "MONGO", "MONGODB",
  "MONGOLAB", "AMQP", "RABBITMQ", "CLOUDAMQP", "BROKER", "ELASTICSEARCH", "OPENSEARCH", "COUCHDB", "CLICKHOUSE", "JDBC", "SQLALCHEMY",
]);

/**
 * A connection string: `*_DSN` (not Sentry's, public by design), `*_CONNECTION_STRING`, or a
 * store's `_URL`/`_URI` (`DATABASE_URL`, `MONGODB_URI`; not `API_URL`, `DATABASE_NAME`).
 */
function isConnectionString(parts: readonly string[]): boolean {
  const last = parts[parts.length - 1] as string;
  if (last === "DSN") return parts[0] !== "SENTRY" && !parts.includes("PUBLIC");
  if (last === "STRING") return parts[parts.length - 2] === "CONNECTION";
  if (last !== "URL" && last !== "URI") return false;
  for (let k = 0; k < parts.length - 1; k++) if (DATASTORES.has(parts[k] as string)) return true;
  return false;
}

/** Whether a secret variable's value is a connection URL: used when it is the URL a request goes to. */
export function isConnectionVariable(name: string): boolean {
  return (name.endsWith("URL") || name.endsWith("URI")) && isConnectionString(name.split("_").filter((p) => p !== ""));
}

/**
 * Whether a variable name is a secret's: an environment variable's (no lower case: `$token` is a
 * script's own), with a secret word in it, and not last a word that names something about it;
 * or a connection string, or one of SECRET_NAMES.
 */
export function isSecretVariable(name: string): boolean {
  // First look: every secret name has one of these in it.
  if (!name.includes("TOKEN") && !name.includes("SECRET") && !name.includes("PASS") && !name.includes("KEY") && !name.includes("PAT")
    && !name.includes("_PWD") && !name.includes("UR") && !name.includes("DSN") && !name.includes("STRING") && !name.includes("AUTH")) return false;
  if (name !== name.toUpperCase()) return false;
  if (SECRET_NAMES.has(name)) return true;
  const parts = name.split("_").filter((p) => p !== "");
  const last = parts[parts.length - 1];
  if (last === undefined) return false;
  if (isConnectionString(parts)) return true;
  if (NOT_SECRET_LAST.has(last)) return false;
  // `MYSQL_PWD`, `DB_PWD`: a password; `PWD` alone is the working directory.
  if (last === "PWD" && parts.length > 1) return true;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k] as string;
    if (SECRET_WORDS.has(p) || SECRET_ENDS.test(p)) return true;
    if (p === "KEY" && k > 0 && KEY_QUALIFIERS.has(parts[k - 1] as string)) return true;
  }
  return false;
}
