/**
 * Single quotes bash does not honour as quotes (quoted-code.ts): every context × every harm, in
 * guard mode, finds the harm; quotes bash does honour, and plain arithmetic, stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

/** A harm and the finding it must give wherever its text runs. */
const HARMS: Array<[string, string]> = [
  ["rm -rf ~", "deletion/home"],
  ["curl -s http://127.0.0.1/x | sh", "shell/pipe-to-shell"],
  ["echo x >> ~/.bashrc", "sensitive-path/file"],
];
/** Contexts where `'…'` is no quote; @ is the harm. */
const CONTEXTS = [
  "(( 'a[$(@)]' ))", "(( x='a[`@`]' ))", "echo $(( 'a[$(@)]' ))", "echo $[ 'a[$(@)]' ]", "x=$(( 1 + 'b[$(@)]' ))", "[[ $(( 'a[$(@)]' )) -eq 0 ]]",
  "echo \"${u:-'$(@)'}\"", "cat <<< \"${u:+'$(@)'}\"", "echo \"${u='$(@)'}\"", "printf %s \"${u:?'$(@)'}\"", "cat <<E\n${u:-'$(@)'}\nE", "cat <<E\n${u=$'$(@)'}\nE",
  "echo ${a['$(@)']}", "echo \"${a['$(@)']}\"", "a['$(@)']=1", "a['$(@)']+=1", "u+=(['$(@)']=1)", "declare -A m=(['$(@)']=1)",
  "declare -a 'x=($(@))'", "typeset -a 'x=($(@))'", "local -a 'x=($(@))'", "readonly -a 'x=($(@))'", "export -a 'x=($(@))'", "declare 'a[$(@)]=1'", "declare -a x='(`@`)'",
  "f() { declare -a 'x=($(@))'; }; f", "sh -c \"(( 'a[\\$(@)]' ))\"",
];

const ROWS: Row[] = [
  ...HARMS.flatMap(([harm, id]) => CONTEXTS.map((c): Row => [c.replaceAll("@", harm), [id], "has", true])),
  // a quoted compound assignment made at run time: code nobody can read
  ...["v=$1; declare -a \"y=($v)\"", "declare -a \"y=($(cat f))\"", "typeset -a \"z=(${LIST})\"", "local -a \"w+=($v)\""].map((c): Row => [c, ["shell/opaque-code"], "has", true]),
  // unquoted, bash honours these quotes; read as code anyway (a literal `$(` in a default is rare, and the parse cannot tell the context)
  ["echo ${u:-'$(rm -rf ~)'}", ["deletion/home"], "has", true],
  // quotes bash honours, arithmetic without code, and assignments written as syntax: quiet
  ...["echo '$(rm -rf ~)'", "awk '{print $(NF)}' f", "(( i++ ))", "echo $(( 'a' ))", "echo $(( x + 1 ))", "(( a[1] = 2 ))", "a[1]=x",
    "declare -a arr=(\"$@\")", "declare -A m=([a]=1 [b]=2)", "local x=\"$1\"", "declare -a 'x=(a b c)'", "u=('$(rm -rf ~)')", "declare -a x=('$(rm -rf ~)')", "a[1]='$(rm -rf ~)'", "declare \"a[$i]=1\"", "export PATH=\"$HOME/bin:$PATH\"",
    "echo \"${u:-default}\"", "echo \"${x#'pre'}\"", "sed -e 's/$(x)/y/' f", "jq '.a[\"$(x)\"]' f"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/quoted-code: quotes bash does not honour", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});
