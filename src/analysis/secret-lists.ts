/**
 * Secrets: files whose content must not be read into an agent's context or leave the machine
 * (docs/checks/secret.md). A pattern without a `/` matches a basename, one with a `/` the end of
 * the path (`.ssh/id_*`), `~/…` and `/…` the whole path; `dir/**` is everything inside. Globs
 * are matched linearly (src/analysis/glob.ts).
 */
export const DEFAULT_SECRET_FILES: readonly string[] = [
  // private SSH keys, TLS and other private keys
  ".ssh/id_*", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk",
  "*.pem", "*.key", "*.p12", "*.pfx",
  // cloud and registry credentials
  ".aws/credentials", ".aws/config", ".aws/sso/cache/**", ".aws/cli/cache/**",
  ".config/gcloud/credentials.db", ".config/gcloud/access_tokens.db",
  ".config/gcloud/application_default_credentials.json", ".config/gcloud/legacy_credentials/**",
  ".azure/**", ".docker/config.json", ".kube/config",
  // token stores
  ".netrc", "_netrc", "~/.npmrc", ".pypirc", ".pgpass", ".config/gh/hosts.yml",
  ".git-credentials", ".config/git/credentials",
  // environment files
  ".env", ".env.*",
  // keychains and password stores
  "Library/Keychains/**", ".password-store/**", ".gnupg/private-keys-v1.d/**", ".gnupg/secring.gpg", "*.kdbx",
  // system password hashes
  "/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/master.passwd",
];

/** Paths the secret patterns match that are not secrets: public keys and example env files. */
export const DEFAULT_NOT_SECRET_FILES: readonly string[] = [
  "*.pub", ".env*.example", ".env*.sample", ".env*.template", ".env*.dist",
];
