/* Shared types of the fact extractor (rules: docs/facts.md). */
#ifndef SG_H
#define SG_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#include "buf.h"

/* Node kinds we care about, mapped once per environment from the grammar's symbol names so the
 * walk compares small integers, never strings. */
enum {
  K_OTHER = 0,
  /* named nodes */
  K_PROGRAM, K_COMMAND, K_COMMAND_NAME, K_DECLARATION, K_UNSET, K_VAR_ASSIGN, K_VAR_ASSIGNS,
  K_REDIRECTED, K_FILE_REDIRECT, K_HEREDOC_REDIRECT, K_HERESTRING_REDIRECT, K_HEREDOC_START,
  K_HEREDOC_BODY, K_HEREDOC_END, K_FILE_DESCRIPTOR, K_PIPELINE, K_LIST, K_NEGATED, K_COMMENT, K_WORD,
  K_RAW_STRING, K_STRING, K_TRANSLATED_STRING, K_ANSI_C_STRING, K_CONCATENATION, K_NUMBER,
  K_EXTGLOB, K_REGEX, K_BRACE_EXPR, K_SIMPLE_EXP, K_EXPANSION, K_CMD_SUBST, K_PROC_SUBST,
  K_ARITH_EXP, K_ARRAY, K_FUNCTION_DEF, K_ERROR, K_HEREDOC_CONTENT,
  /* anonymous tokens */
  T_SEMI, T_AMP, T_AND, T_OR, T_PIPE, T_PIPE_AMP, T_DSEMI, T_EQ, T_PLUS_EQ, T_DQUOTE, T_DOLLAR_DQUOTE,
  T_EMPTY_BACKQUOTES,
  T_OP0, /* redirect operators, in SG_OPS order */
  K_COUNT = T_OP0 + 14
};

/* Redirect operators; index = code sent to JS (src/facts/native.ts mirrors this order). */
#define SG_OPS {">", ">>", "<", "&>", "&>>", ">&", "<&", ">|", "<>", ">&-", "<&-", "<<", "<<-", "<<<"}
#define SG_NOPS 14

/* Separator codes; src/facts/native.ts mirrors this order. */
enum { SEP_NONE, SEP_SEMI, SEP_AMP, SEP_AND, SEP_OR, SEP_PIPE, SEP_PIPE_AMP, SEP_NL, SEP_DSEMI };

/* Word flags. */
/* Word flags; W_SRC: the value is source[voff, voff+vlen) rather than text[...]. */
enum { W_QUOTED = 1, W_GLOB = 2, W_TILDE = 4, W_SRC = 8 };

typedef struct {
  uint32_t voff, vlen;  /* value: text[voff, voff+vlen), or the source's with W_SRC */
  uint32_t start, end;
  uint32_t doff, ndyn;  /* dynamic spans: spans[2*doff ...] pairs, relative to voff */
  uint32_t flags;
} SgWord;

typedef struct {
  uint32_t name_start, name_end, start, end;
  int32_t value; /* word index, -1 for none */
  uint32_t append;
} SgAssign;

typedef struct {
  int32_t op;            /* SG_OPS index, -1: JS reads source[op_start, op_end) */
  uint32_t op_start, op_end;
  int32_t fd;            /* -1 none, -2 too large: JS reads source[fd_start, fd_end) */
  uint32_t fd_start, fd_end;
  uint32_t start, end;
  int32_t target, body;  /* word indices, -1 for none */
  int32_t next;          /* next redirect of the same scope, -1 */
} SgRedir;

/* The redirects of a redirected_statement, inherited by every command in its body. They are
 * cooked when the walk reaches them (after the body), so a scope is a list linked through
 * SgRedir.next, read only when the records are written. */
typedef struct {
  int32_t parent;        /* enclosing scope, -1 none */
  int32_t head, tail;    /* redirs[head] -> .next -> ... -> redirs[tail]; -1 when empty */
} SgScope;

typedef struct {
  uint32_t start, end;
  int32_t parent, pipeline, stage, scope;
  uint32_t sep, bg, neg;
  uint32_t climb_top;    /* depth of its shallowest ancestor below the nearest background barrier
                            (command/process substitution, function definition): a `&` after the
                            node there, or deeper, puts it in the background */
  uint32_t argv, nargv;     /* argv[argv, +nargv): word indices */
  uint32_t assign, nassign; /* aidx[assign, +nassign): assignment indices */
  uint32_t redir, nredir;   /* oidx[redir, +nredir): its own redirects; later ridx (sorted, all) */
} SgCmd;

typedef struct { uint32_t type, start, end; int32_t parent; } SgCons;
typedef struct { uint32_t missing, start, end; } SgErr;

/* One level of the iterative walk; frames[d] describes the node at cursor depth d. */
typedef struct {
  uint32_t kind, named, has_prev, prev_kind, prev_named;
  int32_t cons;        /* innermost construct enclosing this node */
  int32_t child_cons;  /* ... enclosing its children (itself, if it is a construct) */
  int32_t pipeline, stage, scope;
  int32_t pipe_ord, stage_next; /* when this node is a pipeline */
  int32_t own_scope, owner_cmd; /* when this node is a redirected_statement */
  /* When this node is a redirected_statement whose body is a simple command: that command, kept
   * open (with its marks) until the statement ends, since its redirects may hold argv words. */
  int32_t held_cmd;
  uint32_t held_marks[3];
  uint32_t heredoc_amp; /* redirected_statement: a heredoc_redirect of it holds a lone `&` ERROR */
  uint32_t ndest;      /* file_redirect: destination children seen so far */
  uint32_t is_body;    /* this node is the body of the redirected_statement above it */
  uint32_t bg_floor;   /* depth of the shallowest node a command here climbs to for `&` */
  uint32_t first_cmd;  /* commands emitted before this node was entered */
  uint32_t in_bq;      /* inside a backquote command substitution (this node or above) */
  uint32_t in_test1;   /* inside a `[ ... ]` test (this node or above) */
  int32_t open_cmd;    /* the command this node is, while the walk is inside it; else -1 */
  uint32_t marks[3];   /* scratch stack heights (argv, assignments, redirects) when it opened */
} SgFrame;

typedef struct {
  sg_oom_t oom;
  const uint16_t *src;
  uint32_t len;
  /* symbol tables (per environment) */
  const uint8_t *kinds;
  const int8_t *cons_type;
  uint32_t nsym;
  TSFieldId f_body, f_name, f_argument, f_value, f_destination;
  /* pools, reused across calls */
  SG_VEC(uint16_t) text;
  SG_VEC(int32_t) spans;
  SG_VEC(SgWord) words;
  SG_VEC(uint32_t) argv, aidx, oidx; /* per-command index lists (see SgCmd) */
  /* While commands are open (nested ones inside their words), their items pile up here; a command
   * takes its own off the top when it closes. */
  SG_VEC(uint32_t) s_argv, s_assign, s_redir;
  SG_VEC(SgAssign) assigns;
  SG_VEC(SgRedir) redirs;
  SG_VEC(SgScope) scopes;
  SG_VEC(SgCmd) cmds;
  SG_VEC(SgCons) cons;
  SG_VEC(SgErr) errs;
  SG_VEC(SgFrame) frames;
  SG_VEC(uint64_t) ridx; /* (redirect start << 32 | index), per command, sorted */
  /* reading.c: gaps of continuations alone (start, end pairs), the gap starts merges glued, and
   * a heredoc delimiter after quote removal */
  SG_VEC(uint32_t) joints, glued;
  SG_VEC(uint16_t) scratch;
  int32_t npipelines;
  TSTreeCursor c1, c2, c3;
  bool cursors_ready;
} SgCtx;

static inline uint32_t sg_kind(const SgCtx *x, TSNode n) {
  TSSymbol s = ts_node_symbol(n);
  if (s == (TSSymbol)-1) return K_ERROR;
  return s < x->nsym ? x->kinds[s] : K_OTHER;
}

/* cook.c */
int32_t sg_cook_word(SgCtx *x, TSTreeCursor *c);
int32_t sg_cook_assignment_word(SgCtx *x, TSTreeCursor *c);
int32_t sg_text_word(SgCtx *x, uint32_t start, uint32_t end);
void sg_cook_assignment(SgCtx *x, TSTreeCursor *c);
void sg_cook_redirect(SgCtx *x, TSTreeCursor *c);
void sg_merge_continuations(SgCtx *x, uint32_t *argv, uint32_t *count);

/* reading.c */
const uint16_t *sg_parse_input(const uint16_t *src, uint32_t len, uint16_t **buf, uint32_t *cap);
bool sg_scan_gap(SgCtx *x, uint32_t from, uint32_t to, bool in_command);
bool sg_glued_name_ok(const uint16_t *v, uint32_t n);
void sg_check_heredoc(SgCtx *x, TSNode n);
bool sg_test_open_ok(const SgCtx *x, uint32_t open_end);
void sg_scan_token(SgCtx *x, uint32_t from, uint32_t to, bool in_backquotes, bool is_word);
bool sg_assignment_name_ok(const SgCtx *x, uint32_t start, uint32_t end);
void sg_finish_reading(SgCtx *x, TSNode root);

/* extract.c */
bool sg_init_tables(const TSLanguage *lang, uint8_t **kinds, int8_t **cons_type, uint32_t *nsym);
void sg_extract(SgCtx *x, TSTree *tree);
void sg_extract_timeout(SgCtx *x);
uint64_t sg_records_size(SgCtx *x);
void sg_write_records(SgCtx *x, int32_t *out);
void sg_ctx_reset(SgCtx *x);
void sg_ctx_free(SgCtx *x);

#endif
