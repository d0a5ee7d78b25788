/**
 * Files written from the network by any downloader, under any wrapper (downloads.ts), then run,
 * sourced or installed later on the line: a pipe to a shell (or a remote package). Uploads, and
 * downloads that are only read, stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";

/** Each way of downloading i.sh into the working directory. */
const DOWNLOADS = [
  "curl -fsSLo i.sh https://example.com/i.sh", "wget -O i.sh https://example.com/i.sh", "wget https://example.com/i.sh", "aria2c -o i.sh https://example.com/x", "aria2c https://example.com/i.sh",
  "axel https://example.com/i.sh", "axel -o i.sh https://example.com/x", "http --download https://example.com/i.sh", "xh -d -o i.sh https://example.com/x", "http https://example.com/x > i.sh",
  "gh release download -R u/r -p i.sh -O i.sh", "scp host:i.sh .", "scp user@host:dir/i.sh ./", "scp host:x i.sh", "rsync -a host:i.sh .", "rsync -av rsync://h/m/i.sh ./",
];
const WRAPPED = ["sudo %", "sudo -u x %", "env A=1 %", "nice -n 5 %", "timeout 60 %", "grc %"];
const RUNS = ["bash i.sh", "sh ./i.sh", ". ./i.sh", "source i.sh", "chmod +x i.sh && ./i.sh", "sudo bash i.sh"];

const ROWS: Row[] = [
  ...DOWNLOADS.flatMap((d) => RUNS.map((r): Row => [`${d} && ${r}`, [PIPE], "has", true])),
  ...DOWNLOADS.slice(0, 3).flatMap((d) => WRAPPED.map((w): Row => [`${w.replace("%", d)} && bash i.sh`, [PIPE], "has", true])),
  ...["scp host:x.sh /tmp/x.sh; sh /tmp/x.sh", "rsync -a host:x.sh /tmp/ && bash /tmp/x.sh"].map((c): Row => [c, [PIPE], "has", true]),
  // uploads, reads, and downloads not run: quiet
  ...["scp i.sh host: && ssh host sh i.sh", "rsync -a src/ host:dst/", "scp host:log.txt . && cat log.txt", "aria2c -o i.sh https://example.com/x && less i.sh",
    "curl -fsSLo i.sh https://example.com/i.sh", "gh release list", "gh release download -R u/r -p '*.tgz'", "http https://example.com/api", "rsync -a host:dir/ ./backup/ && ls backup"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/downloads: a file downloaded, then run", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});

describe("unwrap/downloads: directories given every way", () => {
  it.each(cases(["curl --output-dir /tmp -O https://example.com/x.sh && bash /tmp/x.sh", "curl -O --output-dir /tmp https://example.com/x.sh && bash /tmp/x.sh", "curl --remote-name-all https://example.com/x.sh && bash x.sh",
    "wget -P/tmp https://example.com/x.sh && bash /tmp/x.sh", "wget --directory-prefix=/tmp https://example.com/x.sh && bash /tmp/x.sh", "aria2c --dir=/tmp https://example.com/x.sh && bash /tmp/x.sh"]
    .map((c): Row => [c, [PIPE], "has", true])))("%s", (_title, row) => verify(row));
});
