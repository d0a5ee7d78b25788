/**
 * Generated lines of every construct kind at a size n (nesting depth, or number of parts): the
 * members of the "large or deep line" class that the scaling, limits and hook tests share.
 * Every line is harmless to look at and is never run.
 */

const times = (n: number, f: (i: number) => string, sep: string): string => Array.from({ length: n }, (_, i) => f(i)).join(sep);

export const GENERATORS: Readonly<Record<string, (n: number) => string>> = {
  cmdsub: (n) => "echo " + "$(".repeat(n) + "ls" + ")".repeat(n),
  cmdsubCommand: (n) => "$(echo ".repeat(n) + "ls" + ")".repeat(n),
  procsub: (n) => "cat " + "<(cat ".repeat(n) + "f" + ")".repeat(n),
  subshell: (n) => "( ".repeat(n) + "ls" + " )".repeat(n),
  group: (n) => "{ ".repeat(n) + "ls; " + "}; ".repeat(n - 1) + "}",
  if: (n) => "if true; then ".repeat(n) + "ls; " + "fi; ".repeat(n - 1) + "fi",
  for: (n) => "for i in a; do ".repeat(n) + "ls; " + "done; ".repeat(n - 1) + "done",
  while: (n) => "while true; do ".repeat(n) + "ls; " + "done; ".repeat(n - 1) + "done",
  cFor: (n) => "for ((i=0;i<1;i++)); do ".repeat(n) + "ls; " + "done; ".repeat(n - 1) + "done",
  case: (n) => "case x in x) ".repeat(n) + "ls" + " ;; esac".repeat(n),
  function: (n) => "f() { ".repeat(n) + "ls; " + "}; ".repeat(n - 1) + "}",
  expansion: (n) => "echo " + "${x:-".repeat(n) + "y" + "}".repeat(n),
  test: (n) => "[[ " + times(n, () => "-n x", " && ") + " ]]",
  mixed: (n) => {
    const open = ["$(", "( ", "if true; then ", "{ "];
    const close = [")", " )", "; fi", "; }"];
    let s = "ls";
    for (let i = 0; i < n; i++) s = (open[i % 4] as string) + s + (close[i % 4] as string);
    return "echo " + s;
  },
  pipeline: (n) => times(n, (i) => `cat f${i}`, " | "),
  semicolons: (n) => times(n, (i) => `rm f${i}`, "; "),
  and: (n) => times(n, (i) => `ls f${i}`, " && "),
  words: (n) => "rm " + times(n, (i) => `w${i}`, " "),
  heredocs: (n) => times(n, (i) => `cat <<E${i}`, "; ") + "\n" + times(n, (i) => `$(date)\nE${i}`, "\n"),
  bashC: (n) => times(n, (i) => `bash -c 'rm f${i}'`, "; "),
  substitutions: (n) => times(n, (i) => `echo $(ls f${i})`, "; "),
  cdInSubshells: (n) => times(n, (i) => `(cd d${i} && rm x)`, "; "),
  cdChain: (n) => times(n, (i) => `cd d${i} && rm x`, "; "),
  wrappers: (n) => times(n, () => "timeout 5 nice sudo env A=1 rm x", "; "),
  findExec: (n) => "find . " + times(n, () => "-exec rm {} \\;", " "),
  xargs: (n) => times(n, () => "find . | xargs rm", "; "),
  redirects: (n) => "echo x" + times(n, (i) => ` >f${i}`, ""),
  parseErrors: (n) => times(n, () => "ls )", "; "),
  // Parses again with guessed values (xargs input, find's paths, known values, loop lists) nested
  // in one another: each guess must not parse the levels below it again.
  nestedXargs: (n) => "echo a | xargs $(".repeat(n) + "ls" + ")".repeat(n),
  nestedXargsArgs: (n) => "echo a | xargs grep $(".repeat(n) + "ls" + ")".repeat(n),
  nestedXargsReplace: (n) => "echo a | xargs -I{} echo {} $(".repeat(n) + "ls" + ")".repeat(n),
  nestedFindExec: (n) => "find . -exec echo {} $(".repeat(n) + "ls" + ") \\;".repeat(n),
  nestedValueUses: (n) => "k=~/x; " + "echo $k $(".repeat(n) + "ls" + ")".repeat(n),
  nestedLoopLists: (n) => "for i in $(".repeat(n) + "ls" + "); do :; done".repeat(n),
  nestedLoopValues: (n) => "for i in a b; do echo $i $(".repeat(n) + "ls" + "); done".repeat(n),
  nestedFindRoots: (n) => "find $(".repeat(n) + "ls" + ") -exec cat {} \\;".repeat(n),
  nestedXargsInput: (n) => "echo ~/$(".repeat(n) + "ls" + ") | xargs cat".repeat(n),
  valueUses: (n) => "k=~/x; " + times(n, (i) => `echo $k f${i}`, "; "),
  // Redirect-only substitutions, each parsed again on its own (redirect-substitutions.ts).
  nestedRedirectSubstitutions: (n) => "echo " + "$(< ".repeat(n) + "f" + ")".repeat(n),
  redirectSubstitutions: (n) => "echo" + times(n, (i) => ` "$(< f${i})"`, ""),
};
