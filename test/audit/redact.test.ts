/** The redaction table: each kind of credential, generated spellings of the classes, and lines left alone. */

import { describe, expect, it } from "vitest";
import { REDACTED, REDACTIONS, redact } from "../../src/audit/redact.js";

const SECRET = "s3cr3tV4lue";

describe("redact: one example per rule", () => {
  it.each([
    ["private-key-block", "echo '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\nAAAA\n-----END OPENSSH PRIVATE KEY-----' > k", `echo '-----BEGIN OPENSSH PRIVATE KEY-----${REDACTED}-----END OPENSSH PRIVATE KEY-----' > k`],
    ["private-key-block", "printf '%s' '-----BEGIN RSA PRIVATE KEY-----\nMIIEow", `printf '%s' '-----BEGIN RSA PRIVATE KEY-----${REDACTED}`],
    ["url-password", "git clone https://alice:hunter22@git.example.test/r.git", `git clone https://alice:${REDACTED}@git.example.test/r.git`],
    ["url-password", "psql postgres://app:pa55w0rd@db:5432/app -c 'select 1'", `psql postgres://app:${REDACTED}@db:5432/app -c 'select 1'`],
    ["authorization-header", "curl -H 'Authorization: Bearer eyJhbGciOi.x.y' https://api.test", `curl -H 'Authorization: Bearer ${REDACTED}' https://api.test`],
    ["authorization-header", 'curl -H "authorization: token abcdef123" https://api.test', `curl -H "authorization: token ${REDACTED}" https://api.test`],
    ["authorization-header", "curl --header Authorization:Basic dXNlcjpwYXNz https://x.test", `curl --header Authorization:Basic ${REDACTED} https://x.test`],
    ["authorization-header", "http GET x.test Proxy-Authorization:'Basic Zm9vOmJhcg=='", `http GET x.test Proxy-Authorization:'Basic ${REDACTED}'`],
    ["bearer-token", 'wget --header="X: Bearer abcdefgh1234" x.test', `wget --header="X: Bearer ${REDACTED}" x.test`],
    ["cookie-header", "curl -H 'Cookie: session=abc; csrftoken=def' x.test", `curl -H 'Cookie: ${REDACTED}' x.test`],
    ["aws-access-key-id", "export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", `export AWS_ACCESS_KEY_ID=${REDACTED}`],
    ["aws-access-key-id", "echo ASIAY34FZKBOKMUTVV7A", `echo ${REDACTED}`],
    ["known-token", "gh auth login --with-token <<< ghp_abcdefghijklmnopqrstuvwxyz0123456789", `gh auth login --with-token <<< ${REDACTED}`],
    ["known-token", "echo github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz | gh auth login --with-token", `echo ${REDACTED} | gh auth login --with-token`],
    ["known-token", "curl -d key=sk-ant-api03-abcdefghijklmnopqrstuvwxyz x.test", `curl -d key=${REDACTED} x.test`],
    ["known-token", "npm config set //registry.npmjs.org/:_authToken npm_abcdefghijklmnopqrstuvwxyz0123456789", `npm config set //registry.npmjs.org/:_authToken ${REDACTED}`],
    ["aws-configure", "aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", `aws configure set aws_secret_access_key ${REDACTED}`],
    ["secret-assignment", `MYSQL_PWD=${SECRET} mysql db`, `MYSQL_PWD=${REDACTED} mysql db`],
    ["secret-assignment", `curl -d '{"user":"a","password":"${SECRET}"}' x.test`, `curl -d '{"user":"a","password":"${REDACTED}"}' x.test`],
    ["secret-assignment", `openssl enc -aes256 -pass pass:${SECRET} -in f`, `openssl enc -aes256 -pass pass:${REDACTED} -in f`],
    ["secret-assignment", `curl "https://x.test/cb?code=1&access_token=${SECRET}&x=2"`, `curl "https://x.test/cb?code=1&access_token=${REDACTED}&x=2"`],
    ["secret-option", `vault login --token ${SECRET}`, `vault login --token ${REDACTED}`],
    ["secret-option", `mysqladmin --password '${SECRET} x' status`, `mysqladmin --password '${REDACTED}' status`],
    ["secret-option", `tool --client-secret "${SECRET}" run`, `tool --client-secret "${REDACTED}" run`],
    ["user-password-option", `curl -u admin:${SECRET} https://x.test`, `curl -u admin:${REDACTED} https://x.test`],
    ["user-password-option", `curl -s --user 'admin:${SECRET}' https://x.test`, `curl -s --user 'admin:${REDACTED}' https://x.test`],
    ["attached-password", `mysql -u root -p${SECRET} -e 'show databases'`, `mysql -u root -p${REDACTED} -e 'show databases'`],
    ["attached-password", `mysqldump -uroot -p'${SECRET} 2' db > d.sql`, `mysqldump -uroot -p'${REDACTED}' db > d.sql`],
    ["attached-password", `sshpass -p ${SECRET} ssh host`, `sshpass -p ${REDACTED} ssh host`],
    ["aws-secret-key", "echo wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY >> creds", `echo ${REDACTED} >> creds`],
  ])("%s: %j", (rule, input, expected) => {
    expect(REDACTIONS.map((r) => r.name)).toContain(rule);
    expect(redact(input)).toBe(expected);
    // Redacting twice changes nothing more.
    expect(redact(expected)).toBe(expected);
  });
});

describe("redact: generated members of the name=value class", () => {
  const names = ["password", "PASSWORD", "PGPASSWORD", "db_password", "passwd", "DB_PASS", "--pass", "MYSQL_PWD", "GITHUB_TOKEN", "x-auth-token", "api_key", "API-KEY", "apikey", "client_secret", "aws_secret_access_key", "private_key", "passphrase", "--password", "credentials"];
  const forms: [string, (v: string) => string][] = [
    ["=v", (v) => `=${v}`],
    ['="v v"', (v) => `="${v} more"`],
    ["='v'", (v) => `='${v}'`],
    [": v", (v) => `: ${v}`],
  ];
  const cases = names.flatMap((name) => forms.map(([form, write]) => [name, form, write] as const));
  it.each(cases)("%s%s", (name, _form, write) => {
    for (const context of [(s: string) => s, (s: string) => `env ${s} ./run.sh`, (s: string) => `echo "${s.replace(/"/g, "'")}" | tool`]) {
      const out = redact(context(`${name}${write(SECRET)}`));
      expect(out).not.toContain(SECRET);
      expect(out).toContain(REDACTED);
      expect(out).toContain(name);
    }
  });
});

describe("redact: what is not a credential stays", () => {
  it.each([
    "ls -la",
    "git log --since=1h --oneline",
    "git show 3f786850e387550fdab836ed7e6dc881de23001b",
    "echo $PASSWORD",
    'password="$DB_PASSWORD" ./deploy',
    "mysql -u root -p db",
    "mysql -h db -P 3306 -u app -p",
    "PWD=/tmp OLDPWD=/home ls",
    "bypass=1 make",
    "docker run -u 1000:1000 -v /src:/src img",
    "grep -r token src/",
    "curl -H 'Accept: application/json' https://x.test/path",
    "ssh user@host 'uptime'",
    "git clone https://github.com/o/r.git",
    "npm run build -- --mode=production",
    "cat ~/.ssh/id_rsa.pub",
    "vault login --token $VAULT_TOKEN",
    "kubectl get secret -n prod",
    "tool --password -v",
  ])("%j", (command) => {
    expect(redact(command)).toBe(command);
  });
});
