/**
 * Read-only tables: docker and kubectl. Their global options are parsed with their real tables
 * before the subcommand is looked up, so `docker -l info run ...` is `docker run` (-l takes a
 * value) and `kubectl -n logs delete ...` is `kubectl delete`. kubectl's global options may also
 * follow the subcommand (`kubectl get pods --kubeconfig ./x.yaml`): they are parsed there too.
 */

import { command, judge, type ReadOnlyCommand } from "./model.js";
import { ps } from "./system.js";

const FORMAT = "-f: --format=";

const dockerPs = command({ why: "Lists containers.", accepts: "-alqs -n: -f: --all --filter= --format= --last= --latest --no-trunc --quiet --size", example: "docker ps -a" });
const dockerImages = command({ why: "Lists images.", accepts: "-aq -f: --all --digests --filter= --format= --no-trunc --quiet --tree", example: "docker images" });
const dockerLogs = command({ why: "Prints a container's logs.", accepts: "-ft -n: --details --follow --since= --tail= --timestamps --until=", example: "docker logs web" });
const dockerInspect = command({ why: "Prints low-level information.", accepts: "-s -f: --format= --size --type=", example: "docker inspect web" });
const dockerFormat = (why: string): ReadOnlyCommand => command({ why, accepts: FORMAT });
const dockerStats = command({ why: "Prints resource usage.", accepts: "-a --all --format= --no-stream --no-trunc", example: "docker stats --no-stream" });
/** `docker top CONTAINER [ps options]`: the words after the container are ps's, judged by its table. */
const dockerTop = command({
  why: "Lists a container's processes; the words after the container are ps options, checked against ps's table.",
  accepts: "-h --help",
  stopAtOperand: true,
  args: (a, p) => p.rest >= a.length || judge(ps, ["ps", ...a.slice(p.rest + 1)]).readOnly,
  example: "docker top web",
});
const dockerHistory = command({ why: "Shows an image's history.", accepts: "-Hq --human --no-trunc --quiet --format=", example: "docker history alpine" });
const dockerSearch = command({ why: "Searches Docker Hub.", accepts: "-f: --filter= --format= --limit= --no-trunc", example: "docker search alpine" });
const none = (why: string, example: string): ReadOnlyCommand => command({ why, example });
const lsOnly = (what: string, extra = ""): ReadOnlyCommand => command({ why: `Lists ${what}.`, accepts: "-q -f: --quiet --filter= --format= --no-trunc " + extra });

export const docker = command({
  why: "docker: the global options, then a read-only subcommand.",
  accepts: "-Dv -c: -l: --debug --context= --log-level= --tls --tlsverify --tlscacert= --tlscert= --tlskey= --version --help",
  unsafe: { "-H: --host=": ["state", "talks to another daemon"], "--config=": ["runs", "reads a client configuration (credential helpers are programs)"] },
  subcommands: {
    ps: dockerPs, images: dockerImages, logs: dockerLogs, inspect: dockerInspect, version: dockerFormat("Prints versions."), info: dockerFormat("Prints system information."),
    stats: dockerStats, top: dockerTop, port: none("Lists port mappings.", "docker port web"), history: dockerHistory, diff: none("Lists changed files in a container.", "docker diff web"), search: dockerSearch,
    image: command({ why: "Image subcommands that read.", subcommands: { ls: dockerImages, list: dockerImages, inspect: dockerInspect, history: dockerHistory }, bareOk: false, example: "docker image ls" }),
    container: command({ why: "Container subcommands that read.", subcommands: { ls: dockerPs, list: dockerPs, ps: dockerPs, inspect: dockerInspect, logs: dockerLogs, top: dockerTop, port: none("Lists port mappings.", "docker container port web"), diff: none("Lists changed files.", "docker container diff web"), stats: dockerStats }, bareOk: false, example: "docker container ls" }),
    volume: command({ why: "Volume subcommands that read.", subcommands: { ls: lsOnly("volumes", "--cluster"), list: lsOnly("volumes"), inspect: dockerInspect }, bareOk: false, example: "docker volume ls" }),
    network: command({ why: "Network subcommands that read.", subcommands: { ls: lsOnly("networks"), list: lsOnly("networks"), inspect: dockerInspect }, bareOk: false, example: "docker network ls" }),
    system: command({ why: "System subcommands that read.", subcommands: { df: command({ why: "Shows disk usage.", accepts: "-v --verbose --format=" }), info: dockerFormat("Prints system information.") }, bareOk: false, example: "docker system df" }),
    context: command({ why: "Context subcommands that read.", subcommands: { ls: lsOnly("contexts"), list: lsOnly("contexts"), inspect: dockerInspect, show: none("Prints the current context.", "docker context show") }, bareOk: false, example: "docker context ls" }),
  },
  example: "docker ps",
});

const OUTPUT = "-o: --output= --template= --allow-missing-template-keys --show-managed-fields";
const SELECT = "-A -l: --all-namespaces --selector= --field-selector= --chunk-size= -f: --filename= -R --recursive";

const kubeGet = command({ why: "Lists resources.", accepts: `${OUTPUT} ${SELECT} -w -L: --watch --watch-only --output-watch-events --show-labels --label-columns= --sort-by= --no-headers --ignore-not-found --raw= --show-kind --server-print --subresource=`, example: "kubectl get pods" });
const kubeDescribe = command({ why: "Describes resources.", accepts: `${SELECT} --show-events`, example: "kubectl describe pod web" });
const kubeLogs = command({ why: "Prints a container's logs.", accepts: "-fp -c: -l: --follow --previous --container= --tail= --since= --since-time= --timestamps --all-containers --all-pods --prefix --selector= --max-log-requests= --limit-bytes= --pod-running-timeout= --ignore-errors --insecure-skip-tls-verify-backend", example: "kubectl logs web" });
const kubeExplain = command({ why: "Documents a resource type.", accepts: "--recursive --api-version= -o: --output=", example: "kubectl explain pods" });
const kubeApiResources = command({ why: "Lists resource types.", accepts: "-o: --output= --namespaced --api-group= --verbs= --sort-by= --cached --no-headers --categories=" });
const kubeTop = command({ why: "Shows resource usage.", accepts: "-A -l: --all-namespaces --selector= --field-selector= --containers --sort-by= --no-headers --use-protocol-buffers --sum" });
const kubeVersion = command({ why: "Prints versions.", accepts: "-o: --output= --client --short" });
const kubeEvents = command({ why: "Lists events.", accepts: "-A -w -o: --all-namespaces --watch --for= --types= --output= --no-headers --chunk-size=" });

const kubectl = command({
  why: "kubectl: the global options (before or after the subcommand), then a read-only subcommand. The kubeconfig can name exec plugins, so --kubeconfig is unsafe.",
  accepts: "-n: -s: -v: --namespace= --context= --cluster= --user= --server= --request-timeout= --v= --insecure-skip-tls-verify --match-server-version --tls-server-name= --warnings-as-errors --disable-compression --vmodule= --help",
  unsafe: {
    "--kubeconfig=": ["runs", "reads a kubeconfig, which can run exec credential plugins"],
    "--cache-dir= --log-file= --log-dir= --profile= --profile-output=": ["writes", "writes files"],
    "--as= --as-group= --as-uid=": ["state", "acts as another user"],
    "--token= --username= --password= --client-certificate= --client-key= --certificate-authority=": ["state", "authenticates with other credentials"],
  },
  interspersed: true,
  subcommands: {
    get: kubeGet, describe: kubeDescribe, logs: kubeLogs, explain: kubeExplain, "api-resources": kubeApiResources, "api-versions": command({ why: "Lists API versions." }),
    "cluster-info": command({ why: "Prints cluster endpoints (`cluster-info dump` is not read-only: it can write files).", args: (a, p) => p.operands.length === 0 }),
    top: kubeTop, version: kubeVersion, events: kubeEvents,
    config: command({
      why: "kubeconfig subcommands that read.",
      subcommands: {
        view: command({ why: "Prints the kubeconfig.", accepts: `${OUTPUT} --raw --minify --flatten --merge[=]` }),
        "get-contexts": command({ why: "Lists contexts.", accepts: "-o: --output= --no-headers" }),
        "current-context": command({ why: "Prints the current context." }),
        "get-clusters": command({ why: "Lists clusters." }),
        "get-users": command({ why: "Lists users." }),
      },
      bareOk: false,
      example: "kubectl config view",
    }),
    auth: command({ why: "Authorisation queries.", subcommands: { "can-i": command({ why: "Asks whether an action is allowed.", accepts: "-A -q --all-namespaces --list --no-headers --quiet --subresource=" }), whoami: command({ why: "Prints the user.", accepts: "-o: --output=" }) }, bareOk: false, example: "kubectl auth whoami" }),
  },
  bareOk: false,
  example: "kubectl get pods",
});

export const CONTAINERS: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [["docker", docker], ["kubectl", kubectl]];
