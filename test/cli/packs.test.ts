/** The packs through the real CLI: guard mode asks for each issue-17 example, explain names the pack and entry, a user config switches a pack off. */

import { describe, expect, it } from "vitest";
import { run, sandbox } from "./helpers.js";

describe("dangerous packs through the CLI", () => {
  it("explain shows the pack and entry behind each finding", async () => {
    const sb = sandbox();
    const r = await run(sb, ["explain", "--mode", "guard", "kubectl delete ns prod && psql -c 'DROP DATABASE prod'"]);
    expect(r.stdout).toContain("dangerous/kube-delete: pack kubernetes, entry kubectl delete");
    expect(r.stdout).toContain("dangerous/sql-destructive: pack databases, entry psql");
  });

  it("asks in guard mode, and a user config switching the pack off lets it through", async () => {
    const sb = sandbox();
    const asked = await run(sb, ["check", "--mode", "guard", "terraform destroy -auto-approve"]);
    expect(asked.stdout + asked.stderr).toMatch(/terraform-destroy/);
    sb.write(`${sb.xdg}/shellguard/config.json`, { dangerous: { packs: { cloud: false } } });
    const off = await run(sb, ["explain", "--mode", "guard", "terraform destroy -auto-approve"]);
    expect(off.stdout).not.toContain("terraform-destroy");
  });
});
