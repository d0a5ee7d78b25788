/**
 * The reference extractor's per-node readers (reference.ts walks the tree): simple commands and
 * their words, assignments, redirects, pipeline stages and statement context, read from
 * tree-sitter nodes as docs/facts.md defines them.
 */

import type { Assignment, Redirect, SimpleCommand, Word } from "./types.js";
import { cookHeredocBody, cookWord, mergeContinuations, prefixWord } from "./cook.js";

const REDIRECT_KINDS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const SEP_TOKENS = new Set([";", "&", "&&", "||", "|", "|&", ";;"]);
/** Parents a statement climbs through when looking for its separator. */
const TRANSPARENT = new Set(["list", "pipeline", "redirected_statement", "negated_command"]);

/** The part of a tree-sitter node (node or WASM binding) the extractor reads. */
export interface TSNode {
  id: number;
  type: string;
  isNamed: boolean;
  isMissing: boolean;
  startIndex: number;
  endIndex: number;
  childCount: number;
  parent: TSNode | null;
  previousSibling: TSNode | null;
  nextSibling: TSNode | null;
  child(i: number): TSNode | null;
  childForFieldName(name: string): TSNode | null;
  fieldNameForChild(i: number): string | null;
}

/** Stage number of each child of a pipeline node (-1 for tokens and comments). */
export function stagesOf(node: TSNode): number[] {
  const first = node.child(0);
  let next = first !== null && (first.type === "|" || first.type === "|&") ? 1 : 0;
  const out: number[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as TSNode;
    out.push(c.isNamed && c.type !== "comment" ? next++ : -1);
  }
  return out;
}

/** `cat <<EOF | bash`: the command owning the heredoc becomes stage 0 of the continuation. */
export function markContinuationOwner(pipe: TSNode, ordinal: number, owners: Map<number, number>, commands: SimpleCommand[]): void {
  const heredoc = pipe.parent;
  const statement = heredoc?.parent;
  if (heredoc?.type !== "heredoc_redirect" || statement?.type !== "redirected_statement") return;
  const owner = owners.get(statement.id);
  if (owner === undefined) return;
  const cmd = commands[owner] as SimpleCommand;
  cmd.pipeline = ordinal;
  cmd.stage = 0;
}

/**
 * Child indices of the words bash passes to the command that tree-sitter put in a redirect: the
 * 2nd and later `destination` children of a file_redirect (`rm > /dev/null -rf /`), and the
 * `argument` children of a heredoc_redirect (`rm <<EOF -rf /`).
 */
export function extraWordIndices(node: TSNode): number[] {
  const out: number[] = [];
  let destinations = 0;
  for (let i = 0; i < node.childCount; i++) {
    const field = node.fieldNameForChild(i);
    if (node.type === "file_redirect" ? field === "destination" && destinations++ > 0 : field === "argument") out.push(i);
  }
  return out;
}

/** The extra words of a redirect (see extraWordIndices), cooked, appended to argv. */
export function pushExtraWords(redirect: TSNode, source: string, argv: Word[]): void {
  for (const i of extraWordIndices(redirect)) argv.push(cookWord(redirect.child(i) as TSNode, source));
}

/** `cat <<EOF | bash &`: tree-sitter leaves the `&` as an ERROR node holding only that token in the heredoc_redirect. */
export function hasHeredocAmp(statement: TSNode): boolean {
  for (let i = 0; i < statement.childCount; i++) {
    const h = statement.child(i) as TSNode;
    if (h.type !== "heredoc_redirect") continue;
    for (let j = 0; j < h.childCount; j++) {
      const e = h.child(j) as TSNode;
      if (e.type === "ERROR" && e.childCount === 1 && (e.child(0) as TSNode).type === "&" && !(e.child(0) as TSNode).isNamed) return true;
    }
  }
  return false;
}

export function isStatement(node: TSNode): boolean {
  const p = node.parent;
  if (p === null) return false;
  if (node.type === "variable_assignment" && (p.type === "command" || p.type === "declaration_command" || p.type === "variable_assignments")) return false;
  return true;
}

/** The redirect children of a node; a heredoc's own nested redirects (`<<EOF > out`) too. */
export function ownRedirects(node: TSNode, source: string, out: Redirect[] = []): Redirect[] {
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as TSNode;
    if (!REDIRECT_KINDS.has(c.type)) continue;
    out.push(redirect(c, source));
    if (c.type === "heredoc_redirect") ownRedirects(c, source, out);
  }
  return out;
}

export function buildCommand(
  node: TSNode, source: string, construct: number, pipeline: number, stage: number, inherited: Redirect[], background: boolean,
  statement: TSNode | null, glued: Set<number>,
): SimpleCommand {
  const argv: Word[] = [];
  const assignments: Assignment[] = [];
  const redirects: Redirect[] = [...inherited];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as TSNode;
    if (!c.isNamed) {
      // declaration_command / unset_command keywords
      if (node.type !== "command" && i === 0) argv.push(plainWord(c.type, c.startIndex, c.endIndex));
      continue;
    }
    if (REDIRECT_KINDS.has(c.type)) {
      redirects.push(redirect(c, source));
      if (c.type === "heredoc_redirect") ownRedirects(c, source, redirects);
      if (c.type === "file_redirect" && node.type === "command") pushExtraWords(c, source, argv);
    } else if (node.type === "command") {
      const field = node.fieldNameForChild(i);
      if (c.type === "variable_assignment") assignments.push(assignment(c, source));
      else if (field === "argument" || (field === "name" && c.endIndex > c.startIndex)) argv.push(cookWord(c, source));
    } else if (c.type === "variable_assignment") {
      const a = assignment(c, source);
      const eq = source.slice(c.startIndex, c.endIndex).indexOf(a.append ? "+=" : "=");
      argv.push(prefixWord(source.slice(c.startIndex, c.startIndex + eq) + (a.append ? "+=" : "="), a.value, c.startIndex, c.endIndex));
    } else if (c.type !== "comment") {
      argv.push(cookWord(c, source));
    }
  }
  // The body of a redirected_statement takes the words tree-sitter put in the statement's redirects.
  if (statement !== null) {
    for (let i = 0; i < statement.childCount; i++) {
      const r = statement.child(i) as TSNode;
      if (r.type === "file_redirect") {
        pushExtraWords(r, source, argv);
      } else if (r.type === "heredoc_redirect") {
        for (let j = 0; j < r.childCount; j++) {
          const h = r.child(j) as TSNode;
          if (h.type === "file_redirect") pushExtraWords(h, source, argv);
          else if (r.fieldNameForChild(j) === "argument") argv.push(cookWord(h, source));
        }
      }
    }
  }
  redirects.sort((a, b) => a.start - b.start);
  return {
    start: node.startIndex,
    end: node.endIndex,
    argv: mergeContinuations(argv, source, glued),
    assignments,
    redirects,
    parent: construct,
    pipeline,
    stage,
    ...statementContext(node, background),
  };
}

export function bareStatement(node: TSNode, construct: number, pipeline: number, stage: number, redirects: Redirect[], assignments: Assignment[], background: boolean): SimpleCommand {
  return {
    start: node.startIndex,
    end: node.endIndex,
    argv: [],
    assignments,
    redirects: [...redirects].sort((a, b) => a.start - b.start),
    parent: construct,
    pipeline,
    stage,
    ...statementContext(node, background),
  };
}

export function plainWord(value: string, start: number, end: number): Word {
  return { value, start, end, quoted: false, glob: false, tilde: false, dynamic: null };
}

export function assignment(node: TSNode, source: string): Assignment {
  const text = source.slice(node.startIndex, node.endIndex);
  const valueNode = node.childForFieldName("value");
  const nameEnd = valueNode !== null ? valueNode.startIndex - node.startIndex : text.length;
  const head = text.slice(0, nameEnd);
  const append = head.endsWith("+=");
  const name = head.slice(0, head.length - (append ? 2 : head.endsWith("=") ? 1 : 0));
  let value: Word | null = null;
  if (valueNode !== null) {
    value = cookWord(valueNode, source);
    value.tilde = source[valueNode.startIndex] === "~";
  }
  return { name, value, append, start: node.startIndex, end: node.endIndex };
}

export function redirect(node: TSNode, source: string): Redirect {
  let op = "";
  let fd: number | null = null;
  let target: Word | null = null;
  let body: Word | null = null;
  let literalBody = false;
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as TSNode;
    if (!c.isNamed) {
      if (op === "" && c.type !== "ERROR") op = c.type;
      continue;
    }
    switch (c.type) {
      case "file_descriptor":
        fd = Number.parseInt(source.slice(c.startIndex, c.endIndex), 10);
        break;
      case "heredoc_start": {
        // The delimiter: any quoting at all makes the body literal; quotes and backslashes go.
        const raw = source.slice(c.startIndex, c.endIndex);
        literalBody = /['"\\]/.test(raw);
        target = { value: raw.replace(/['"\\]/g, ""), start: c.startIndex, end: c.endIndex, quoted: literalBody, glob: false, tilde: false, dynamic: null };
        break;
      }
      case "heredoc_body":
        body = cookHeredocBody(c, source, literalBody);
        break;
      case "heredoc_end":
      case "file_redirect":
      case "herestring_redirect":
      case "comment":
      case "ERROR":
        break;
      default:
        if (node.type === "heredoc_redirect") break; // the continuation statement: walked as commands
        if (target === null) target = cookWord(c, source);
    }
  }
  return { op, fd, target, body, start: node.startIndex, end: node.endIndex };
}

/**
 * sep and negated of the statement a command heads (docs/facts.md "Context"); background comes
 * from the walk, which carries it down from every `&` (a climb per command would cost O(depth)).
 */
export function statementContext(node: TSNode, background: boolean): { sep: string; background: boolean; negated: boolean } {
  let sep: string | null = null;
  let negated = false;
  let s: TSNode = node;
  while (true) {
    if (sep === null) {
      const prev = s.previousSibling;
      if (prev !== null) sep = prev.isNamed ? "\n" : SEP_TOKENS.has(prev.type) ? prev.type : "";
    }
    const parent = s.parent;
    if (parent === null) break;
    if (parent.type === "negated_command") negated = true;
    if (!TRANSPARENT.has(parent.type)) break;
    s = parent;
  }
  return { sep: sep ?? "", background, negated };
}
