/**
 * The exfiltration check's sources that are not files: which variable names are secrets', and the
 * use rule. The end-to-end tables (each source × each sink) are in exfiltration.test.ts.
 */

import { describe, expect, it } from "vitest";
import { isSecretVariable, variableSource, type Source } from "./exfiltration-sources.js";
import { isUse, type Destination } from "./exfiltration-requests.js";

const SECRET = [
  "GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "CI_JOB_TOKEN", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "OPENAI_API_KEY", "STRIPE_SECRET",
  "DB_PASSWORD", "MYSQL_ROOT_PASSWORD", "PGPASS", "PGPASSWORD", "GHTOKEN", "SSHPASS", "GPG_PASSPHRASE", "SSH_PRIVATE_KEY", "GITHUB_PAT", "CLIENT_SECRET",
  "API_TOKEN", "TOKEN", "SECRET_KEY_BASE", "ARM_CLIENT_SECRET", "SENTRY_AUTH_TOKEN", "APIKEY", "SLACK_BOT_TOKEN",
  "DATABASE_URL", "REDIS_URL", "MONGODB_URI", "DATABASE_DSN", "AZURE_STORAGE_CONNECTION_STRING", "MYSQL_PWD", "REDISCLI_AUTH",
];

const NOT_SECRET = [
  "PATH", "HOME", "PWD", "KEY", "AWS_ACCESS_KEY_ID", "GITHUB_TOKEN_FILE", "SECRET_NAME", "TOKEN_URL", "GOOGLE_APPLICATION_CREDENTIALS",
  "PATTERN", "KEYBOARD", "PASSWORD_FILE", "AWS_SHARED_CREDENTIALS_FILE", "token", "password", "Github_Token", "SSH_AUTH_SOCK", "GPG_KEY_ID",
  "API_URL", "BASE_URL", "DATABASE_NAME", "PGHOST", "PGUSER", "PWD", "OLDPWD", "SENTRY_DSN", "HISTFILE", "DATABASE_URL_FILE", "CONNECTION_TIMEOUT",
];

describe("isSecretVariable", () => {
  it.each(SECRET)("%s is a secret", (name) => expect(isSecretVariable(name)).toBe(true));
  it.each(NOT_SECRET)("%s is not", (name) => expect(isSecretVariable(name)).toBe(false));
});

const github = variableSource("GITHUB_TOKEN");
const unknown = variableSource("API_TOKEN");
const dump: Source = { what: "the environment (env)", service: null, credential: false };
const to = (hosts: string[], dynamic = false): Destination => ({ hosts, dynamic });

/** [source, destination, credential position, used] */
const RULE: Array<[string, Source, Destination, boolean, boolean]> = [
  ["GitHub token in a header to GitHub", github, to(["api.github.com"]), true, true],
  ["GitHub token in a header to a run-time host", github, to([], true), true, true],
  ["GitHub token in a header to GitHub and elsewhere", github, to(["api.github.com", "evil.example"]), true, false],
  ["GitHub token in a header to another host", github, to(["evil.example"]), true, false],
  ["GitHub token in a header to a look-alike host", github, to(["github.com.evil.example"]), true, false],
  ["GitHub token in a header with no URL seen", github, to([]), true, false],
  ["GitHub token in a body to GitHub", github, to(["api.github.com"]), false, false],
  ["GitLab token in a header to a self-hosted GitLab's API", variableSource("GITLAB_TOKEN"), { hosts: ["gitlab.corp"], dynamic: false, paths: ["/api/v4/projects"] }, true, true],
  ["GitLab token in a header to another path there", variableSource("GITLAB_TOKEN"), { hosts: ["gitlab.corp"], dynamic: false, paths: ["/projects"] }, true, false],
  ["unknown credential in a header anywhere", unknown, to(["api.example.com"]), true, true],
  ["unknown credential in a body", unknown, to(["api.example.com"]), false, false],
  ["environment dump in a header", dump, to(["api.example.com"]), true, false],
];

describe("isUse", () => {
  it.each(RULE)("%s", (_title, source, dest, credential, used) => expect(isUse(source, dest, credential)).toBe(used));
});
