/* The one pass over the tree (docs/facts.md): pre-order, iterative with a TSTreeCursor and a heap
 * array of frames, so 10,000 levels of nesting cost heap, never C stack. A command's record is
 * placed when the walk enters it and filled as the walk reaches its children (a second cursor only
 * looks inside one word or redirect to cook it); the records are then written in one go for JS
 * to decode (layout: src/facts/native.ts). */
#include "sg.h"

#define SRC_AT(n) (ts_node_start_byte(n) >> 1)
#define SRC_END(n) (ts_node_end_byte(n) >> 1)

static const char *const NAMED[K_COUNT] = {
  [K_PROGRAM] = "program", [K_COMMAND] = "command", [K_COMMAND_NAME] = "command_name",
  [K_DECLARATION] = "declaration_command", [K_UNSET] = "unset_command",
  [K_VAR_ASSIGN] = "variable_assignment", [K_VAR_ASSIGNS] = "variable_assignments",
  [K_REDIRECTED] = "redirected_statement", [K_FILE_REDIRECT] = "file_redirect",
  [K_HEREDOC_REDIRECT] = "heredoc_redirect", [K_HERESTRING_REDIRECT] = "herestring_redirect",
  [K_HEREDOC_START] = "heredoc_start", [K_HEREDOC_BODY] = "heredoc_body",
  [K_HEREDOC_END] = "heredoc_end",
  [K_FILE_DESCRIPTOR] = "file_descriptor", [K_PIPELINE] = "pipeline", [K_LIST] = "list",
  [K_NEGATED] = "negated_command", [K_COMMENT] = "comment", [K_WORD] = "word",
  [K_RAW_STRING] = "raw_string", [K_STRING] = "string", [K_TRANSLATED_STRING] = "translated_string",
  [K_ANSI_C_STRING] = "ansi_c_string", [K_CONCATENATION] = "concatenation", [K_NUMBER] = "number",
  [K_EXTGLOB] = "extglob_pattern", [K_REGEX] = "regex", [K_BRACE_EXPR] = "brace_expression",
  [K_SIMPLE_EXP] = "simple_expansion", [K_EXPANSION] = "expansion",
  [K_CMD_SUBST] = "command_substitution", [K_PROC_SUBST] = "process_substitution",
  [K_ARITH_EXP] = "arithmetic_expansion", [K_ARRAY] = "array",
  [K_FUNCTION_DEF] = "function_definition", [K_HEREDOC_CONTENT] = "heredoc_content",
};

static const char *const ANON[K_COUNT] = {
  [T_SEMI] = ";", [T_AMP] = "&", [T_AND] = "&&", [T_OR] = "||", [T_PIPE] = "|",
  [T_PIPE_AMP] = "|&", [T_DSEMI] = ";;", [T_EQ] = "=", [T_PLUS_EQ] = "+=", [T_DQUOTE] = "\"",
  [T_DOLLAR_DQUOTE] = "$\"", [T_EMPTY_BACKQUOTES] = "``",
};

/* Must match CONSTRUCT_TYPES in src/facts/types.ts (index = the code sent to JS). */
static const char *const CONSTRUCTS[] = {
  "command_substitution", "process_substitution", "expansion", "subshell", "for_statement",
  "while_statement", "if_statement", "case_statement", "function_definition", "test_command",
  "simple_expansion", "arithmetic_expansion", "c_style_for_statement", "compound_statement",
  "heredoc_redirect",
};

bool sg_init_tables(const TSLanguage *lang, uint8_t **kinds, int8_t **cons_type, uint32_t *nsym) {
  static const char *const ops[SG_NOPS] = SG_OPS;
  uint32_t n = ts_language_symbol_count(lang);
  uint8_t *k = calloc(n ? n : 1, 1);
  int8_t *ct = malloc(n ? n : 1);
  if (!k || !ct) {
    free(k);
    free(ct);
    return false;
  }
  memset(ct, -1, n);
  for (uint32_t s = 0; s < n; s++) {
    const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
    TSSymbolType type = ts_language_symbol_type(lang, (TSSymbol)s);
    if (!name) continue;
    if (type == TSSymbolTypeRegular) {
      for (uint32_t i = 0; i < K_COUNT; i++)
        if (NAMED[i] && !strcmp(NAMED[i], name)) k[s] = (uint8_t)i;
      for (uint32_t i = 0; i < sizeof CONSTRUCTS / sizeof *CONSTRUCTS; i++)
        if (!strcmp(CONSTRUCTS[i], name)) ct[s] = (int8_t)i;
    } else if (type == TSSymbolTypeAnonymous) {
      for (uint32_t i = 0; i < K_COUNT; i++)
        if (ANON[i] && !strcmp(ANON[i], name)) k[s] = (uint8_t)i;
      for (uint32_t i = 0; i < SG_NOPS; i++)
        if (!strcmp(ops[i], name)) k[s] = (uint8_t)(T_OP0 + i);
    }
  }
  *kinds = k;
  *cons_type = ct;
  *nsym = n;
  return true;
}

/* Parents a command climbs through for `sep` and `negated`. */
static bool climbs(uint32_t k) {
  return k == K_LIST || k == K_PIPELINE || k == K_REDIRECTED || k == K_NEGATED;
}

static uint32_t sep_of(uint32_t k, uint32_t named) {
  if (named) return SEP_NL;
  switch (k) {
    case T_SEMI: return SEP_SEMI;
    case T_AMP: return SEP_AMP;
    case T_AND: return SEP_AND;
    case T_OR: return SEP_OR;
    case T_PIPE: return SEP_PIPE;
    case T_PIPE_AMP: return SEP_PIPE_AMP;
    case T_DSEMI: return SEP_DSEMI;
    default: return SEP_NONE;
  }
}

static bool is_redirect(uint32_t k) {
  return k == K_FILE_REDIRECT || k == K_HEREDOC_REDIRECT || k == K_HERESTRING_REDIRECT;
}

/* Opens the command-like node at frames[d]: its record is placed now (pre-order) and filled as the
 * walk reaches its children (command_child), then closed when the walk leaves it (close_command). */
static void open_command(SgCtx *x, uint32_t d, TSNode n, uint32_t kind, int32_t scope) {
  SgFrame *F = x->frames.data;
  SgCmd cmd = {SRC_AT(n), SRC_END(n), F[d].cons, F[d].pipeline, F[d].stage, scope, SEP_NONE, 0, 0,
               d, 0, 0, 0, 0, 0, 0};
  /* sep: the token before the statement this node heads, climbing while it has none */
  uint32_t j = d;
  for (;;) {
    if (F[j].has_prev) {
      cmd.sep = sep_of(F[j].prev_kind, F[j].prev_named);
      break;
    }
    if (j == 0 || !climbs(F[j - 1].kind)) break;
    j--;
  }
  for (j = d; j > 0 && climbs(F[j - 1].kind); j--)
    if (F[j - 1].kind == K_NEGATED) cmd.neg = 1;
  /* background is settled when a `&` follows a node on its climb (mark_background) */
  cmd.climb_top = F[d].bg_floor;
  if ((kind == K_COMMAND || kind == K_DECLARATION || kind == K_UNSET) && d > 0 &&
      F[d - 1].kind == K_REDIRECTED)
    F[d - 1].owner_cmd = (int32_t)x->cmds.len; /* owns that statement's heredocs */
  F[d].open_cmd = (int32_t)x->cmds.len;
  F[d].marks[0] = x->s_argv.len;
  F[d].marks[1] = x->s_assign.len;
  F[d].marks[2] = x->s_redir.len;
  VEC_PUSH(&x->oom, x->cmds, cmd);
}

/* Moves the top of a scratch stack (this command's items; nested commands have popped theirs)
 * into a final index pool; returns the offset there. */
#define TAKE(scratch, pool, mark, count)                                           \
  do {                                                                             \
    (count) = (scratch).len - (mark);                                              \
    VEC_RESERVE(&x->oom, pool, count);                                             \
    if (count) memcpy((pool).data + (pool).len, (scratch).data + (mark), (size_t)(count) * 4); \
    (scratch).len = (mark);                                                        \
  } while (0)

static void finish_command(SgCtx *x, int32_t index, const uint32_t marks[3]) {
  SgCmd *cmd = &x->cmds.data[index];
  cmd->argv = x->argv.len;
  TAKE(x->s_argv, x->argv, marks[0], cmd->nargv);
  sg_merge_continuations(x, x->argv.data + cmd->argv, &cmd->nargv);
  x->argv.len += cmd->nargv;
  cmd->assign = x->aidx.len;
  TAKE(x->s_assign, x->aidx, marks[1], cmd->nassign);
  x->aidx.len += cmd->nassign;
  cmd->redir = x->oidx.len;
  TAKE(x->s_redir, x->oidx, marks[2], cmd->nredir);
  x->oidx.len += cmd->nredir;
}

static void close_command(SgCtx *x, uint32_t d) {
  SgFrame *f = &x->frames.data[d];
  int32_t index = f->open_cmd;
  f->open_cmd = -1;
  finish_command(x, index, f->marks);
}

/* Cooks the redirect under c (and a heredoc's nested ones); returns the first new index. */
static uint32_t cook_redirects(SgCtx *x, TSTreeCursor *c) {
  uint32_t first = x->redirs.len;
  sg_cook_redirect(x, c);
  return first;
}

/* A child of an open command (frames[d-1]), reached by the walk at frames[d]. */
static void command_child(SgCtx *x, uint32_t d, TSNode n, uint32_t k, bool named) {
  SgFrame *p = &x->frames.data[d - 1];
  uint32_t kind = p->kind;
  bool simple = kind != K_VAR_ASSIGNS;
  TSTreeCursor *c = &x->c2;
  int32_t w = -1;
  if (!named) {
    /* the keyword of export, declare, local, readonly, typeset, unset, unsetenv */
    if (!x->frames.data[d].has_prev && simple && kind != K_COMMAND)
      w = sg_text_word(x, SRC_AT(n), SRC_END(n));
  } else if (k == K_VAR_ASSIGN && (kind == K_COMMAND || kind == K_VAR_ASSIGNS)) {
    ts_tree_cursor_reset(c, n);
    sg_cook_assignment(x, c);
    VEC_PUSH(&x->oom, x->s_assign, x->assigns.len - 1);
  } else if (is_redirect(k)) {
    if (simple) {
      ts_tree_cursor_reset(c, n);
      for (uint32_t r = cook_redirects(x, c); r < x->redirs.len; r++) VEC_PUSH(&x->oom, x->s_redir, r);
    }
  } else if (kind == K_COMMAND) {
    TSFieldId fid = ts_tree_cursor_current_field_id(&x->c1);
    if (fid == x->f_argument || (fid == x->f_name && SRC_END(n) > SRC_AT(n))) {
      ts_tree_cursor_reset(c, n);
      w = sg_cook_word(x, c);
    }
  } else if (kind == K_VAR_ASSIGNS) {
    /* nothing but its assignments */
  } else if (k == K_VAR_ASSIGN) {
    ts_tree_cursor_reset(c, n);
    w = sg_cook_assignment_word(x, c);
  } else if (k != K_COMMENT) {
    ts_tree_cursor_reset(c, n);
    w = sg_cook_word(x, c);
  }
  if (w >= 0) VEC_PUSH(&x->oom, x->s_argv, (uint32_t)w);
}

/* A redirect child of a redirected_statement (not its body): joins the statement's scope. */
static void scope_redirect(SgCtx *x, int32_t scope, TSNode n) {
  TSTreeCursor *c = &x->c2;
  ts_tree_cursor_reset(c, n);
  for (uint32_t r = cook_redirects(x, c); r < x->redirs.len; r++) {
    SgScope *sc = &x->scopes.data[scope];
    if (sc->tail >= 0) x->redirs.data[sc->tail].next = (int32_t)r;
    else sc->head = (int32_t)r;
    sc->tail = (int32_t)r;
  }
}

/* A word bash passes to a command that tree-sitter put in a redirect (frames[d-1]): a file_redirect's
 * 2nd and later destinations (`rm > /dev/null -rf /`), a heredoc_redirect's `argument` children
 * (`rm <<EOF -rf /`). It joins the argv of the simple command owning the redirect: the command it
 * is a child of, or the body of its redirected_statement (directly, or through a heredoc_redirect),
 * which is held open until the statement ends. With no such owner it is an ERROR (fail safe). */
static void extra_word(SgCtx *x, uint32_t d, TSNode n) {
  SgFrame *F = x->frames.data;
  uint32_t pk = F[d - 1].kind;
  bool owned = false;
  if (pk == K_FILE_REDIRECT && d >= 2 && F[d - 2].kind == K_COMMAND && F[d - 2].open_cmd >= 0) {
    owned = true;
  } else if (d >= 2) {
    uint32_t s = pk == K_FILE_REDIRECT && F[d - 2].kind == K_HEREDOC_REDIRECT ? d - 3 : d - 2;
    owned = (pk != K_FILE_REDIRECT || F[d - 2].kind != K_HEREDOC_REDIRECT || d >= 3) &&
            F[s].kind == K_REDIRECTED && F[s].held_cmd >= 0;
  }
  if (owned) {
    ts_tree_cursor_reset(&x->c2, n);
    VEC_PUSH(&x->oom, x->s_argv, (uint32_t)sg_cook_word(x, &x->c2));
  } else {
    SgErr er = {0, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
  }
}

/* Is a variable_assignment under a node of this kind a statement of its own? */
static bool assignment_is_statement(uint32_t parent_kind) {
  return parent_kind != K_COMMAND && parent_kind != K_DECLARATION && parent_kind != K_VAR_ASSIGNS;
}

/* Is the text before a child of a node of this kind tree-sitter's extras (not text)? */
static bool gap_is_extras(uint32_t parent_kind, uint32_t k) {
  if (parent_kind == K_STRING || parent_kind == K_TRANSLATED_STRING || parent_kind == K_HEREDOC_BODY) return false;
  return !(parent_kind == K_HEREDOC_REDIRECT && (k == K_HEREDOC_BODY || k == K_HEREDOC_END));
}

/* Tokens bash reads literally, or that sg_check_heredoc reads: sg_scan_token skips them. */
static bool literal_token(uint32_t k) {
  return k == K_RAW_STRING || k == K_COMMENT || k == K_ANSI_C_STRING || k == K_HEREDOC_BODY ||
         k == K_HEREDOC_CONTENT || k == K_HEREDOC_START || k == K_HEREDOC_END;
}

/* A named child of a command that is a word of its argv (see reference.ts wordLike). */
static bool word_like(uint32_t k) {
  return k != K_FILE_REDIRECT && k != K_HEREDOC_REDIRECT && k != K_HERESTRING_REDIRECT && k != K_COMMENT &&
         k != K_VAR_ASSIGN && k != K_ERROR;
}

static bool is_command_kind(uint32_t k) { return k == K_COMMAND || k == K_DECLARATION || k == K_UNSET; }

/* prev_end: the end of the previous sibling (0 for the root's first child), -1 when none. */
static void enter(SgCtx *x, TSTreeCursor *c, uint32_t d, bool has_prev, uint32_t prev_kind,
                  uint32_t prev_named, int64_t prev_end) {
  VEC_RESERVE(&x->oom, x->frames, d + 1 > x->frames.len ? d + 1 - x->frames.len : 0);
  if (d + 1 > x->frames.len) x->frames.len = d + 1;
  SgFrame *f = &x->frames.data[d], *p = d ? f - 1 : NULL;
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t k = sg_kind(x, n), named = ts_node_is_named(n);
  f->kind = k;
  f->named = named;
  f->has_prev = has_prev;
  f->prev_kind = prev_kind;
  f->prev_named = prev_named;
  f->cons = p ? p->child_cons : -1;
  f->pipeline = p ? p->pipeline : -1;
  f->stage = p ? p->stage : -1;
  f->scope = p ? p->scope : -1;
  f->first_cmd = x->cmds.len;
  {
    TSSymbol ts = ts_node_symbol(n);
    uint32_t a = SRC_AT(n);
    f->in_test1 = (p && p->in_test1) || (ts < x->nsym && x->cons_type[ts] == 9 /* test_command */ && a < x->len &&
                                         x->src[a] == '[' && !(a + 1 < x->len && x->src[a + 1] == '['));
  }
  f->in_bq = (p && p->in_bq) || (k == K_CMD_SUBST && SRC_AT(n) < x->len && x->src[SRC_AT(n)] == '`');
  f->open_cmd = -1;
  f->bg_floor = !p ? 0 : p->kind == K_CMD_SUBST || p->kind == K_PROC_SUBST || p->kind == K_FUNCTION_DEF ? d : p->bg_floor;
  bool body = false;
  if (p && p->kind == K_PIPELINE) {
    /* A pipeline that starts with `|` continues another: `cat <<EOF | bash` puts the `| bash`
     * inside the heredoc_redirect, and the command owning the heredoc is its stage 0. */
    if (!has_prev && !named && (k == T_PIPE || k == T_PIPE_AMP)) {
      p->stage_next = 1;
      if (d >= 3 && f[-2].kind == K_HEREDOC_REDIRECT && f[-3].kind == K_REDIRECTED &&
          f[-3].owner_cmd >= 0) {
        SgCmd *o = &x->cmds.data[f[-3].owner_cmd];
        o->pipeline = p->pipe_ord;
        o->stage = 0;
      }
    }
    if (named && k != K_COMMENT) {
      f->pipeline = p->pipe_ord;
      f->stage = p->stage_next++;
    }
  } else if (p && p->kind == K_REDIRECTED) {
    body = ts_tree_cursor_current_field_id(c) == x->f_body;
    if (body) f->scope = p->own_scope;
  }
  f->is_body = body;
  f->child_cons = f->cons;
  if (k == K_CMD_SUBST || k == K_PROC_SUBST) {
    /* a new I/O context: the commands inside are no stage of the enclosing pipeline, and the
     * redirects of the statements around it are not theirs */
    f->pipeline = -1;
    f->stage = -1;
    f->scope = -1;
  }

  if (k == K_ERROR || ts_node_is_missing(n)) {
    SgErr er = {k != K_ERROR, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
    /* `cat <<EOF | bash &`: tree-sitter leaves the `&` as an ERROR holding only that token in the
     * heredoc_redirect; it puts the whole redirected_statement in the background */
    if (k == K_ERROR && p && p->kind == K_HEREDOC_REDIRECT && d >= 2 && f[-2].kind == K_REDIRECTED &&
        ts_node_child_count(n) == 1) {
      TSNode a = ts_node_child(n, 0);
      if (!ts_node_is_named(a) && sg_kind(x, a) == T_AMP) f[-2].heredoc_amp = 1;
    }
  }
  if (p && (p->kind == K_FILE_REDIRECT || p->kind == K_HEREDOC_REDIRECT)) {
    TSFieldId fid = ts_tree_cursor_current_field_id(c);
    if (p->kind == K_FILE_REDIRECT ? fid == x->f_destination && p->ndest++ > 0 : fid == x->f_argument)
      extra_word(x, d, n);
  }
  if (p && prev_end >= 0 && gap_is_extras(p->kind, k)) {
    bool in_command = is_command_kind(p->kind);
    /* tree-sitter ends a word before a backquote or `<(` that bash reads as part of it */
    if (!sg_scan_gap(x, (uint32_t)prev_end, SRC_AT(n), in_command) && in_command &&
        (uint32_t)prev_end == SRC_AT(n) && has_prev && prev_named && word_like(prev_kind) &&
        named && word_like(k)) {
      VEC_PUSH(&x->oom, x->joints, SRC_AT(n));
      VEC_PUSH(&x->oom, x->joints, SRC_AT(n));
    }
  }
  /* an empty `` `` ``: tree-sitter keeps it as literal word text, bash expands it to nothing */
  if (k == T_EMPTY_BACKQUOTES && !named) {
    SgErr er = {0, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
  }
  if (k == K_HEREDOC_REDIRECT) sg_check_heredoc(x, n);
  if (ts_node_child_count(n) == 0 && !literal_token(k)) sg_scan_token(x, SRC_AT(n), SRC_END(n), p && p->in_bq, k == K_WORD);
  if (k == K_VAR_ASSIGN && !sg_assignment_name_ok(x, SRC_AT(n), SRC_END(n))) {
    SgErr er = {0, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
  }
  if (named && ts_node_symbol(n) < x->nsym && x->cons_type[ts_node_symbol(n)] == 9 /* test_command */ && ts_node_child_count(n) > 0 && !sg_test_open_ok(x, SRC_END(ts_node_child(n, 0)))) {
    SgErr er = {0, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
  }
  /* `|`, `;`, `<`... end a `[ ... ]` command in bash; tree-sitter reads them as test operators */
  if (p && p->in_test1 && !named &&
      (k == T_PIPE || k == T_OR || k == T_AND || k == T_AMP || k == T_SEMI || k == T_OP0 || k == T_OP0 + 2)) {
    SgErr er = {0, SRC_AT(n), SRC_END(n)};
    VEC_PUSH(&x->oom, x->errs, er);
  }
  TSSymbol sym = ts_node_symbol(n);
  if (sym < x->nsym && x->cons_type[sym] >= 0) {
    SgCons co = {(uint32_t)x->cons_type[sym], SRC_AT(n), SRC_END(n), f->cons};
    VEC_PUSH(&x->oom, x->cons, co);
    f->child_cons = (int32_t)x->cons.len - 1;
  }

  /* This node's part in the command or statement above it. */
  if (p && p->open_cmd >= 0) command_child(x, d, n, k, named);
  else if (p && p->kind == K_REDIRECTED && !body && named && is_redirect(k))
    scope_redirect(x, p->own_scope, n);

  switch (k) {
    case K_PIPELINE:
      f->pipe_ord = x->npipelines++;
      f->stage_next = 0;
      break;
    case K_REDIRECTED: {
      SgScope sc = {f->scope, -1, -1};
      VEC_PUSH(&x->oom, x->scopes, sc);
      f->own_scope = (int32_t)x->scopes.len - 1;
      f->owner_cmd = -1;
      f->held_cmd = -1;
      f->heredoc_amp = 0;
      if (ts_node_is_null(ts_node_child_by_field_id(n, x->f_body))) {
        open_command(x, d, n, k, f->own_scope); /* `> file` alone: the scope is all it has */
        close_command(x, d);
      }
      break;
    }
    case K_FILE_REDIRECT:
      f->ndest = 0;
      break;
    case K_COMMAND:
    case K_DECLARATION:
    case K_UNSET:
    case K_VAR_ASSIGNS:
      open_command(x, d, n, k, f->scope);
      break;
    case K_VAR_ASSIGN:
      if (!p || assignment_is_statement(p->kind)) {
        open_command(x, d, n, k, f->scope);
        ts_tree_cursor_reset(&x->c2, n);
        sg_cook_assignment(x, &x->c2);
        VEC_PUSH(&x->oom, x->s_assign, x->assigns.len - 1);
        close_command(x, d);
      }
      break;
    default:
      break;
  }
}

/* `S &`: every command in S whose climb (docs/facts.md "background") reaches S. */
static void mark_background(SgCtx *x, uint32_t d, uint32_t first_cmd) {
  for (uint32_t i = first_cmd; i < x->cmds.len; i++)
    if (x->cmds.data[i].climb_top <= d) x->cmds.data[i].bg = 1;
}

void sg_extract(SgCtx *x, TSTree *tree) {
  TSNode root = ts_tree_root_node(tree);
  if (!x->cursors_ready) {
    x->c1 = ts_tree_cursor_new(root);
    x->c2 = ts_tree_cursor_new(root);
    x->c3 = ts_tree_cursor_new(root);
    x->cursors_ready = true;
  }
  TSTreeCursor *c = &x->c1;
  ts_tree_cursor_reset(c, root);
  uint32_t d = 0;
  enter(x, c, 0, false, 0, 0, -1);
  for (;;) {
    if (ts_tree_cursor_goto_first_child(c)) {
      ++d;
      enter(x, c, d, false, 0, 0, d == 1 ? 0 : -1);
      continue;
    }
    for (;;) { /* the node at depth d is complete */
      SgFrame *f = &x->frames.data[d];
      if (f->open_cmd >= 0) {
        if (f->is_body && (f->kind == K_COMMAND || f->kind == K_DECLARATION || f->kind == K_UNSET)) {
          /* its redirected_statement's redirects may still hold words of its argv */
          f[-1].held_cmd = f->open_cmd;
          memcpy(f[-1].held_marks, f->marks, sizeof f->marks);
          f->open_cmd = -1;
        } else {
          close_command(x, d);
        }
      }
      if (f->kind == K_REDIRECTED) {
        if (f->held_cmd >= 0) finish_command(x, f->held_cmd, f->held_marks);
        f->held_cmd = -1;
        if (f->heredoc_amp) mark_background(x, d, f->first_cmd);
      }
      if (d == 0) {
        sg_finish_reading(x, root);
        return;
      }
      uint32_t pk = f->kind, pn = f->named, first_cmd = f->first_cmd;
      uint32_t end = SRC_END(ts_tree_cursor_current_node(c));
      if (ts_tree_cursor_goto_next_sibling(c)) {
        enter(x, c, d, true, pk, pn, end);
        f = &x->frames.data[d];
        if (f->kind == T_AMP && !f->named) mark_background(x, d, first_cmd);
        break;
      }
      ts_tree_cursor_goto_parent(c);
      d--;
    }
  }
}

/* Parse cancelled (time budget): one ERROR over the whole input, nothing else. */
void sg_extract_timeout(SgCtx *x) {
  SgErr er = {0, 0, x->len};
  VEC_PUSH(&x->oom, x->errs, er);
}

static uint64_t word_size(const SgWord *w) { return 6 + 2 * (uint64_t)w->ndyn; }

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Gathers each command's redirects (its own, then every enclosing scope's) sorted by start into
 * x->ridx, and returns the record count. Command i's list is ridx[cmd.redir_first...]. */
uint64_t sg_records_size(SgCtx *x) {
  uint64_t size = 4 + 4 * (uint64_t)x->cons.len + 3 * (uint64_t)x->errs.len;
  x->ridx.len = 0;
  for (uint32_t i = 0; i < x->cmds.len; i++) {
    SgCmd *cmd = &x->cmds.data[i];
    size += 10;
    for (uint32_t j = 0; j < cmd->nargv; j++) size += word_size(&x->words.data[x->argv.data[cmd->argv + j]]);
    for (uint32_t j = 0; j < cmd->nassign; j++) {
      const SgAssign *as = &x->assigns.data[x->aidx.data[cmd->assign + j]];
      size += 5 + (as->value >= 0 ? word_size(&x->words.data[as->value]) : 0);
    }
    uint32_t first = x->ridx.len;
    for (uint32_t j = 0; j < cmd->nredir; j++) {
      uint32_t r = x->oidx.data[cmd->redir + j];
      VEC_PUSH(&x->oom, x->ridx, (uint64_t)x->redirs.data[r].start << 32 | r);
    }
    for (int32_t s = cmd->scope; s >= 0; s = x->scopes.data[s].parent)
      for (int32_t r = x->scopes.data[s].head; r >= 0; r = x->redirs.data[r].next)
        VEC_PUSH(&x->oom, x->ridx, (uint64_t)x->redirs.data[r].start << 32 | (uint32_t)r);
    uint32_t n = x->ridx.len - first;
    if (n > 1) qsort(x->ridx.data + first, n, sizeof *x->ridx.data, cmp_u64);
    cmd->redir = first; /* from here on: an index into ridx */
    cmd->nredir = n;
    for (uint32_t j = 0; j < n; j++) {
      const SgRedir *r = &x->redirs.data[(uint32_t)x->ridx.data[first + j]];
      size += 9 + (r->target >= 0 ? word_size(&x->words.data[r->target]) : 0) +
              (r->body >= 0 ? word_size(&x->words.data[r->body]) : 0);
    }
  }
  return size;
}

static int32_t *put_word(const SgCtx *x, int32_t *o, uint32_t wi) {
  const SgWord *w = &x->words.data[wi];
  *o++ = (int32_t)w->voff;
  *o++ = (int32_t)w->vlen;
  *o++ = (int32_t)w->start;
  *o++ = (int32_t)w->end;
  *o++ = (int32_t)w->flags;
  *o++ = (int32_t)w->ndyn;
  if (w->ndyn) memcpy(o, x->spans.data + 2 * w->doff, (size_t)w->ndyn * 2 * sizeof *o);
  return o + 2 * w->ndyn;
}

void sg_write_records(SgCtx *x, int32_t *o) {
  int32_t *base = o;
  o += 4;
  for (uint32_t i = 0; i < x->cons.len; i++) {
    const SgCons *c = &x->cons.data[i];
    *o++ = (int32_t)c->type;
    *o++ = (int32_t)c->start;
    *o++ = (int32_t)c->end;
    *o++ = c->parent;
  }
  for (uint32_t i = 0; i < x->errs.len; i++) {
    const SgErr *e = &x->errs.data[i];
    *o++ = (int32_t)e->missing;
    *o++ = (int32_t)e->start;
    *o++ = (int32_t)e->end;
  }
  for (uint32_t i = 0; i < x->cmds.len; i++) {
    const SgCmd *c = &x->cmds.data[i];
    *o++ = (int32_t)c->start;
    *o++ = (int32_t)c->end;
    *o++ = c->parent;
    *o++ = c->pipeline;
    *o++ = c->stage;
    *o++ = (int32_t)c->sep;
    *o++ = (int32_t)(c->bg | c->neg << 1);
    *o++ = (int32_t)c->nargv;
    *o++ = (int32_t)c->nassign;
    *o++ = (int32_t)c->nredir;
    for (uint32_t j = 0; j < c->nargv; j++) o = put_word(x, o, x->argv.data[c->argv + j]);
    for (uint32_t j = 0; j < c->nassign; j++) {
      const SgAssign *as = &x->assigns.data[x->aidx.data[c->assign + j]];
      *o++ = (int32_t)as->name_start;
      *o++ = (int32_t)as->name_end;
      *o++ = (int32_t)as->start;
      *o++ = (int32_t)as->end;
      *o++ = (int32_t)(as->append | (as->value >= 0) << 1);
      if (as->value >= 0) o = put_word(x, o, (uint32_t)as->value);
    }
    for (uint32_t j = 0; j < c->nredir; j++) {
      const SgRedir *r = &x->redirs.data[(uint32_t)x->ridx.data[c->redir + j]];
      *o++ = r->op;
      *o++ = (int32_t)r->op_start;
      *o++ = (int32_t)r->op_end;
      *o++ = r->fd;
      *o++ = (int32_t)r->fd_start;
      *o++ = (int32_t)r->fd_end;
      *o++ = (int32_t)r->start;
      *o++ = (int32_t)r->end;
      *o++ = (r->target >= 0) | (r->body >= 0) << 1;
      if (r->target >= 0) o = put_word(x, o, (uint32_t)r->target);
      if (r->body >= 0) o = put_word(x, o, (uint32_t)r->body);
    }
  }
  base[0] = (int32_t)(o - base);
  base[1] = (int32_t)x->cmds.len;
  base[2] = (int32_t)x->cons.len;
  base[3] = (int32_t)x->errs.len;
}

/* Empties every pool for the next call; a pool that a huge input grew past 4 MiB is freed. */
void sg_ctx_reset(SgCtx *x) {
  const size_t big = (size_t)4 << 20;
  VEC_TRIM(x->text, big);
  VEC_TRIM(x->spans, big);
  VEC_TRIM(x->words, big);
  VEC_TRIM(x->argv, big);
  VEC_TRIM(x->aidx, big);
  VEC_TRIM(x->oidx, big);
  VEC_TRIM(x->s_argv, big);
  VEC_TRIM(x->s_assign, big);
  VEC_TRIM(x->s_redir, big);
  VEC_TRIM(x->assigns, big);
  VEC_TRIM(x->redirs, big);
  VEC_TRIM(x->scopes, big);
  VEC_TRIM(x->cmds, big);
  VEC_TRIM(x->cons, big);
  VEC_TRIM(x->errs, big);
  VEC_TRIM(x->frames, big);
  VEC_TRIM(x->ridx, big);
  VEC_TRIM(x->joints, big);
  VEC_TRIM(x->glued, big);
  VEC_TRIM(x->scratch, big);
  x->npipelines = 0;
}

void sg_ctx_free(SgCtx *x) {
  VEC_FREE(x->text);
  VEC_FREE(x->spans);
  VEC_FREE(x->words);
  VEC_FREE(x->argv);
  VEC_FREE(x->aidx);
  VEC_FREE(x->oidx);
  VEC_FREE(x->s_argv);
  VEC_FREE(x->s_assign);
  VEC_FREE(x->s_redir);
  VEC_FREE(x->assigns);
  VEC_FREE(x->redirs);
  VEC_FREE(x->scopes);
  VEC_FREE(x->cmds);
  VEC_FREE(x->cons);
  VEC_FREE(x->errs);
  VEC_FREE(x->frames);
  VEC_FREE(x->ridx);
  VEC_FREE(x->joints);
  VEC_FREE(x->glued);
  VEC_FREE(x->scratch);
  if (x->cursors_ready) {
    ts_tree_cursor_delete(&x->c1);
    ts_tree_cursor_delete(&x->c2);
    ts_tree_cursor_delete(&x->c3);
    x->cursors_ready = false;
  }
}
