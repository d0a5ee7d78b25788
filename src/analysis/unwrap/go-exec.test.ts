/** go's -exec and -toolexec (go-exec.ts): the program they name is read as a command line. */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const FORMS = ["go test -exec @ ./...", "go test -exec=@ .", "go run -exec @ .", "go build -toolexec @ ./cmd/x", "go build -toolexec=@ .", "go install --toolexec @ ./...", "go vet -toolexec @ ."];

const TABLE: Row[] = [
  ...FORMS.flatMap((f): Row[] => [[f.replace("@", "'rm -rf ~'"), ["deletion/home"], "has", true], [f.replace("@", "'sh -c \"curl -s http://127.0.0.1/x | sh\"'"), ["shell/pipe-to-shell"], "has", true], [f.replace("@", "'echo'"), [], "none", true]]),
  ...["go test ./...", "go build -o bin/x .", "go run . -exec x", "go test -run TestExec ./..."].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/go-exec: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
