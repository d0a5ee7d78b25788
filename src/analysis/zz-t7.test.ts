import { it } from "vitest";
import { run } from "./test-helpers.js";
it("x", () => {
  for (const c of [
 "(( a[$(touch c1)] ))",
 "let 'a[$(touch c2)]'",
 "let \"a[\\$(touch c2)]\"",
 "declare -i x; x='a[$(touch c3)]'",
 "v='a[$(touch c4)]'; echo $(( v ))",
 "v='a[$(touch c4)]'; echo $(( $v ))",
 "x='a[$(touch c5)]'; [[ $x -eq 1 ]]",
 "[[ $x -eq 1 ]]",
 "(( x ))",
 "echo $(( x + 1 ))",
 "test -v 'a[$(touch c6)]'",
 "[ -v 'a[$(touch c7)]' ]",
 "printf -v 'a[$(touch c8)]' x",
 "read 'a[$(touch c9)]' <<< x",
 "x='a[$(touch c11)]'; echo ${arr[x]}",
 "declare -a 'a[$(touch c15)]=1'",
 "[[ -v a[$(touch c17)] ]]",
 "[[ -v 'a[$(touch c17)]' ]]",
 "let x=1",
 "let 'x = y + 1'",
 "(( i++ ))",
 "x='a[`touch c`]'; (( x ))",
 "export X='a[$(touch c)]'",
 "X='a[$(id)]' bash -c '(( X ))'",
 ]) {
    const a = run(c);
    const g = run(c, true);
    console.log(JSON.stringify(c), "ro=" + a.readOnly, "default:" + a.findings.map((f) => f.id).join(","), "guard:" + g.findings.map((f) => f.id).join(","));
  }
});
