/**
 * The git pack of dangerous patterns, ESLint-style: `input → finding ids`, positives and negatives
 * side by side, through the real analyze() on real parses (split from dangerous.test.ts).
 */

import { describe, it } from "vitest";
import { cases, verify, type Row } from "../test-helpers.js";

const RESET = "dangerous/git-reset-hard";
const CLEAN = "dangerous/git-clean-force";
const PUSH = "dangerous/git-push-force";
const BRANCH = "dangerous/git-branch-force-delete";
const CHECKOUT = "dangerous/git-checkout-discard";
const RESTORE = "dangerous/git-restore-discard";
const STASH = "dangerous/git-stash-drop";

const TABLE: Row[] = [
  // the git pack
  ["git reset --hard", [RESET]],
  ["git reset --hard HEAD~1", [RESET]],
  ["git reset --quiet --hard", [RESET]],
  ["git reset origin/main --hard", [RESET]],
  ["git reset --ha", [RESET]],
  ["git -C ../other reset --hard", [RESET]],
  ["git --git-dir=.git --work-tree=. reset --hard", [RESET]],
  ["git -c core.quotepath=off reset --hard", [RESET]],
  ["git --no-pager reset --hard", [RESET]],
  ["git reset", []],
  ["git reset HEAD~", []],
  ["git reset --soft HEAD~2", []],
  ["git reset --mixed", []],
  ["git reset file.txt", []],
  ["git clean -f", [CLEAN]],
  ["git clean -fd", [CLEAN]],
  ["git clean -xdf", [CLEAN]],
  ["git clean -d -f -x", [CLEAN]],
  ["git clean --force", [CLEAN]],
  ["git clean -f -e '*.env'", [CLEAN]],
  ["git clean -n", []],
  ["git clean -fn", []],
  ["git clean -f --dry-run", []],
  ["git clean -i", []],
  ["git push --force", [PUSH]],
  ["git push -f", [PUSH]],
  ["git push -fu origin main", [PUSH]],
  ["git push origin main --force", [PUSH]],
  // --force-with-lease refuses to overwrite commits it has not seen: not a blind force push
  ["git push --force-with-lease", []],
  ["git push --force-with-lease=main:abc123 origin main", []],
  ["git push --force-if-includes --force-with-lease", []],
  ["git push --force-if-includes", []],
  ["git push --force-with-lease --force", [PUSH]],
  ["git push --force-with-lease origin +main", [PUSH]],
  ["git push origin +main", [PUSH]],
  ["git push origin +HEAD:main", [PUSH]],
  ["git push --mirror backup", [PUSH]],
  ["git -C repo push -f", [PUSH]],
  ["git push", []],
  ["git push origin main", []],
  ["git push -u origin feature", []],
  ["git push --tags", []],
  ["git push origin main:main", []],
  ["git push --forc", []],
  ["git branch -D topic", [BRANCH]],
  ["git branch --delete --force topic", [BRANCH]],
  ["git branch -d -f topic", [BRANCH]],
  ["git branch -df topic", [BRANCH]],
  ["git branch -d topic", []],
  ["git branch --delete topic", []],
  ["git branch -a", []],
  ["git branch new-topic", []],
  ["git branch -m old new", []],
  ["git checkout .", [CHECKOUT]],
  ["git checkout -- .", [CHECKOUT]],
  ["git checkout HEAD -- .", [CHECKOUT]],
  ["git checkout -- ./", [CHECKOUT]],
  ["git checkout -- :/", [CHECKOUT]],
  ["git checkout -f", [CHECKOUT]],
  ["git checkout --force main", [CHECKOUT]],
  ["git switch -f main", [CHECKOUT]],
  ["git switch --discard-changes main", [CHECKOUT]],
  ["git checkout main", []],
  ["git checkout -b feature", []],
  ["git checkout -- src/app.ts", []],
  ["git checkout -", []],
  ["git switch main", []],
  ["git switch -c feature", []],
  ["git restore .", [RESTORE]],
  ["git restore -- .", [RESTORE]],
  ["git restore :/", [RESTORE]],
  ["git restore --worktree .", [RESTORE]],
  ["git restore -W .", [RESTORE]],
  ["git restore -SW .", [RESTORE]],
  ["git restore --staged --worktree .", [RESTORE]],
  ["git restore -s HEAD~1 .", [RESTORE]],
  ["git restore --staged .", []],
  ["git restore -S .", []],
  ["git restore -S :/", []],
  ["git restore src/app.ts", []],
  ["git restore -p", []],
  ["git stash drop", [STASH]],
  ["git stash drop stash@{1}", [STASH]],
  ["git stash clear", [STASH]],
  ["git -C repo stash clear", [STASH]],
  ["git stash", []],
  ["git stash list", []],
  ["git stash pop", []],
  ["git stash show -p", []],
  // git aliases and -c commands are seen through
  ["git -c alias.wipe='reset --hard' wipe", [RESET]],
  ["git -c alias.up='push --force' up", [PUSH]],
  ["git -c alias.x='!git clean -fdx' x", [CLEAN]],
];

describe("dangerous: git pack table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "dangerous/"));
});
