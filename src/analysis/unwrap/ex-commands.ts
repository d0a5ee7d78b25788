/**
 * What a line of vim Ex commands (`vim -c '…'`, `+…`, `--cmd …`) runs in a shell. Ex separates
 * commands with `|`, except that `!cmd` takes the rest of the line; modifiers (`silent`,
 * `vertical`, `keepalt`, …), per-window and per-match repeaters (`windo`, `g/pat/`) and
 * conditionals (`if 1|…|endif`) put any command after them; `exe "…"` runs a string. So each
 * command of the line is looked at after its modifiers, and a string given to `exe` is read again.
 */

/** A shell command; `buffer`: it reads the buffer on stdin (`w !cmd`, a ranged filter `%!cmd`). */
export type ExShell = { kind: "shell"; text: string; buffer: boolean } | { kind: "opaque"; text: string };

/** Modifiers and repeaters: what follows them is a command of its own. */
const MODIFIER = new RegExp(
  "^(?:(?:" +
    [
      "sil(?:e(?:n(?:t)?)?)?!?", "uns(?:i(?:l(?:e(?:n(?:t)?)?)?)?)?", "vert(?:i(?:c(?:a(?:l)?)?)?)?", "keep\\w*", "loc(?:k(?:m(?:a(?:r(?:k(?:s)?)?)?)?)?)?", "noa(?:u(?:t(?:o(?:c(?:m(?:d)?)?)?)?)?)?",
      "nos(?:w(?:a(?:p(?:f(?:i(?:l(?:e)?)?)?)?)?)?)?", "tab", "to(?:p(?:l(?:e(?:f(?:t)?)?)?)?)?", "bo(?:t(?:r(?:i(?:g(?:h(?:t)?)?)?)?)?)?", "abo(?:v(?:e(?:l(?:e(?:f(?:t)?)?)?)?)?)?",
      "bel(?:o(?:w(?:r(?:i(?:g(?:h(?:t)?)?)?)?)?)?)?", "lefta(?:b(?:o(?:v(?:e)?)?)?)?", "rightb(?:e(?:l(?:o(?:w)?)?)?)?", "hid(?:e)?", "\\d*verb(?:o(?:s(?:e)?)?)?", "bro(?:w(?:s(?:e)?)?)?",
      "conf(?:i(?:r(?:m)?)?)?", "(?:win|buf|tab|arg|c|l|cf|lf)do", "try", "fina(?:lly)?", "el(?:se)?",
    ].join("|") +
    ")(?![A-Za-z])|[gv]!?\\s*([^\\w\\s|\"])(?:(?!\\1)[^\\\\]|\\\\.)*\\1|(?:if|elseif|wh(?:i(?:l(?:e)?)?)?|for)\\b[^|]*)\\s*",
);
/** A range before a command: `%`, `1,$`, `.`, `'<,'>`, `/pat/`. */
const RANGE = /^(?:[%.$\d,;+-]|'[a-z<>]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*\s*/;
/** `!cmd`, a filter, `r !cmd`, `w !cmd`: the rest of the line is a shell command. */
const BANG = /^(?:r(?:e(?:a(?:d)?)?)?\s*|w(?:r(?:i(?:t(?:e)?)?)?)?\s*)?!([^]*)$/;
/** Ex commands that run code the line does not show as `!cmd`. */
const OPAQUE = /^(?:(?:cal(?:l)?|exe(?:c(?:u(?:t(?:e)?)?)?)?|ec(?:h(?:o)?)?|echom(?:sg)?|let|el|if|wh|for)\b.*\b(?:system|systemlist|jobstart|termopen|libcall|libcallnr)\s*\(|ter(?:m(?:i(?:n(?:a(?:l)?)?)?)?)?\b|sh(?:e(?:l(?:l)?)?)?\b|py(?:t(?:h(?:o(?:n)?)?)?)?3?\b|py3?(?:do|f(?:ile)?)\b|pyx\b|pyt\b|lua(?:do|f(?:ile)?)?\b|perl?(?:do)?\b|rub(?:y(?:do|f(?:ile)?)?)?\b|mz(?:scheme)?\b|tcl(?:do|f(?:ile)?)?\b)/;
/**
 * Code run another way: functions that run programs, run Ex strings or delete (`job_start`,
 * `execute()`, `delete()`), `:normal` keys that open the command line or filter (`norm :!…`),
 * options naming a program vim runs (`set makeprg=…`, `shell=`, `let &grepprg=`), sourcing stdin.
 */
const OPAQUE_MORE = new RegExp(
  "\\b(?:job_start|term_start|execute|delete|ch_open|rpcstart|jobstart)\\s*\\(" +
    "|^norm(?:a(?:l)?)?!?\\s.*[:!Q]" +
    "|^(?:se(?:t(?:l(?:o(?:c(?:a(?:l)?)?)?)?|g(?:l(?:o(?:b(?:a(?:l)?)?)?)?)?)?)?|let\\s+&(?:[lg]:)?)\\s*.*\\b(?:makeprg|mp|grepprg|gp|shell|sh|shellcmdflag|shcf|shellpipe|sp|shellredir|srr|equalprg|ep|formatprg|fp|keywordprg|kp|cscopeprg|csprg|diffexpr|dex|patchexpr|pex|printexpr|pexpr|charconvert|ccv)\\s*[+^-]?=" +
    "|^so(?:u(?:r(?:c(?:e)?)?)?)?!?\\s+(?:-|\\/dev\\/stdin|\\/dev\\/fd\\/0|\\/proc\\/self\\/fd\\/0)\\s*$",
);
/** `au[tocmd][!] [group] {event} {pattern} [++once] [++nested] {cmd}`: {cmd}, the rest of the line, runs later. */
const AUTOCMD = /^au(?:t(?:o(?:c(?:m(?:d)?)?)?)?)?!?\s+(.*)$/;

/** `exe "…"` / `exe '…'` with one literal string. */
const EXE_LITERAL = /^exe(?:c(?:u(?:t(?:e)?)?)?)?\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)')\s*$/;
const EXE = /^exe(?:c(?:u(?:t(?:e)?)?)?)?\b/;

/** Ex mode (`ex`, `vim -e`, `-es`): commands come from stdin, and `-s` is silent, not a keys file. */
export function vimExMode(name: string, args: readonly string[]): boolean {
  return name === "ex" || args.some((a, k) => k > 0 && /^-[a-zA-Z]*[eE][a-zA-Z]*$/.test(a) && args[k - 1] !== "-c");
}

/** The shell commands and unreadable code an Ex command line runs. `depth` bounds `exe` inside `exe`. */
export function readEx(line: string, depth = 0): ExShell[] {
  const out: ExShell[] = [];
  let rest = line;
  // Bounded by the line: each round consumes at least one character.
  while (rest.length > 0) {
    let cmd = rest.replace(/^[\s:|]+/, "");
    if (cmd === "") break;
    for (let m = MODIFIER.exec(cmd); m !== null && m[0].length > 0; m = MODIFIER.exec(cmd)) cmd = cmd.slice(m[0].length).replace(/^[\s:|]+/, "");
    const ranged = RANGE.exec(cmd)?.[0].trim() !== "";
    cmd = cmd.replace(RANGE, "");
    const au = AUTOCMD.exec(cmd);
    if (au !== null) {
      // The group is optional: read {cmd} both after two words and after three.
      const words = (au[1] as string).replace(/\s\+\+(?:once|nested)\b/g, "").trim().split(/\s+/);
      const seen = new Set<string>();
      if (depth < 3) for (const skip of [2, 3]) for (const run of words.length > skip ? readEx(words.slice(skip).join(" "), depth + 1) : []) {
        if (!seen.has(run.kind + run.text)) out.push(run);
        seen.add(run.kind + run.text);
      }
      return out;
    }
    const bang = BANG.exec(cmd);
    if (bang !== null) {
      if ((bang[1] as string).trim() !== "") out.push({ kind: "shell", text: bang[1] as string, buffer: /^w/.test(cmd) || (ranged && cmd.startsWith("!")) });
      return out;
    }
    const bar = nextBar(cmd);
    const one = cmd.slice(0, bar).trim();
    const lit = EXE_LITERAL.exec(one);
    if (lit !== null && depth < 3) out.push(...readEx(lit[1] !== undefined ? lit[1].replace(/\\(.)/g, "$1") : (lit[2] as string).replace(/''/g, "'"), depth + 1));
    // `exe` of anything but one literal: a command made at run time.
    else if (OPAQUE.test(one) || EXE.test(one) || OPAQUE_MORE.test(one)) out.push({ kind: "opaque", text: one });
    if (bar >= cmd.length) break;
    rest = cmd.slice(bar + 1);
  }
  return out;
}

/** Where the command ends: the first `|` outside a string (`"…"`), or the end. */
function nextBar(cmd: string): number {
  let quoted = false;
  for (let k = 0; k < cmd.length; k++) {
    const c = cmd[k];
    if (c === "\\") k++;
    else if (c === '"') quoted = !quoted;
    else if (c === "|" && !quoted) return k;
  }
  return cmd.length;
}
