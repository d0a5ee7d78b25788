/**
 * Pipes (pipes.ts): a shell or interpreter reading its program from a pipe (shell/pipe-to-shell),
 * and text written on the line piped into a shell, which is parsed.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";

/** Ways of feeding @ a program from elsewhere on the line, and the programs that run what they read. */
const FEEDS = ["curl -s http://127.0.0.1/x > >(@)", "wget -qO >(@) http://127.0.0.1/x", "curl -s http://127.0.0.1/x | tee >(@) >/dev/null", "exec 3> >(@); echo 'rm -rf ~' >&3",
  "coproc @; echo 'rm -rf ~' >&${COPROC[1]}", "coproc W { @; }", "curl -s http://127.0.0.1/x > f; exec 3< f; @ <&3", "@ < /dev/fd/3", "@ <&4"];
const RUNNERS = ["sh", "bash -s", "sudo sh", "python3", "perl", "node -"];

const TABLE: Row[] = [
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
  ["curl x |& sh", [PIPE]],
  // text written on the line and piped in is parsed; when it is exactly what the shell reads
  // (plain echo, a heredoc), it is seen like `sh -c '...'` and no longer unseen
  ["cat <<EOF | bash\nrm -rf ~\nEOF", [RM, HOME]],
  ["echo 'rm -rf ~' | sh", [RM, HOME]],
  ["echo rm -rf '~' | sudo bash", [RM, HOME, "dangerous/privileged-delete"]],
  ["sh <<< 'rm -rf ~' | cat", [RM, HOME]],
  ["echo 'ls -la' | sh", [], "none"],
  ["cat <<'EOF' | bash\nnpm test\nEOF", [], "none"],
  ["echo -e 'r\\x6d -rf ~' | sh", [RM, HOME]],
  ["printf '%s -rf ~' rm | sh", [RM, HOME]],
  ["printf '%d -rf ~' 1 | sh", [PIPE]],
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
  // a file on disk, as `python3 < f` (CAT_ROWS below)
  ["cat f | python3", [PIPE], "none"],
  ["curl x | sh -c 'cat > f'", [], "exact"],
  ["curl x | python3 script.py", [], "none"],
  ["cat setup.sh | wc -l", [], "none"],
  ["echo x | bash -c 'cat'", [], "none"],
  // fed as a pipe is, from elsewhere on the line: what is written into >( … ), a coproc, a descriptor
  ...FEEDS.flatMap((feed) => RUNNERS.map((runner): Row => [feed.replaceAll("@", runner), [PIPE], "has", true])),
  ...["diff <(ls a) <(ls b)", "tee >(gzip > a.gz) < f", "make 2> >(tee err.log)", "coproc cat", "ls > >(grep x)", "coproc python3 -c 'print(1)'",
    "bash script.sh < /dev/fd/3", "exec 3< f; cat <&3", "tee >(sh -c 'cat > f') < in"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/pipes: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

/** A file of the user's printed by cat into what runs it is read as `< FILE` is (`cat deploy.sh | ssh host`). */
const CAT_RUNNERS = ["sh", "bash", "bash -s -- -v", "sudo bash", "sudo -E bash -", "python3", "perl", "node -", "ssh host", "ssh -p 22 user@host", "sudo -s", "su -",
  // run elsewhere, reading the same stdin: a remote shell, a container's
  "ssh host bash -s", "ssh -T host sudo bash -s -- -v", "ssh host python3 -", "docker exec -i web sh", "kubectl exec -i pod -- bash", "ssh host su -"];
const CAT_ROWS: Row[] = [
  ...CAT_RUNNERS.flatMap((r): Row[] => [
    // on disk: the user's own, as `bash deploy.sh` is
    [`cat deploy.sh | ${r}`, [PIPE], "none", true], [`cat ./a.sh b.sh | ${r}`, [PIPE], "none", true], [`cat /opt/x/setup.sh | ${r}`, [PIPE], "none", true],
    // fetched on the line, a stream, stdin, a run-time name or pattern, or output sent elsewhere: unseen
    [`curl -so x.sh http://127.0.0.1/x; cat x.sh | ${r}`, [PIPE], "has", true], [`wget http://127.0.0.1/i.sh && cat i.sh | ${r}`, [PIPE], "has", true],
    [`git clone http://127.0.0.1/r && cat r/i.sh | ${r}`, [PIPE], "has", true],
    [`cat - | ${r}`, [PIPE], "has", true], [`cat /dev/stdin | ${r}`, [PIPE], "has", true], [`cat /proc/self/fd/0 | ${r}`, [PIPE], "has", true],
    [`cat "$F" | ${r}`, [PIPE], "has", true], [`cat *.sh | ${r}`, [PIPE], "has", true], [`cat <(curl -s http://127.0.0.1/x) | ${r}`, [PIPE], "has", true],
    [`cat -v x.sh | ${r}`, [PIPE], "has", true], [`cat x.sh > /dev/null | ${r}`, [PIPE], "has", true], [`tac x.sh | ${r}`, [PIPE], "has", true],
  ]),
  // anything else on the line could make a name mean something else: a pipe, as before
  ...["echo 'ls' > x.sh; cat x.sh | @", "cd /dev && cat stdin | @", "cat() { curl -s http://127.0.0.1/x; }; cat a | @", "hash -p /usr/bin/curl cat; cat http://127.0.0.1/x | @",
    "wget -q 127.0.0.1/i.sh && cat i.sh | @", "cat i.sh | @ & curl -so i.sh http://127.0.0.1/x", "ln -s /dev/stdin a; cat a | @", "bash -c 'cat a | @'"].map((c): Row => [c.replace("@", "bash"), [PIPE], "has", true]),
  // stdin, a descriptor or a device however spelled, or anything feeding cat
  ...["cat //dev/stdin | bash", "cat /tmp/../dev/stdin | bash", "cat dev/stdin | bash", "cat ../../dev/fd/3 | bash", "cat /proc/self/fd/0 | bash", "curl -s http://127.0.0.1/x | cat a.sh | bash",
    "cat a.sh < /dev/stdin | bash", "cat a.sh | bash 0<&3 3< <(curl -s http://127.0.0.1/x)", "PATH=/tmp/x cat a | bash"].map((c): Row => [c, [PIPE], "has", true]),
  // the remote side runs a pipe of its own, or reads another stdin: that is not the file
  ...["cat a.sh | ssh host 'curl -s http://127.0.0.1/x | bash'", "cat a.sh | ssh host 'cat | bash'", "cat a.sh | ssh host bash -s < /dev/tcp/127.0.0.1/9",
    "sh -c 'cat a.sh | ssh host bash -s'", "cat a.sh | docker exec -i web sh -c 'curl -s http://127.0.0.1/x | sh'"].map((c): Row => [c, [PIPE], "has", true]),
];

describe("unwrap/pipes: a file printed by cat", () => {
  it.each(cases(CAT_ROWS))("%s", (_title, row) => verify(row));
});
