/**
 * A container's command acts on the host through its bind mounts (containers.ts): paths under a
 * mount's target are the host's, as is a mounted working directory; paths only in the container
 * are not the host's. Generated: every way of mounting the working directory × every engine ×
 * every way of naming the mount inside.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const CWD = "deletion/working-directory";

const MOUNTS = ["-v \"$PWD\":/src", "-v $(pwd):/src", "-v .:/src:rw", "--volume=$PWD:/src", "--mount type=bind,source=$PWD,target=/src", "-v \"${PWD}\":/src:z"];
const ENGINES = ["docker run --rm", "podman run -it", "nerdctl run", "docker container run", "sudo docker run"];
const DELETES = ["alpine rm -rf /src", "alpine rm -rf /src/", "-w /src alpine rm -rf .", "-w /src/ alpine rm -r ./", "--entrypoint rm alpine -rf /src", "alpine find /src -delete"];

const TABLE: Row[] = [
  // as the same delete on the host would be: of the working directory, of a directory `$(pwd)` names, by find
  ...ENGINES.flatMap((e) => MOUNTS.flatMap((m) => DELETES.map((d): Row => [`${e} ${m} ${d}`, [m.includes("$(pwd)") && !d.startsWith("-w") ? "deletion/dynamic-target" : d.includes("find") ? "deletion/find-delete" : CWD], "has", true]))),
  // the home directory mounted, then emptied
  ["docker run -v $HOME:/h alpine rm -rf /h", ["deletion/home"], "has", true],
  ["docker run -v ~:/h alpine rm -rf /h", ["deletion/home"], "has", true],
  // paths only in the container, read-only mounts, commands that delete nothing
  ...["docker run -v \"$PWD\":/src alpine rm -rf /tmp/x", "docker run -v \"$PWD\":/src alpine rm -rf /", "docker run -v \"$PWD\":/src:ro alpine rm -rf /src",
    "docker run -v \"$PWD\":/src -w /src node:20 npm test", "docker run -v \"$PWD\":/src alpine ls /src", "docker run alpine rm -rf /", "docker run -w /app alpine rm -rf .",
    "docker run -v \"$PWD\":/src alpine rm -rf /srcx", "docker run -v \"$PWD\":/src -w /src alpine rm -rf build"].map((c): Row => [c, [], "none", true]),
];

/** Commands run in a running container or pod (container-exec.ts): @ is the command. */
const EXECS = ["docker exec web @", "docker exec -it -u root -e A=1 web @", "podman exec -w / web @", "nerdctl exec web @", "docker container exec web @",
  "docker -H tcp://127.0.0.1:2375 exec web @", "docker compose exec db @", "docker compose -f c.yml -p app exec -T db @", "docker-compose exec db @",
  "docker compose run --rm db @", "kubectl exec db-0 -- @", "kubectl -n prod exec -it db-0 -c main -- @", "kubectl --context=prod exec db-0 -- @", "oc exec pod -- @",
  "kubectl exec db-0 @", "sudo docker exec web @", "kubectl debug pod/db-0 -it --image=busybox -- @", "kubectl debug -n prod db-0 --target=main --image=busybox -- @", "oc debug pod/p -- @"];
const EXEC_PAYLOADS: ReadonlyArray<readonly [string, string]> = [["rm -rf /", "deletion/root"], ["psql -c 'DROP DATABASE app'", "dangerous/sql-destructive"],
  ["redis-cli FLUSHALL", "dangerous/redis-flush"], ["sh -c 'rm -rf /'", "deletion/root"]];
const EXEC_TABLE: Row[] = [
  ...EXECS.flatMap((form, k): Row[] => {
    const [payload, id] = EXEC_PAYLOADS[k % EXEC_PAYLOADS.length] as (typeof EXEC_PAYLOADS)[number];
    return [[form.replace("@", payload), [id], "has", true], [form.replace("@", "ls -la /app"), [], "none", true]];
  }),
  ...["docker exec -it web bash", "kubectl exec -it db-0 -- sh", "docker compose exec db psql -c 'select 1'", "kubectl get pods", "docker ps", "kubectl logs db-0", "kubectl debug pod/db-0 -it --image=busybox", "kubectl debug pod/db-0 --image=busybox -- ls"]
    .map((c): Row => [c, [], "none", true]),
];

describe("unwrap/containers: exec in a running container", () => {
  it.each(cases(EXEC_TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/containers: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
