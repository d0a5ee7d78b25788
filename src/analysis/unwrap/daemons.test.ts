/** start-stop-daemon (daemons.ts): `--start` runs `--startas`, else `--exec`, with the words after `--`. */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const HOME = "deletion/home";

const TABLE: Row[] = [
  ...["start-stop-daemon -S -x /bin/rm -- -rf ~", "start-stop-daemon --start --exec /bin/rm -- -rf ~", "start-stop-daemon -S -b -m -p /run/x.pid -x /bin/rm -- -rf ~",
    "start-stop-daemon --start --chuid nobody --startas /bin/rm --exec /usr/bin/true -- -rf ~", "start-stop-daemon --start --exec /bin/sh -- -c 'rm -rf ~'",
    "sudo start-stop-daemon -S -x /bin/rm -- -rf ~"].map((c): Row => [c, [HOME], "has", true]),
  ["sudo start-stop-daemon -S -x /bin/rm -- -rf ~", ["dangerous/privileged-delete"], "has", true],
  // stopping, testing or asking the status runs nothing
  ...["start-stop-daemon --stop --exec /bin/rm", "start-stop-daemon -K -x /bin/rm -- -rf ~", "start-stop-daemon -S -t -x /bin/rm -- -rf ~",
    "start-stop-daemon --status --pidfile /run/x.pid", "start-stop-daemon --start --background --exec /usr/sbin/nginx"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/daemons: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
