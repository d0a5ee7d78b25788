/**
 * The reference extractor: the Facts of docs/facts.md computed in TypeScript over the
 * `tree-sitter` npm package. It is the executable definition the native addon is tested
 * against, and the fallback when the addon cannot load. One iterative pre-order walk.
 */

import { digitDescriptors } from "./digit-descriptors.js";
import { backquotedHeredocs } from "./backquoted-heredocs.js";
import type { Assignment, Construct, Facts, ParseError, Redirect, SimpleCommand } from "./types.js";
import { CONSTRUCT_TYPES } from "./types.js";
import { requireFrom } from "./require.js";
import { assignment, bareStatement, buildCommand, extraWordIndices, hasHeredocAmp, isStatement, markContinuationOwner, ownRedirects, stagesOf, type TSNode } from "./reference-nodes.js";
import { assignmentNameOk, checkHeredoc, parseCopy, scanGap, scanToken, testOpenOk, type HeredocParts, type Joint } from "./bash-reading.js";


/** node tree-sitter's parser, or web-tree-sitter's (whose trees live in WASM memory until deleted). */
export interface TSParser {
  setLanguage(lang: unknown): void;
  parse(input: string | ((index: number) => string | null)): { rootNode: TSNode; delete?(): void } | null;
}

let parser: TSParser | undefined;

/** The node tree-sitter parser, loaded on first use (throws when the package cannot load). */
export function getParser(): TSParser {
  if (parser === undefined) {
    const require = requireFrom(import.meta.url);
    const Parser = require("tree-sitter") as new () => TSParser;
    const p = new Parser();
    p.setLanguage(require("tree-sitter-bash"));
    parser = p;
  }
  return parser;
}

const CONSTRUCTS: ReadonlySet<string> = new Set(CONSTRUCT_TYPES);
const COMMAND_KINDS = new Set(["command", "declaration_command", "unset_command"]);
/** Statement kinds that start a new I/O context: pipeline stages do not reach inside. */
const NEW_IO = new Set(["command_substitution", "process_substitution"]);
/** A `&` after one of these (or anything around them) does not put the commands inside in the background. */
const BACKGROUND_BARRIER = new Set(["command_substitution", "process_substitution", "function_definition"]);

interface Frame {
  node: TSNode;
  construct: number;
  pipeline: number;
  stage: number;
  /** Redirects of enclosing redirected_statements whose body contains this node. */
  redirects: Redirect[];
  /** A `&` follows this node or an ancestor below the nearest background barrier. */
  background: boolean;
  /** An argument word tree-sitter put in a redirect that no simple command owns: reported as an ERROR. */
  stray: boolean;
  /** A file_redirect/heredoc_redirect whose extra words (extraWordIndices) a simple command owns. */
  owned: boolean;
  /** The redirected_statement this node is the simple-command body of, else null. */
  statement: TSNode | null;
  /** End of the previous sibling (0 for the root's first child), -1 when there is none: the gap to check. */
  prevEnd: number;
  /** The parent's type ("" for the root). */
  parentType: string;
  /** The previous sibling is a word of a command (see wordLike). */
  prevWord: boolean;
  /** Inside a backquote command substitution (any depth). */
  inBackquotes: boolean;
  /** Inside a `[ ... ]` test (single bracket: a command to bash, which ends it at `|`, `;`, ...). */
  inSingleTest: boolean;
}

/** Inside `[ ... ]`, the nodes whose tokens are not the test's words. */
const OWN_SYNTAX = new Set(["command_substitution", "process_substitution", "arithmetic_expansion"]);

/** Tokens that end a `[ ... ]` command in bash, though tree-sitter reads them as test operators. */
const ENDS_SINGLE_TEST = new Set(["|", "||", "&&", "&", ";", "<", ">"]);

/** Named children of a command that are not words of its argv. */
const NOT_WORDS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect", "comment", "variable_assignment", "ERROR"]);

/** A word of a command: bash never ends one without a blank, so two touching are one word. */
function wordLike(node: TSNode): boolean {
  return node.isNamed && !NOT_WORDS.has(node.type);
}

/** Nodes whose gaps between children are text, not tree-sitter's extras. */
const TEXT_CONTAINERS = new Set(["string", "translated_string", "heredoc_body"]);
/** Tokens whose text bash reads literally, or that checkHeredoc reads: scanToken skips them. */
const LITERAL_TOKENS = new Set(["raw_string", "comment", "ansi_c_string", "heredoc_body", "heredoc_content", "heredoc_start", "heredoc_end"]);
/** Expansions tree-sitter parses inside a heredoc body. */
const BODY_EXPANSIONS = new Set(["simple_expansion", "expansion", "command_substitution", "arithmetic_expansion"]);

/** Whether the gap before a node is tree-sitter's extras (docs/facts.md "Reading like bash"). */
function gapIsExtras(node: TSNode, parentType: string): boolean {
  if (TEXT_CONTAINERS.has(parentType)) return false;
  return !(parentType === "heredoc_redirect" && (node.type === "heredoc_body" || node.type === "heredoc_end"));
}

function heredocParts(node: TSNode): HeredocParts {
  const h: HeredocParts = { dash: false, start: node.startIndex, end: node.endIndex, delimiter: null, body: null, expansions: [], bodyEnd: null };
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as TSNode;
    if (c.type === "<<-") h.dash = true;
    else if (c.type === "heredoc_start" && h.delimiter === null) h.delimiter = [c.startIndex, c.endIndex];
    else if (c.type === "heredoc_end" && h.bodyEnd === null) h.bodyEnd = [c.startIndex, c.endIndex];
    else if (c.type === "heredoc_body" && h.body === null) {
      h.body = [c.startIndex, c.endIndex];
      for (let j = 0; j < c.childCount; j++) {
        const e = c.child(j) as TSNode;
        if (BODY_EXPANSIONS.has(e.type)) h.expansions.push([e.startIndex, e.endIndex]);
      }
    }
  }
  return h;
}

/** Chunked input: node-tree-sitter reads a string through a callback in pieces. */
function parseTree(parser: TSParser, source: string): { rootNode: TSNode; delete?(): void } {
  const CHUNK = 1 << 14;
  const input = parseCopy(source);
  const tree = input.length <= CHUNK ? parser.parse(input) : parser.parse((index: number) => (index < input.length ? input.slice(index, index + CHUNK) : null));
  if (tree === null) throw new Error("tree-sitter returned no tree");
  return tree;
}

/** The Facts of `source` with node tree-sitter: the definition the addon is tested against. */
export function extractFactsReference(source: string): Facts {
  return extractFactsWith(getParser(), source);
}

/** The Facts of `source` with `parser` (node tree-sitter, or web-tree-sitter for the WASM fallback). */
export function extractFactsWith(parser: TSParser, source: string): Facts {
  const tree = parseTree(parser, source);
  try {
    return backquotedHeredocs(digitDescriptors(walk(tree.rootNode, source)));
  } finally {
    tree.delete?.();
  }
}

function walk(root: TSNode, source: string): Facts {
  const commands: SimpleCommand[] = [];
  const constructs: Construct[] = [];
  const errors: ParseError[] = [];
  /** redirected_statement node id → index of its body command (for heredoc continuations). */
  const owners = new Map<number, number>();
  let pipelines = 0;
  const joints: Joint[] = [];
  /** Gap starts of the continuations mergeContinuations glued (as bash does). */
  const glued = new Set<number>();

  const stack: Frame[] = [{ node: root, construct: -1, pipeline: -1, stage: -1, redirects: [], background: false, stray: false, owned: false, statement: null, prevEnd: -1, parentType: "", prevWord: false, inBackquotes: false, inSingleTest: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const node = frame.node;
    let { construct, pipeline, stage, redirects } = frame;

    if (node.isMissing) errors.push({ type: "MISSING", start: node.startIndex, end: node.endIndex });
    else if (node.type === "ERROR") errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (frame.stray) errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (frame.prevEnd >= 0 && gapIsExtras(node, frame.parentType)) {
      const inCommand = COMMAND_KINDS.has(frame.parentType);
      const joint = scanGap(source, frame.prevEnd, node.startIndex, inCommand, errors);
      if (joint !== null) joints.push(joint);
      // tree-sitter ends a word before a backquote or `<(` that bash reads as part of it (`r\`x\`m`)
      else if (inCommand && frame.prevEnd === node.startIndex && frame.prevWord && wordLike(node)) joints.push({ start: node.startIndex, end: node.startIndex });
    }
    // an empty `` `` ``: tree-sitter keeps it as literal word text, bash expands it to nothing
    if (node.type === "``" && !node.isNamed) errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (node.type === "heredoc_redirect") checkHeredoc(source, heredocParts(node), errors);
    if (node.childCount === 0 && !LITERAL_TOKENS.has(node.type)) scanToken(source, node.startIndex, node.endIndex, frame.inBackquotes, node.type === "word", errors);
    if (node.type === "variable_assignment" && frame.parentType !== "c_style_for_statement" && !assignmentNameOk(source, node.startIndex, node.endIndex)) errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (node.type === "test_command" && node.childCount > 0 && !testOpenOk(source, (node.child(0) as TSNode).endIndex)) errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (frame.inSingleTest && !node.isNamed && ENDS_SINGLE_TEST.has(node.type)) errors.push({ type: "ERROR", start: node.startIndex, end: node.endIndex });
    if (!node.isNamed) continue;
    if (node.type === "redirected_statement" && hasHeredocAmp(node)) frame.background = true;
    const background = frame.background;

    if (CONSTRUCTS.has(node.type)) {
      constructs.push({ type: node.type as Construct["type"], start: node.startIndex, end: node.endIndex, parent: construct });
      construct = constructs.length - 1;
    }
    if (NEW_IO.has(node.type)) {
      // A new I/O context: no pipeline stage, and the redirects around it are not the inner commands'.
      pipeline = -1;
      stage = -1;
      redirects = [];
    }

    if (COMMAND_KINDS.has(node.type)) {
      commands.push(buildCommand(node, source, construct, pipeline, stage, redirects, background, frame.statement, glued));
      if (node.parent?.type === "redirected_statement") owners.set(node.parent.id, commands.length - 1);
    } else if (node.type === "variable_assignment" && isStatement(node)) {
      commands.push(bareStatement(node, construct, pipeline, stage, redirects, [assignment(node, source)], background));
    } else if (node.type === "variable_assignments" && isStatement(node)) {
      const list: Assignment[] = [];
      for (let i = 0; i < node.childCount; i++) {
        const c = node.child(i) as TSNode;
        if (c.type === "variable_assignment") list.push(assignment(c, source));
      }
      commands.push(bareStatement(node, construct, pipeline, stage, redirects, list, background));
    } else if (node.type === "redirected_statement" && node.childForFieldName("body") === null) {
      commands.push(bareStatement(node, construct, pipeline, stage, [...redirects, ...ownRedirects(node, source)], [], background));
    }

    // Children, pushed in reverse so they pop in source order.
    const body = node.type === "redirected_statement" ? node.childForFieldName("body") : null;
    const bodyRedirects = body !== null ? [...redirects, ...ownRedirects(node, source)] : redirects;
    let ordinal = -1;
    let stageOf: number[] | null = null;
    if (node.type === "pipeline") {
      ordinal = pipelines++;
      stageOf = stagesOf(node);
      const first = node.child(0);
      if (first !== null && (first.type === "|" || first.type === "|&")) markContinuationOwner(node, ordinal, owners, commands);
    }
    const inherited = BACKGROUND_BARRIER.has(node.type) ? false : background;
    // Who owns the words hidden in a redirect child (docs/facts.md "Words hidden in redirects").
    const simpleBody = body !== null && COMMAND_KINDS.has(body.type);
    const ownsRedirects = node.type === "command" ? 1 : node.type === "redirected_statement" ? (simpleBody ? 2 : 0) : node.type === "heredoc_redirect" && frame.owned ? 1 : 0;
    const extras = node.type === "file_redirect" || node.type === "heredoc_redirect" ? extraWordIndices(node) : null;
    const stray = extras !== null && extras.length > 0 && !frame.owned;
    let next: TSNode | null = null;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const c = node.child(i) as TSNode;
      const childStage = stageOf !== null ? (stageOf[i] as number) : stage;
      stack.push({
        node: c,
        construct,
        pipeline: stageOf !== null && childStage >= 0 ? ordinal : pipeline,
        stage: stageOf !== null && childStage >= 0 ? childStage : stage,
        redirects: body !== null && c.id === body.id ? bodyRedirects : redirects,
        background: inherited || (next !== null && !next.isNamed && next.type === "&"),
        stray: stray && (extras as number[]).includes(i),
        // a command owns its file_redirects, a heredoc_redirect passes on its own ownership to its
        // file_redirects, a redirected_statement with a simple body owns both kinds
        owned: ownsRedirects === 2 ? c.type === "file_redirect" || c.type === "heredoc_redirect" : ownsRedirects === 1 && c.type === "file_redirect",
        statement: simpleBody && c.id === (body as TSNode).id ? node : null,
        prevEnd: i > 0 ? (node.child(i - 1) as TSNode).endIndex : node === root ? 0 : -1,
        parentType: node.type,
        prevWord: i > 0 && wordLike(node.child(i - 1) as TSNode),
        inBackquotes: frame.inBackquotes || (node.type === "command_substitution" && source[node.startIndex] === "`"),
        // a $(...), <(...) or $((...)) inside `[ ... ]` has its own syntax: `[ "$(a || b)" ]`
        inSingleTest: (frame.inSingleTest && !OWN_SYNTAX.has(c.type)) || (node.type === "test_command" && source[node.startIndex] === "[" && source[node.startIndex + 1] !== "["),
      });
      next = c;
    }
  }
  // After the walk: the text after the last token, and the continuations bash glues that no word took.
  const tail = root.childCount > 0 ? (root.child(root.childCount - 1) as TSNode).endIndex : 0;
  scanGap(source, tail, source.length, false, errors);
  for (const j of joints) if (!glued.has(j.start)) errors.push({ type: "ERROR", start: j.start, end: j.end });
  return { source, commands, constructs, errors };
}
