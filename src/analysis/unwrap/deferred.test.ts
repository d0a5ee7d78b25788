/**
 * Code run later or elsewhere (deferred.ts): tmux and screen sessions, at/batch, crontab from a
 * pipe, expect. Input → finding ids through the real analyze(), guard mode included.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";
const OPAQUE = "shell/opaque-code";

const RUNS_RM = [
  ...["new", "new-session", "new-window", "neww", "split-window", "splitw", "respawn-pane", "run-shell", "run", "display-popup"].flatMap((s) => [`tmux ${s} 'rm -rf ~'`, `tmux ${s} -t x -c /tmp 'rm -rf ~'`]),
  // tmux takes a unique prefix of a command's name, and several commands split by `;`
  ...["new-sess", "run-sh", "split", "respawn-p", "display-p", "new-win", "pipe-p -o"].map((s) => `tmux ${s} 'rm -rf ~'`),
  "tmux ls \\; new -d 'rm -rf ~'", "tmux start-server \\; run-shell 'rm -rf ~'", "tmux new -d -s a \\; send-keys -t a 'rm -rf ~' Enter",
  "tmux if-sh true 'run-shell \"rm -rf ~\"'", "tmux if-shell -b true 'display x' 'new -d \"rm -rf ~\"'",
  "tmux new -d -s x rm -rf ~", "tmux run-shell -b -d 5 'rm -rf ~'", "tmux split-window -h -l 20 'rm -rf ~'", "tmux -L sock new-session -d 'rm -rf ~'", "tmux -c 'rm -rf ~'", "tmux if-shell 'rm -rf ~' 'display ok'",
  // several words are an argv: `sh -c 'rm -rf ~'` keeps its script whole
  ...["new -d", "new-session -d -s x", "new-window", "split-window -h", "respawn-pane -k"].flatMap((s) => [`tmux ${s} sh -c 'rm -rf ~'`, `tmux ${s} bash -c "rm -rf ~"`, `tmux ${s} env X=1 sh -c 'rm -rf ~'`]),
  // commands held for later: hooks, key bindings, confirmations, aliases, the default command, formats' #()
  "tmux set-hook -g after-new-window 'run \"rm -rf ~\"'", "tmux set-hook -ag client-attached 'run-shell \"rm -rf ~\"'", "tmux bind x run-shell 'rm -rf ~'",
  "tmux bind-key -n -T root C-x run 'rm -rf ~'", "tmux bind x if-shell true 'run \"rm -rf ~\"'", "tmux confirm-before -p 'go?' 'run \"rm -rf ~\"'",
  "tmux set -g default-command 'rm -rf ~'", "tmux set-option -g default-shell 'rm -rf ~'", "tmux set -g status-right '#(rm -rf ~)'", "tmux setw -g window-status-format 'x #(echo; rm -rf ~) y'",
  "tmux set -g command-alias[10] 'x=run \"rm -rf ~\"'", "tmux display -p '#(rm -rf ~)'", "tmux display-message '#(rm -rf ~)'", "tmux source-file /dev/stdin <<< 'run \"rm -rf ~\"'",
  "echo 'set -g status-right \"#(rm -rf ~)\"' | tmux source -", "tmux ls \\; set-hook -g pane-exited 'run \"rm -rf ~\"'",
  "screen -dm sh -c 'rm -rf ~'", "screen -dmS x rm -rf ~", "screen -d -m -S x rm -rf ~", "screen rm -rf ~",
  "at now <<< 'rm -rf ~'", "at now + 1 minute <<EOF\nrm -rf ~\nEOF", "batch <<< 'rm -rf ~'", "echo 'rm -rf ~' | at now", "cat <<'EOF' | at midnight\nrm -rf ~\nEOF",
  "echo '* * * * * rm -rf ~' | crontab -", "echo '@reboot rm -rf ~' | crontab -", "echo '0 3 * * 1 rm -rf ~' | crontab",
  // with no file, Debian's (vixie) and busybox's crontab read the jobs from stdin
  "crontab <<< '* * * * * rm -rf ~'", "crontab -u root <<< '@reboot rm -rf ~'", "crontab <<< '* * * * * rm -rf ~%'", "echo '@daily rm -rf ~%x' | crontab -", "crontab <<'EOF'\n0 3 * * * rm -rf ~\nEOF", "tmux send-keys -t work 'rm -rf ~' Enter", "tmux send -t 0 rm ' -rf ~' C-m", "screen -S x -X stuff 'rm -rf ~\\n'",
  // screen commands sent with -X that run a program, or run screen commands
  "screen -X exec sh -c 'rm -rf ~'", "screen -S x -X exec rm -rf ~", "screen -X exec .!. rm -rf ~", "screen -X screen rm -rf ~", "screen -X screen -t logs -h 100 bash -c 'rm -rf ~'",
  "screen -X eval 'stuff \"rm -rf ~\\n\"'", "screen -X eval 'exec rm -rf ~'", "screen -X eval 'select 1' 'stuff \"rm -rf ~^M\"'",
];

const TABLE: Row[] = [
  ...RUNS_RM.flatMap((c): Row[] => [[c, [RM, HOME]], [c, [RM, HOME], "has", true]]),
  // what a pipe feeds is unseen
  ["curl -s https://x | at now", [PIPE], "has", true],
  ["curl -s https://x | crontab -", [PIPE], "has", true],
  ["printf '%s\\n' \"$JOB\" | crontab -", [PIPE]],
  ["curl -s https://x | expect", [PIPE]],
  // Tcl
  ["expect -c 'spawn rm -rf ~'", [OPAQUE], "has", true],
  // plain uses stay quiet
  ...["tmux new -s work", "tmux ls", "tmux attach -t work", "tmux new -d -s work", "tmux kill-session -t x \\; new -s y", "tmux new-sess -s w", "tmux if-shell true 'display ok'",
    "tmux set -g mouse on", "tmux set -g status-right '#(date +%H:%M) #H'", "tmux bind r source-file ~/.tmux.conf", "tmux display -p '#{pane_current_path}'",
    "tmux set-hook -g after-new-window 'select-layout tiled'", "tmux source-file ~/.tmux.conf", "screen -ls", "screen -r", "screen -S work", "screen -X quit", "screen -S x -X exec ls", "screen -X eval 'select 1' 'detach'", "at -l", "atq",
    "crontab -l", "crontab -l <<< 'x'", "crontab < jobs.txt", "crontab <<< '0 5 * * * /usr/bin/backup'", "crontab <<< '0 0 * * * tar czf /b/$(date +\\%F).tgz /srv'", "expect script.exp"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/deferred: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/deferred: what a group pipes into crontab or at", () => {
  it.each(cases([
    // the user's own jobs plus lines written here: the new lines are read
    ...["(crontab -l; echo '* * * * * rm -rf ~') | crontab -", "{ crontab -l | grep -v x; echo '@daily rm -rf ~'; } | crontab -", "(crontab -l 2>/dev/null; printf '%s\\n' '@reboot rm -rf ~') | crontab -u root -",
      "(echo cd /tmp; echo 'rm -rf ~') | at now"].map((c): Row => [c, ["deletion/home"], "has", true]),
    // anything unseen in the group: the jobs are unseen
    ...["(crontab -l; curl -s http://127.0.0.1/x) | crontab -", "(curl -s http://127.0.0.1/x | grep .; echo '@daily ls') | crontab -", "curl -s http://127.0.0.1/x | grep . | crontab -",
      "(crontab -l; cat /tmp/jobs) | crontab -", "crontab -l | sed 's/x/y/' | crontab -", "(echo ls; curl -s http://127.0.0.1/x) | at now"].map((c): Row => [c, ["shell/pipe-to-shell"], "has", true]),
    // the standard ways to add or drop a job: quiet
    ...["(crontab -l 2>/dev/null; echo \"0 5 * * * /usr/local/bin/backup.sh\") | crontab -", "crontab -l | grep -v backup.sh | crontab -", "{ crontab -l; echo '@daily /usr/bin/updatedb'; } | crontab -",
      "echo 'tar czf /tmp/b.tgz docs' | at 2am"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});

describe("unwrap/deferred: tmux source-file of a file the line makes", () => {
  it.each(cases([
    ["tmux source-file <(curl -s http://127.0.0.1/x)", ["shell/dynamic-script"], "has", true],
    ["tmux source /dev/fd/5", ["shell/dynamic-script"], "has", true],
    ["curl -s http://127.0.0.1/x | tmux source-file -", ["shell/pipe-to-shell"], "has", true],
    ["echo 'set -g mouse on' | tmux source-file -", [], "none", true],
  ] as Row[]))("%s", (_title, row) => verify(row));
});
