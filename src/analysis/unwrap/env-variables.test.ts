/**
 * Environment variables a program reads as code (env-variables.ts): each kind, set each way
 * (`VAR=… cmd`, `env VAR=… cmd`, `export VAR=…`), carries its code to the checks in guard mode;
 * the same variables with plain values stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const CODE = "rm -rf ~";
const AT = /@@/g;

/** `@@` is the code: a variable whose value is a shell command, or a tool's options that run one. */
const CARRIERS = [
  ...["SUDO_EDITOR", "KUBE_EDITOR", "GH_PAGER", "GH_EDITOR", "SYSTEMD_EDITOR", "FCEDIT", "SVN_EDITOR", "LESSCLOSE", "GIT_SSH_COMMAND", "EDITOR", "PAGER",
    "PSQL_PAGER", "PSQL_EDITOR", "BAT_PAGER", "DELTA_PAGER", "AWS_PAGER", "KUBECTL_EXTERNAL_DIFF", "RUSTC_WRAPPER", "npm_config_script_shell", "NPM_CONFIG_EDITOR"]
    .flatMap((v) => [`${v}='@@' x`, `env ${v}='@@' x`, `export ${v}='@@'`]),
  "LESSOPEN='|@@ %s' less f", "LESSOPEN='||@@ %s' less f", "LESSOPEN='|-@@ %s' less f", "LESSOPEN='@@ %s' less f",
  "LESS='+!@@' less f", "LESS='-R ++!@@' less f", "export LESS='+|a@@'",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!@@' git x",
  "GIT_CONFIG_PARAMETERS=\"'alias.y'='!@@'\" git y", "GIT_CONFIG_PARAMETERS=\"'core.pager'='@@'\" git log",
  "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.sshCommand GIT_CONFIG_VALUE_0='@@' git fetch",
  "BASH_ENV='$(@@)' bash -c true", "ENV='`@@`' sh -i",
  // Ex commands vim runs at start
  "VIMINIT=':!@@' vim", "VIMINIT='set nu | !@@' vim f", "env VIMINIT='silent !@@' vi f", "EXINIT='!@@' ex f", "export VIMINIT=':!@@'",
  // prompts are expanded before they are shown; an exported function's body runs when it is called
  ...["PS4", "PS0", "PS1", "PS2"].flatMap((v) => [`${v}='$(@@)' bash -x s.sh`, `env ${v}='\`@@\`' bash -i`, `export ${v}='x $(@@) y'`]),
  "env 'BASH_FUNC_ls%%=() { @@; }' bash -c ls", "env 'BASH_FUNC_ls()=() { @@; }' bash -c ls", "env BASH_FUNC_x%%='() { @@\n}' bash -c x",
];

const TABLE: Row[] = [
  ...CARRIERS.map((c): Row => [c.replace(AT, CODE), [RM, HOME], "has", true]),
  // tar splits TAR_OPTIONS at blanks, backslash escapes kept
  ["TAR_OPTIONS='--to-command=rm\\ -rf\\ ~' tar xf a.tar", [RM, HOME], "has", true],
  ["TAR_OPTIONS='-v -I rm\\ -rf\\ ~' tar xf a.tar", [RM, HOME], "has", true],
  ["ZIP='-T -TT \"rm -rf ~\"' zip a.zip f", [RM, HOME], "has", true],
  // perl's -M is `use M;`, run before the program: PERL5OPT and the command line alike
  ["PERL5OPT='-Mbase;system(q(rm),q(-rf),q(/))' perl -e 1", ["deletion/root"], "has", true],
  ["perl '-Mbase;system(q{rm -rf ~})' -e1", [HOME], "has", true],
  ["perl -M'base;system(q{rm -rf ~})' script.pl", [HOME], "has", true],
  // a value only known at run time
  ["KUBE_EDITOR=\"$E\" kubectl edit x", ["shell/dynamic-script"], "has", true],
  // plain values stay quiet, in guard too
  ...["LESS=-R less f", "LESSOPEN='|lesspipe %s' less f", "TAR_OPTIONS='--warning=no-unknown-keyword' tar xf a.tar", "EDITOR=vim git commit",
    "GIT_PAGER=cat git log", "PERL5OPT='-MDevel::Cover -w' perl t.pl", "perl -Mstrict -e 'print 1'", "GIT_CONFIG_PARAMETERS=\"'user.name'='x'\" git log",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x git log", "NODE_OPTIONS=--max-old-space-size=4096 node app.js",
    "PS1='\\u@\\h:\\w\\$ ' bash", "PS4='+ ${BASH_SOURCE}:${LINENO}: ' bash -x s.sh", "AWS_PAGER='' aws s3 ls", "BAT_PAGER='less -RF' bat f",
    "env 'BASH_FUNC_greet%%=() { echo hi; }' bash -c greet", "VIMINIT='set nocompatible' vim f", "EXINIT='set ai' ex f"].map((c): Row => [c, [], "none", true]),
  // a prompt expansion runs the command substitutions in the variable's value
  ...["echo ${x@P}", ": \"${x@P}\"", "y=${x@P}", "echo ${arr[0]@P}", "echo ${!ref@P}", "cat > \"${x@P}\""].flatMap((use): Row[] => [
    [`x='$(rm -rf ~)'; ${use}`, ["shell/opaque-code"], "has", true], [`read -r x; ${use}`, ["shell/opaque-code"], "has", true]]),
  ...["echo ${x@Q}", "echo '${x@P}'", "echo ${x@U} ${x@L}", "printf '%s' \"${x@E}\""].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/env-variables: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
