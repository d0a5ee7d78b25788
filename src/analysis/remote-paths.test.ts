/**
 * scp and rsync into `host:path` are judged as the same path here (remote-paths.ts). Generated:
 * every host spelling × every destination, against the local command's finding; a remote path
 * that is harmless here stays quiet there, and a remote source is not a write.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "./test-helpers.js";

const HOSTS = ["host:", "user@host:", "deploy@10.0.0.7:", "[::1]:", "web-1.example.com:"];
/** Remote destination (after the host) → the finding id the same path gets here. */
const DESTINATIONS: ReadonlyArray<readonly [command: string, remote: string, id: string]> = [
  ["scp key.pub @D", ".ssh/authorized_keys", "sensitive-path/file"],
  ["scp key.pub @D", "~/.ssh/authorized_keys", "sensitive-path/file"],
  ["scp rc @D", ".bashrc", "sensitive-path/file"],
  ["rsync -a hook @D", ".git/hooks/pre-commit", "sensitive-path/directory"],
  ["rsync -a --delete empty/ @D", "", "deletion/home"],
  ["rsync -a --delete empty/ @D", "~/", "deletion/home"],
  ["rsync -a --delete empty/ @D", "/", "deletion/root"],
  ["rsync -av --delete-after empty/ @D", "/etc", "deletion/root-child"],
];

const TABLE: Row[] = [
  ...HOSTS.flatMap((h) => DESTINATIONS.map(([cmd, path, id]): Row => [cmd.replace("@D", `${h}${path}`), [id], "has", true])),
  // the local command agrees (the finding is the path's, not the host's)
  ...DESTINATIONS.map(([cmd, path, id]): Row => [cmd.replace("@D", path === "" ? "~" : path.startsWith("/") || path.startsWith("~") ? path : `~/${path}`), [id], "has", true]),
  // harmless remote paths, remote sources, and URLs of rsync daemons
  ...["scp a.txt host:", "scp a.txt host:/tmp/", "scp -r dist host:app/", "rsync -avz build/ host:/var/www/app/", "rsync -a --delete dist/ host:/var/www/app/",
    "rsync -a host:/etc/ backup/", "scp host:notes.txt .", "rsync -a --delete ./empty/ rsync://host/mod/", "scp a.txt \"$HOST:\"",
  ].map((c): Row => [c, [], "none", true]),
];

describe("remote-paths: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
