/** Device writes by any writer and through earlier symlinks or cds, and the fork bomb: positives and quiet rows. */

import { describe, it } from "vitest";
import { cases, verify, type Row } from "../test-helpers.js";

const DEV = "dangerous/device-write";
const g = (cmd: string, expected: readonly string[]): Row => [cmd, expected, expected.length === 0 ? "exact" : "has", true];

const TABLE: Row[] = [
  // any writer's output option onto a block device
  ...["tar -cf /dev/sda /etc", "tar czf /dev/sdb1 .", "tar --create --file=/dev/sda /etc", "curl -o /dev/sda http://x", "curl --output /dev/nvme0n1 http://x",
    "wget -O /dev/sda http://x", "wget --output-document=/dev/sda http://x", "ddrescue /dev/sda /dev/sdb map", "dcfldd if=x.img of=/dev/sdb", "sudo curl -sLo /dev/sda http://x"].map((c) => g(c, [DEV])),
  // through a symlink or a cd made earlier on the line
  ...["ln -sf /dev/sda d && dd of=d", "ln -s /dev/sda disk; cat img > disk", "ln -sf /dev/sdb ./x && cp img x", "ln -s /dev/sda /tmp/d && echo x | tee /tmp/d",
    "cd /dev && curl -o sda http://x", "cd /dev; wget -O sdb http://x"].map((c) => g(c, [DEV])),
  g("cd /dev; dd of=sda", ["dangerous/dd-device"]),
  // the fork bomb, by any name
  ...[":(){ :|:& };:", "bomb() { bomb | bomb & }; bomb", "function f { f | f & }; f"].map((c) => g(c, ["dangerous/fork-bomb"])),
  // quiet
  ...["tar -tf /dev/st0", "tar -xf /dev/sdb1", "curl -o /dev/null http://x", "curl -o out.html http://x", "wget -qO- http://x", "wget -O - http://x",
    "ln -s /dev/null d && cat x > d", "ln -s /dev/sda d && cat d", "ln -sf target link && echo x > other", "cd /dev && ls", "dd if=/dev/sda of=disk.img",
    "f() { g | h & }; f", "f() { f; }; f"].map((c) => g(c, [])),
];

describe("dangerous: writes onto devices across the line, and the fork bomb", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "dangerous/"));
});
