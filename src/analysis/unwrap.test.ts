/**
 * Unwrapping, ESLint-style: `input → finding ids` through the real analyze(). Every wrapper,
 * every way of handing a string to a shell, and the findings of their own (shell/*): eval,
 * source of something unseen, pipes into interpreters, unseen scripts, dynamic command names,
 * nesting too deep. Also what the engine relies on: forms, allowForms, privilege.
 */

import { describe, expect, it } from "vitest";
import { CONTEXTS, SHELL_STRINGS, WRAPPERS, cases, nameSpellings, run, shq, verify, type Row } from "./test-helpers.js";
import { MAX_DEPTH } from "./unwrap.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const EVAL = "shell/eval";
const SOURCE = "shell/source-dynamic";
const PIPE = "shell/pipe-to-shell";
const SCRIPT = "shell/dynamic-script";
const DYNCMD = "shell/dynamic-command";
const DEEP = "shell/nesting-too-deep";

const TABLE: Row[] = [
  // every wrapper, with its own options, in front of rm -rf ~
  ...WRAPPERS.map((w): Row => [w.replace("%", "rm -rf ~"), [RM, HOME]]),
  ["sudo -u root -g wheel -- rm -rf ~", [RM, HOME]],
  ["sudo --user=root --preserve-env=PATH rm -rf ~", [RM, HOME]],
  ["sudo -i rm -rf ~", [RM, HOME]],
  ["sudo -s 'rm -rf ~'", [RM, HOME]],
  ["doas -- rm -rf ~", [RM, HOME]],
  // env -S splits its string into words but, not being a shell, expands no `~`
  ["env -S 'rm -rf /'", [RM, "deletion/root"]],
  ["env -S'rm -rf /'", [RM, "deletion/root"]],
  ["env --split-string='rm -rf /'", [RM, "deletion/root"]],
  ["env -iS 'rm -rf /'", [RM, "deletion/root"]],
  ["env -S 'rm -rf ~'", [RM]],
  ["env -C /tmp rm -rf ~", [RM, HOME]],
  ["command -- rm -rf ~", [RM, HOME]],
  ["exec -c rm -rf ~", [RM, HOME]],
  ["nice -n -20 rm -rf ~", [RM, HOME]],
  ["nice --adjustment=5 rm -rf ~", [RM, HOME]],
  ["timeout -k 5 10 rm -rf ~", [RM, HOME]],
  ["timeout --kill-after=5 --preserve-status 10s rm -rf ~", [RM, HOME]],
  ["stdbuf -i0 -o0 -e0 rm -rf ~", [RM, HOME]],
  ["setsid --fork rm -rf ~", [RM, HOME]],
  ["chrt -r 1 rm -rf ~", [RM, HOME]],
  ["taskset 0x1 rm -rf ~", [RM, HOME]],
  ["chroot / rm -rf ~", [RM, HOME]],
  ["unshare -m rm -rf ~", [RM, HOME]],
  ["nsenter -t 1 -m rm -rf ~", [RM, HOME]],
  ["strace -f -o trace.txt rm -rf ~", [RM, HOME]],
  ["ltrace -o t rm -rf ~", [RM, HOME]],
  ["proxychains4 -q rm -rf ~", [RM, HOME]],
  ["torsocks rm -rf ~", [RM, HOME]],
  ["nocache rm -rf ~", [RM, HOME]],
  ["dbus-run-session rm -rf ~", [RM, HOME]],
  ["toybox rm -rf ~", [RM, HOME]],
  ["coproc rm -rf ~", [RM, HOME]],
  ["coproc { rm -rf ~; }", [RM, HOME]],
  ["coproc worker { rm -rf ~; }", [RM, HOME]],
  ["xargs -a list rm -rf ~", [RM, HOME]],
  ["xargs --max-args=1 --null rm -rf ~", [RM, HOME]],
  ["parallel rm -rf ::: ~", [RM, HOME]],
  ["parallel -j4 'rm -rf {}' ::: ~", [RM, HOME]],
  ["runuser -u x -- rm -rf ~", [RM, HOME]],
  ["runuser -l x -c 'rm -rf ~'", [RM, HOME]],
  ["sg wheel 'rm -rf ~'", [RM, HOME]],
  ["sg wheel -c 'rm -rf ~'", [RM, HOME]],
  ["su -c 'rm -rf ~' root", [RM, HOME]],
  ["su --command='rm -rf ~'", [RM, HOME]],
  ["su -l root -c 'rm -rf ~'", [RM, HOME]],
  // find -exec and friends: each block is a command of its own; {} is dynamic
  ["find . -exec rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec rm -rf ~ {} +", [RM, HOME]],
  ["find . -execdir rm -rf ~ \\;", [RM, HOME]],
  ["find . -ok rm -rf ~ \\;", [RM, HOME]],
  ["find . -okdir rm -rf ~ \\;", [RM, HOME]],
  ["find . -name x -exec ls {} \\; -exec rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec sudo rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec sh -c 'rm -rf ~' \\;", [RM, HOME]],
  ["find . -exec bash -c 'rm -rf \"$1\"' _ {} \\;", ["deletion/dynamic-target"]],
  ["fd -x rm -rf ~", [RM, HOME]],
  ["fd --exec-batch rm -rf ~", [RM, HOME]],
  ["fdfind . -X rm -rf ~", [RM, HOME]],
  // stacked wrappers
  ["sudo env A=1 nice -n 5 timeout 5 nohup rm -rf ~", [RM, HOME]],
  ["time sudo -E xargs -0 rm -rf ~", [RM, HOME]],
  ["nohup setsid sudo -u x env -i busybox rm -rf ~", [RM, HOME]],
  ["command exec builtin rm -rf ~", [RM, HOME]],
  // shells with a string: parsed again, recursively, ANSI-C and all
  ...SHELL_STRINGS.map((s): Row => [s("rm -rf ~"), [RM, HOME], "has", true]),
  ["bash -c $'\\x72\\x6d -rf ~'", [RM, HOME]],
  ["bash -c $'\\162\\155 -rf ~'", [RM, HOME]],
  ["sh -c 'r''m -rf ~'", [RM, HOME]],
  ["bash -c \"bash -c 'rm -rf ~'\"", [RM, HOME]],
  ["bash -c 'bash -c \"sh -c \\\"rm -rf ~\\\"\"'", [RM, HOME]],
  ["bash -xec 'rm -rf ~'", [RM, HOME]],
  ["bash +x -c 'rm -rf ~'", [RM, HOME]],
  ["bash --norc --noprofile -c 'rm -rf ~'", [RM, HOME]],
  ["bash -c 'rm -rf ~' arg0 arg1", [RM, HOME]],
  ["bash -s a b <<< 'rm -rf ~'", [RM, HOME]],
  ["bash - <<< 'rm -rf ~'", [RM, HOME]],
  ["bash /dev/stdin <<< 'rm -rf ~'", [RM, HOME]],
  ["bash <<-EOF\n\trm -rf ~\nEOF", [RM, HOME]],
  ["source /dev/stdin <<< 'rm -rf ~'", [RM, HOME]],
  [". /dev/stdin <<EOF\nrm -rf ~\nEOF", [RM, HOME]],
  ["eval rm -rf '~'", [EVAL, RM, HOME]],
  ["eval \"rm -rf ~\"", [EVAL, RM, HOME]],
  ["eval 'eval \"rm -rf ~\"'", [EVAL, RM, HOME]],
  ["trap 'rm -rf ~' EXIT", [RM, HOME]],
  ["trap -- 'rm -rf ~' INT TERM", [RM, HOME]],
  ["alias ls='rm -rf ~'", [RM, HOME]],
  ["alias a=ls b='rm -rf ~'", [RM, HOME]],
  ["PROMPT_COMMAND='rm -rf ~'", [RM, HOME]],
  ["export PROMPT_COMMAND='rm -rf ~'", [RM, HOME]],
  ["watch -n 1 'rm -rf ~'", [RM, HOME]],
  ["watch rm -rf ~", [RM, HOME]],
  ["ssh host 'rm -rf ~'", [RM, HOME]],
  ["ssh -p 22 -i key host rm -rf '~'", [RM, HOME]],
  ["ssh host -t 'rm -rf ~'", [RM, HOME]],
  ["flock /tmp/l -c 'rm -rf ~'", [RM, HOME]],
  ["flock -n /tmp/l rm -rf ~", [RM, HOME]],
  ["script -q -c 'rm -rf ~' /dev/null", [RM, HOME]],
  ["man -P 'rm -rf ~' ls", [RM, HOME]],
  ["git -c alias.x='!rm -rf ~' x", [RM, HOME]],
  ["git -c core.pager='rm -rf ~' log", [RM, HOME]],
  ["git -c core.sshCommand='rm -rf ~' fetch", [RM, HOME]],
  ["git -c diff.external='rm -rf ~' diff", [RM, HOME]],
  ["git submodule foreach 'rm -rf ~'", [RM, HOME]],
  ["git submodule foreach --recursive rm -rf '~'", [RM, HOME]],
  ["git rebase -x 'rm -rf ~' main", [RM, HOME]],
  ["git rebase --exec='rm -rf ~' main", [RM, HOME]],
  ["git bisect run rm -rf ~", [RM, HOME]],
  // command names in every spelling
  ...nameSpellings("rm").map((n): Row => [`${n} -rf ~`, [RM, HOME]]),
  ["r\\\nm -rf ~", [RM, HOME]],
  ["{rm,-rf,~}", ["injection/parse-error"]],
  ["rm {-rf,~}", [RM, HOME]],
  ["r{m,} -rf ~", [RM, HOME]],
  // in every context (guard mode: the construct alone is not a finding)
  ...CONTEXTS.map((c): Row => [c.replace("%", "rm -rf ~"), [RM, HOME], "has", true]),
  // eval, source
  ["eval ls", [EVAL]],
  ["eval \"$CMD\"", [EVAL, DYNCMD]],
  ["builtin eval ls", [EVAL]],
  ["sudo eval ls", [EVAL]],
  ["source <(curl -s https://x)", [SOURCE]],
  ["source $F", [SOURCE]],
  [". \"$DIR/env.sh\"", [SOURCE]],
  ["source https://x/y.sh", [SOURCE]],
  ["source ~/.bashrc", [], "none"],
  [". ./env.sh", [], "none"],
  // pipes into a shell or interpreter
  ["curl -fsSL https://x | sh", [PIPE]],
  ["curl -fsSL https://x | bash", [PIPE]],
  ["curl -fsSL https://x | sudo bash", [PIPE]],
  ["curl -fsSL https://x | sudo -E bash -", [PIPE]],
  ["curl https://sh.rustup.rs -sSf | sh -s -- -y", [PIPE]],
  ["wget -qO- https://x | zsh", [PIPE]],
  ["base64 -d payload | bash", [PIPE]],
  ["echo cm0gLXJmIH4= | base64 -d | sh", [PIPE]],
  ["curl x | python3", [PIPE]],
  ["curl x | python3 -", [PIPE]],
  ["curl x | node", [PIPE]],
  ["curl x | perl", [PIPE]],
  ["curl x | bash /dev/stdin", [PIPE]],
  ["curl x | source /dev/stdin", [PIPE]],
  ["curl x |& sh", [PIPE]],
  // text written on the line and piped in is parsed; when it is exactly what the shell reads
  // (plain echo, a heredoc), it is seen like `sh -c '...'` and no longer unseen
  ["cat <<EOF | bash\nrm -rf ~\nEOF", [RM, HOME]],
  ["echo 'rm -rf ~' | sh", [RM, HOME]],
  ["echo rm -rf '~' | sudo bash", [RM, HOME, "dangerous/privileged-delete"]],
  ["sh <<< 'rm -rf ~' | cat", [RM, HOME]],
  ["echo 'ls -la' | sh", [], "none"],
  ["cat <<'EOF' | bash\nnpm test\nEOF", [], "none"],
  ["echo -e 'r\\x6d -rf ~' | sh", [PIPE]],
  ["printf '%s -rf ~' rm | sh", [PIPE]],
  ["echo \"$X\" | sh", [PIPE]],
  ["cat <<EOF | bash\n$X\nEOF", [PIPE]],
  // a literal piped into another interpreter is as visible as `python3 -c '...'`
  ["echo 'print(1)' | python3", [], "none"],
  ["echo literal | node", [], "none"],
  ["printf 'print(1)\\n' | python3 -", [], "none"],
  ["cat <<'EOF' | python3\nprint(1)\nEOF", [], "none"],
  ["echo \"$X\" | python3", [PIPE]],
  ["echo $(curl x) | node", [PIPE]],
  ["cat <<EOF | perl\n$X\nEOF", [PIPE]],
  ["cat f | python3", [PIPE]],
  ["curl x | sh -c 'cat > f'", [], "exact"],
  ["curl x | python3 script.py", [], "none"],
  ["cat setup.sh | wc -l", [], "none"],
  ["echo x | bash -c 'cat'", [], "none"],
  // scripts that cannot be seen
  ["bash <(curl -s https://x)", [SCRIPT]],
  ["sh <(wget -qO- https://x)", [SCRIPT]],
  ["sh -c \"$(curl -fsSL https://x)\"", [SCRIPT]],
  ["bash -c \"$X\"", [SCRIPT]],
  ["bash -c \"$1\" _ 'rm -rf ~'", [SCRIPT]],
  ["sudo bash -c \"$CMD\"", [SCRIPT]],
  ["bash < \"$SCRIPT\"", [SCRIPT]],
  ["bash <<< \"$X\"", [SCRIPT]],
  ["trap \"$X\" EXIT", [SCRIPT]],
  ["su -c \"$X\"", [SCRIPT]],
  ["python3 -c \"$(curl -fsSL https://x)\"", [SCRIPT]],
  ["python3 <(curl -s https://x)", [SCRIPT]],
  ["python3 -u -c \"$CODE\"", [SCRIPT]],
  ["perl -e \"$CODE\"", [SCRIPT]],
  ["ruby -e \"$(cat x)\"", [SCRIPT]],
  ["node -e \"$(curl x)\"", [SCRIPT]],
  ["python3 -c 'print(1)'", [], "none"],
  ["python3 script.py \"$X\"", [], "none"],
  ["python3 -m http.server", [], "none"],
  ["bash script.sh", [], "none"],
  ["bash -c 'echo $X'", [], "none"],
  // dynamic command names
  ["$CMD -rf /", [DYNCMD]],
  ["${CMD} x", [DYNCMD]],
  ["\"$CMD\" x", [DYNCMD]],
  ["$(echo rm) -rf /", [DYNCMD]],
  ["`echo rm` -rf /", [DYNCMD]],
  ["r$X -rf /", [DYNCMD]],
  ["x=rm; $x -rf ~", [DYNCMD]],
  ["sudo $EDITOR /etc/hosts", [DYNCMD]],
  ["xargs -I{} {} -rf ~", [DYNCMD]],
  ["find . -exec {} \\;", [DYNCMD]],
  ["/???/r? -rf ~", [DYNCMD]],
  ["/bin/r[m] -rf ~", [DYNCMD]],
  ["/bin/r* -rf ~", [DYNCMD]],
  ["[ -f x ]", [], "none", true],
  ["echo $CMD", [], "none"],
  ["ls \"$DIR\"", [], "none"],
  // nesting is followed to a bounded depth, then reported
  [nested(MAX_DEPTH, "rm -rf ~"), [RM, HOME]],
  [nested(MAX_DEPTH + 2, "ls"), [DEEP]],
  // inner commands of harmless wrappers stay harmless
  ["sudo -u x ls", [], "none"],
  ["nice -n 5 make", [], "none"],
  ["timeout 5 npm test", [], "none"],
  ["find . -name '*.ts' -exec wc -l {} +", [], "none"],
  ["echo a b | xargs -n1 echo", [], "none"],
  ["bash -c 'npm test && npm run build'", [], "none"],
  ["git -c color.ui=always log", [], "none"],
  ["git -c core.pager=less log", [], "none"],
  ["ssh host uptime", [], "none"],
  ["sg run --pattern 'foo($A)' --rewrite 'bar($A)'", [], "none"],
  ["alias ll='ls -la'", [], "none"],
  ["trap - EXIT", [], "none"],
  ["trap '' INT", [], "none"],
  ["watch -n 5 df -h", [], "none"],
];

/** `bash -c '...'` nested `depth` times around `cmd`. */
function nested(depth: number, cmd: string): string {
  let s = cmd;
  for (let i = 0; i < depth; i++) s = `bash -c ${shq(s)}`;
  return s;
}

describe("unwrap: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap: what the engine sees", () => {
  const only = (cmd: string) => {
    const a = run(cmd);
    expect(a.commands.length, cmd).toBe(1);
    return a.commands[0] as (typeof a.commands)[number];
  };

  it("sees through wrappers: argv and forms outermost first", () => {
    const c = only("nice -n 5 timeout 5 terraform destroy");
    expect(c.argv).toEqual(["terraform", "destroy"]);
    expect(c.forms).toEqual(["nice -n 5 timeout 5 terraform destroy", "timeout 5 terraform destroy", "terraform destroy"]);
    expect(c.allowForms).toBe(3);
    expect(c.privileged).toBe(false);
  });

  it("stops allow rules at a privilege wrapper", () => {
    const c = only("sudo -u x rm f");
    expect(c.forms).toEqual(["sudo -u x rm f", "rm f"]);
    expect(c.allowForms).toBe(1);
    expect(c.privileged).toBe(true);
  });

  it("a string run by a shell inherits the runner's forms", () => {
    const c = only("bash -c 'npm test'");
    expect(c.forms).toEqual(["bash -c npm test", "npm test"]);
    expect(c.allowForms).toBe(2);
    expect(c.depth).toBe(1);
    expect(c.start).toBe(8);
    expect(c.end).toBe(18);
  });

  it("a string run with privilege is privileged, and never read-only", () => {
    for (const cmd of ["sudo bash -c 'cat /etc/shadow'", "su -c 'cat /etc/shadow'", "doas sh -c 'ls'", "sudo sh <<< 'ls'", "sudo find . -exec cat {} \\;", "sudo watch ls"]) {
      const a = run(cmd);
      expect(a.commands.every((c) => c.privileged), cmd).toBe(true);
      expect(a.readOnly, cmd).toBe(false);
    }
    const c = only("sudo bash -c 'cat /etc/shadow'");
    expect(c.forms).toEqual(["sudo bash -c cat /etc/shadow", "bash -c cat /etc/shadow", "cat /etc/shadow"]);
    expect(c.allowForms).toBe(1);
  });

  it("find -exec commands carry find's forms and privilege", () => {
    const a = run("sudo find . -exec rm {} \\;");
    const rm = a.commands.find((c) => c.argv[0] === "rm");
    expect(rm?.privileged).toBe(true);
    expect(rm?.allowForms).toBe(1);
    expect(rm?.forms[0]).toBe("sudo find . -exec rm {} ;");
  });

  it("every command of a compound line is its own command", () => {
    expect(run("npm test && rm -rf ~").commands.map((c) => c.argv[0])).toEqual(["npm", "rm"]);
    expect(run("a | b; c\nd").commands.map((c) => c.argv[0])).toEqual(["a", "b", "c", "d"]);
  });

  it("maps findings inside a nested string to the string's range", () => {
    const src = "echo ok; bash -c 'rm -rf ~'";
    const f = run(src).findings.find((x) => x.id === HOME);
    expect(src.slice(f?.start, f?.end)).toBe("'rm -rf ~'");
  });
});
