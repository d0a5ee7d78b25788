/* Word cooking: quote removal, escapes, $'...' decoding, concatenation (docs/facts.md, "Cooking a
 * word"). Values are appended to x->text, the one string that crosses into JS; a word is an
 * (offset, length) into it, so a redirect word shared by many commands is stored once. Word
 * subtrees are shallow (concatenation > string > expansion), so these functions may recurse. */
#include "sg.h"

#define SRC_AT(n) (ts_node_start_byte(n) >> 1)
#define SRC_END(n) (ts_node_end_byte(n) >> 1)

/* A word being built. Its value stays a pending range of the source as long as it is a verbatim
 * copy of one (most words, and every dynamic part): such a word crosses as "slice the source",
 * which costs nothing here and keeps 10,000 nested `$(...)` from copying O(n^2) text. Only a
 * word that is not a verbatim copy is materialized into x->text. */
typedef struct {
  uint32_t voff, doff, flags;
  uint32_t vs, ve; /* pending verbatim source range, valid while !mat */
  bool pend, mat;
} Acc;

static uint32_t acc_len(const SgCtx *x, const Acc *a) {
  return a->mat ? x->text.len - a->voff : a->pend ? a->ve - a->vs : 0;
}

static void copy_src(SgCtx *x, uint32_t s, uint32_t e) {
  if (e <= s) return;
  VEC_RESERVE(&x->oom, x->text, e - s);
  memcpy(x->text.data + x->text.len, x->src + s, (size_t)(e - s) * 2);
  x->text.len += e - s;
}

static void materialize(SgCtx *x, Acc *a) {
  if (a->mat) return;
  a->mat = true;
  a->voff = x->text.len;
  if (a->pend) copy_src(x, a->vs, a->ve);
}

static void put_src(SgCtx *x, Acc *a, uint32_t s, uint32_t e) {
  if (e <= s) return;
  if (!a->mat) {
    if (!a->pend) {
      a->pend = true;
      a->vs = s;
      a->ve = e;
      return;
    }
    if (a->ve == s) {
      a->ve = e;
      return;
    }
    materialize(x, a);
  }
  copy_src(x, s, e);
}

static void put_unit(SgCtx *x, Acc *a, uint16_t ch) {
  materialize(x, a);
  VEC_PUSH(&x->oom, x->text, ch);
}

/* A run-time part: its source text, listed as one dynamic span of the word being built. */
static void put_dynamic(SgCtx *x, Acc *a, uint32_t s, uint32_t e) {
  int32_t from = (int32_t)acc_len(x, a);
  put_src(x, a, s, e);
  VEC_RESERVE(&x->oom, x->spans, 2);
  x->spans.data[x->spans.len++] = from;
  x->spans.data[x->spans.len++] = (int32_t)acc_len(x, a);
}

static void put_cp(SgCtx *x, Acc *a, uint32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp >= 0x10000) {
    cp -= 0x10000;
    put_unit(x, a, (uint16_t)(0xD800 + (cp >> 10)));
    put_unit(x, a, (uint16_t)(0xDC00 + (cp & 0x3FF)));
  } else {
    put_unit(x, a, (uint16_t)cp);
  }
}

static bool has_backslash(const uint16_t *src, uint32_t s, uint32_t e) {
  for (uint32_t i = s; i < e; i++)
    if (src[i] == '\\') return true;
  return false;
}

/* Unquoted word text: `\x` -> x, `\`+newline (or CRLF) -> nothing; a lone trailing `\` stays. */
static void cook_unquoted(SgCtx *x, Acc *a, uint32_t s, uint32_t e, bool at_start) {
  const uint16_t *src = x->src;
  bool escaped = false;
  for (uint32_t i = s; i < e; i++) {
    uint16_t ch = src[i];
    if (ch == '\\') {
      escaped = true;
      i++;
    } else if (ch == '*' || ch == '?' || ch == '[' || ch == '{' ||
               (ch == '(' && i > s && (src[i - 1] == '?' || src[i - 1] == '*' || src[i - 1] == '+' || src[i - 1] == '@' || src[i - 1] == '!'))) {
      /* `(` after a pattern character: an extglob (reading.c sg_parse_input let tree-sitter read it as word text) */
      a->flags |= W_GLOB;
    } else if (ch == '~' && i == s && at_start) {
      a->flags |= W_TILDE;
    }
  }
  if (!escaped) {
    put_src(x, a, s, e);
    return;
  }
  a->flags |= W_QUOTED;
  materialize(x, a);
  VEC_RESERVE(&x->oom, x->text, e - s); /* output never exceeds input */
  uint16_t *out = x->text.data + x->text.len;
  for (uint32_t i = s; i < e; i++) {
    if (src[i] != '\\' || i + 1 >= e) *out++ = src[i];
    else if (src[i + 1] == '\n') i++;
    else if (src[i + 1] == '\r' && i + 2 < e && src[i + 2] == '\n') i += 2;
    else *out++ = src[++i];
  }
  x->text.len = (uint32_t)(out - x->text.data);
}

/* Double-quoted text (and unquoted heredoc bodies, which do not unescape `\"`). */
static void cook_dq_text(SgCtx *x, Acc *a, uint32_t s, uint32_t e, bool heredoc) {
  const uint16_t *src = x->src;
  if (!has_backslash(src, s, e)) {
    put_src(x, a, s, e);
    return;
  }
  materialize(x, a);
  VEC_RESERVE(&x->oom, x->text, e - s);
  uint16_t *out = x->text.data + x->text.len;
  for (uint32_t i = s; i < e;) {
    uint16_t ch = src[i];
    if (ch == '\\' && i + 1 < e) {
      uint16_t n = src[i + 1];
      if (n == '\n' || (n == '\r' && i + 2 < e && src[i + 2] == '\n')) {
        i += n == '\n' ? 2 : 3;
        continue;
      }
      if (n == '$' || n == '`' || n == '\\' || (n == '"' && !heredoc)) {
        *out++ = n;
        i += 2;
        continue;
      }
    }
    *out++ = ch;
    i++;
  }
  x->text.len = (uint32_t)(out - x->text.data);
}

static int hexval(uint16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* $'...' escapes. \NNN and \xHH give the code unit of their value; \u and \U give a code point. */
static void cook_ansi_c(SgCtx *x, Acc *a, uint32_t s, uint32_t e) {
  const uint16_t *src = x->src;
  if (!has_backslash(src, s, e)) {
    put_src(x, a, s, e);
    return;
  }
  for (uint32_t i = s; i < e;) {
    uint16_t ch = src[i];
    if (ch != '\\' || i + 1 >= e) {
      put_unit(x, a, ch);
      i++;
      continue;
    }
    uint16_t n = src[i + 1];
    int simple = -1;
    switch (n) {
      case 'a': simple = 7; break;
      case 'b': simple = 8; break;
      case 'e': case 'E': simple = 27; break;
      case 'f': simple = 12; break;
      case 'n': simple = 10; break;
      case 'r': simple = 13; break;
      case 't': simple = 9; break;
      case 'v': simple = 11; break;
      case '\\': case '\'': case '"': case '?': simple = n; break;
      default: break;
    }
    if (simple >= 0) {
      put_unit(x, a, (uint16_t)simple);
      i += 2;
      continue;
    }
    if (n >= '0' && n <= '7') {
      uint32_t v = 0, j = i + 1;
      while (j < e && j < i + 4 && src[j] >= '0' && src[j] <= '7') v = v * 8 + (src[j++] - '0');
      put_unit(x, a, (uint16_t)(v & 0xff)); /* a byte, as bash has it */
      i = j;
      continue;
    }
    if (n == 'x' || n == 'u' || n == 'U') {
      uint32_t max = n == 'x' ? 2 : n == 'u' ? 4 : 8, v = 0, j = i + 2;
      while (j < e && j < i + 2 + max && hexval(src[j]) >= 0) v = v * 16 + (uint32_t)hexval(src[j++]);
      if (j > i + 2) {
        if (n == 'x') put_unit(x, a, (uint16_t)v);
        else put_cp(x, a, v);
        i = j;
        continue;
      }
    } else if (n == 'c' && i + 2 < e) {
      put_unit(x, a, (uint16_t)(src[i + 2] & 0x1f));
      i += 3;
      continue;
    }
    /* Unknown escape: the backslash stays; the next character is read normally. */
    put_unit(x, a, ch);
    i++;
  }
}

static bool is_dynamic_kind(uint32_t k) {
  return k == K_SIMPLE_EXP || k == K_EXPANSION || k == K_CMD_SUBST || k == K_PROC_SUBST ||
         k == K_ARITH_EXP || k == K_ARRAY;
}

/* The children of a double-quoted node between pos and close: expansion children are dynamic
 * spans, the text around them literal with the double-quote escapes. A translated_string's inner
 * string is entered (one level; the grammar nests no deeper). */
static uint32_t cook_dq_children(SgCtx *x, TSTreeCursor *c, Acc *a, uint32_t pos, uint32_t close,
                                 bool heredoc, bool enter_strings) {
  if (!ts_tree_cursor_goto_first_child(c)) return pos;
  do {
    TSNode ch = ts_tree_cursor_current_node(c);
    uint32_t k = sg_kind(x, ch), cs = SRC_AT(ch), ce = SRC_END(ch);
    if (is_dynamic_kind(k)) {
      if (!heredoc && (cs < pos || ce > close)) continue;
      cook_dq_text(x, a, pos, cs, heredoc);
      put_dynamic(x, a, cs, ce);
      pos = ce;
    } else if (enter_strings && k == K_STRING) {
      pos = cook_dq_children(x, c, a, pos, close, heredoc, false);
    }
  } while (ts_tree_cursor_goto_next_sibling(c));
  ts_tree_cursor_goto_parent(c);
  return pos;
}

/* "..." or $"...": the text between the quotes (found in the source, so an unterminated string
 * keeps its tail). */
static void cook_string(SgCtx *x, TSTreeCursor *c, Acc *a) {
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t s = SRC_AT(n), e = SRC_END(n);
  uint32_t open = s + 1 + (e > s && x->src[s] == '$');
  uint32_t close = e > open && x->src[e - 1] == '"' ? e - 1 : e;
  uint32_t pos = cook_dq_children(x, c, a, open, close, false, true);
  cook_dq_text(x, a, pos, close, false);
}

/* An unquoted heredoc body: like a string without quotes, and `\"` stays. */
static void cook_heredoc_body(SgCtx *x, TSTreeCursor *c, Acc *a) {
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t pos = cook_dq_children(x, c, a, SRC_AT(n), SRC_END(n), true, false);
  cook_dq_text(x, a, pos, SRC_END(n), true);
}

static void cook_node(SgCtx *x, TSTreeCursor *c, Acc *a, bool at_start);

/* concatenation / command_name: every child cooked by its kind (tokens as their text), source
 * between children as unquoted text; tilde only at the very start of the word. */
static void cook_concat(SgCtx *x, TSTreeCursor *c, Acc *a, bool at_start) {
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t s = SRC_AT(n), pos = s, end = SRC_END(n);
  if (ts_tree_cursor_goto_first_child(c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(c);
      uint32_t cs = SRC_AT(ch);
      if (cs > pos) cook_unquoted(x, a, pos, cs, at_start && pos == s);
      cook_node(x, c, a, at_start && cs == s);
      pos = SRC_END(ch);
    } while (ts_tree_cursor_goto_next_sibling(c));
    ts_tree_cursor_goto_parent(c);
  }
  if (end > pos) cook_unquoted(x, a, pos, end, at_start && pos == s);
}

static void cook_node(SgCtx *x, TSTreeCursor *c, Acc *a, bool at_start) {
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t k = ts_node_is_named(n) ? sg_kind(x, n) : K_OTHER, s = SRC_AT(n), e = SRC_END(n);
  switch (k) {
    case K_WORD:
      cook_unquoted(x, a, s, e, at_start);
      break;
    case K_RAW_STRING:
      a->flags |= W_QUOTED;
      if (e - s >= 2) put_src(x, a, s + 1, e - 1);
      break;
    case K_STRING:
    case K_TRANSLATED_STRING:
      a->flags |= W_QUOTED;
      cook_string(x, c, a);
      break;
    case K_ANSI_C_STRING:
      a->flags |= W_QUOTED;
      if (e - s >= 3) cook_ansi_c(x, a, s + 2, e - 1);
      break;
    case K_CONCATENATION:
    case K_COMMAND_NAME:
      cook_concat(x, c, a, at_start);
      break;
    case K_EXTGLOB:
    case K_BRACE_EXPR:
      a->flags |= W_GLOB;
      put_src(x, a, s, e);
      break;
    default:
      if (is_dynamic_kind(k)) put_dynamic(x, a, s, e);
      else put_src(x, a, s, e); /* number, regex, tokens, anything else: the text */
      break;
  }
}

static void begin(SgCtx *x, Acc *a) {
  a->voff = x->text.len;
  a->doff = x->spans.len / 2;
  a->flags = 0;
  a->pend = a->mat = false;
}

static int32_t finish(SgCtx *x, Acc *a, uint32_t start, uint32_t end) {
  SgWord w = {a->voff, 0, start, end, a->doff, x->spans.len / 2 - a->doff, a->flags};
  if (a->mat) {
    w.vlen = x->text.len - a->voff;
  } else {
    w.flags |= W_SRC;
    w.voff = a->pend ? a->vs : 0;
    w.vlen = a->pend ? a->ve - a->vs : 0;
  }
  VEC_PUSH(&x->oom, x->words, w);
  return (int32_t)x->words.len - 1;
}

int32_t sg_cook_word(SgCtx *x, TSTreeCursor *c) {
  TSNode n = ts_tree_cursor_current_node(c);
  Acc a;
  begin(x, &a);
  cook_node(x, c, &a, true);
  return finish(x, &a, SRC_AT(n), SRC_END(n));
}

int32_t sg_text_word(SgCtx *x, uint32_t start, uint32_t end) {
  Acc a;
  begin(x, &a);
  put_src(x, &a, start, end);
  return finish(x, &a, start, end);
}

/* A variable_assignment (cursor on it): moves the cursor to its `value` child if it has one. The
 * name is the text before the value (or all of it) less a trailing `+=` (append) or `=`. */
typedef struct { uint32_t start, end, name_end; bool append, has_value; } AssignShape;

static bool goto_assign_value(SgCtx *x, TSTreeCursor *c, AssignShape *sh) {
  TSNode n = ts_tree_cursor_current_node(c);
  sh->start = SRC_AT(n);
  sh->end = SRC_END(n);
  sh->has_value = false;
  if (ts_tree_cursor_goto_first_child(c)) {
    do {
      if (ts_tree_cursor_current_field_id(c) == x->f_value) {
        sh->has_value = true;
        break;
      }
    } while (ts_tree_cursor_goto_next_sibling(c));
    if (!sh->has_value) ts_tree_cursor_goto_parent(c);
  }
  uint32_t ne = sh->has_value ? SRC_AT(ts_tree_cursor_current_node(c)) : sh->end;
  sh->append = ne >= sh->start + 2 && x->src[ne - 2] == '+' && x->src[ne - 1] == '=';
  sh->name_end = sh->append ? ne - 2 : ne > sh->start && x->src[ne - 1] == '=' ? ne - 1 : ne;
  return sh->has_value;
}

void sg_cook_assignment(SgCtx *x, TSTreeCursor *c) {
  AssignShape sh;
  SgAssign as = {0, 0, 0, 0, -1, 0};
  if (goto_assign_value(x, c, &sh)) {
    uint32_t vs = SRC_AT(ts_tree_cursor_current_node(c));
    as.value = sg_cook_word(x, c);
    /* a value is tilde-expanded when its source starts with `~` */
    SgWord *w = &x->words.data[as.value];
    w->flags = (w->flags & ~(uint32_t)W_TILDE) | (vs < x->len && x->src[vs] == '~' ? W_TILDE : 0);
    ts_tree_cursor_goto_parent(c);
  }
  as.name_start = as.start = sh.start;
  as.name_end = sh.name_end;
  as.end = sh.end;
  as.append = sh.append;
  VEC_PUSH(&x->oom, x->assigns, as);
}

/* A declaration_command's `NAME=value` argument: the text up to the first `=` (or `+=`), that
 * operator, then the cooked value. */
int32_t sg_cook_assignment_word(SgCtx *x, TSTreeCursor *c) {
  AssignShape sh;
  Acc a;
  begin(x, &a);
  bool has_value = goto_assign_value(x, c, &sh);
  uint32_t eq = sh.start;
  while (eq < sh.end && !(x->src[eq] == (sh.append ? '+' : '=') &&
                          (!sh.append || (eq + 1 < sh.end && x->src[eq + 1] == '='))))
    eq++;
  if (eq < sh.end) {
    put_src(x, &a, sh.start, eq + (sh.append ? 2 : 1));
  } else { /* no operator in the text: the operator alone */
    if (sh.append) put_unit(x, &a, '+');
    put_unit(x, &a, '=');
  }
  if (has_value) {
    cook_node(x, c, &a, true);
    a.flags &= ~(uint32_t)W_TILDE; /* `NAME=~/x` as one word does not start with `~` */
    ts_tree_cursor_goto_parent(c);
  }
  return finish(x, &a, sh.start, sh.end);
}

/* Heredoc delimiter: quote characters and backslashes removed; any of them makes it "quoted"
 * (and the body literal). */
static int32_t cook_delimiter(SgCtx *x, uint32_t s, uint32_t e, bool *quoted) {
  Acc a;
  begin(x, &a);
  for (uint32_t i = s; i < e; i++) {
    uint16_t ch = x->src[i];
    if (ch == '\'' || ch == '"' || ch == '\\') *quoted = true;
    else put_src(x, &a, i, i + 1);
  }
  a.flags = *quoted ? W_QUOTED : 0;
  return finish(x, &a, s, e);
}

static bool is_redirect_kind(uint32_t k) {
  return k == K_FILE_REDIRECT || k == K_HEREDOC_REDIRECT || k == K_HERESTRING_REDIRECT;
}

static void cook_redirect(SgCtx *x, TSTreeCursor *c) {
  TSNode n = ts_tree_cursor_current_node(c);
  uint32_t kind = sg_kind(x, n);
  SgRedir r = {-1, 0, 0, -1, 0, 0, SRC_AT(n), SRC_END(n), -1, -1, -1};
  bool have_op = false, quoted_delim = false;
  if (ts_tree_cursor_goto_first_child(c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(c);
      uint32_t k = sg_kind(x, ch), cs = SRC_AT(ch), ce = SRC_END(ch);
      if (!ts_node_is_named(ch)) {
        if (!have_op) {
          have_op = true;
          if (k >= T_OP0 && k < T_OP0 + SG_NOPS) r.op = (int32_t)(k - T_OP0);
          r.op_start = cs; /* JS reads source[op_start, op_end) for an unlisted operator */
          r.op_end = ce;
        }
        continue;
      }
      switch (k) {
        case K_FILE_DESCRIPTOR: {
          int64_t v = 0;
          uint32_t i = cs;
          for (; i < ce && i < cs + 9 && x->src[i] >= '0' && x->src[i] <= '9'; i++)
            v = v * 10 + (x->src[i] - '0');
          r.fd = i == ce && ce > cs ? (int32_t)v : -2;
          r.fd_start = cs;
          r.fd_end = ce;
          break;
        }
        case K_HEREDOC_START:
          quoted_delim = false;
          r.target = cook_delimiter(x, cs, ce, &quoted_delim);
          break;
        case K_HEREDOC_BODY: {
          Acc a;
          begin(x, &a);
          if (quoted_delim) {
            a.flags = W_QUOTED;
            put_src(x, &a, cs, ce);
          } else {
            cook_heredoc_body(x, c, &a);
          }
          r.body = finish(x, &a, cs, ce);
          break;
        }
        case K_HEREDOC_END: case K_FILE_REDIRECT: case K_HERESTRING_REDIRECT: case K_COMMENT:
        case K_ERROR:
          break;
        default:
          /* the target; in a heredoc_redirect, other children are the continuation statement */
          if (kind != K_HEREDOC_REDIRECT && r.target < 0) r.target = sg_cook_word(x, c);
          break;
      }
    } while (ts_tree_cursor_goto_next_sibling(c));
    ts_tree_cursor_goto_parent(c);
  }
  VEC_PUSH(&x->oom, x->redirs, r);
}

/* Cooks the redirect under the cursor, and a heredoc's own nested redirects (`<<EOF > out`):
 * tree-sitter puts those inside the heredoc_redirect, but they apply to the same command. */
void sg_cook_redirect(SgCtx *x, TSTreeCursor *c) {
  cook_redirect(x, c);
  if (sg_kind(x, ts_tree_cursor_current_node(c)) != K_HEREDOC_REDIRECT ||
      !ts_tree_cursor_goto_first_child(c))
    return;
  do {
    TSNode ch = ts_tree_cursor_current_node(c);
    uint32_t k = sg_kind(x, ch);
    if (ts_node_is_named(ch) && k != K_HEREDOC_REDIRECT && is_redirect_kind(k)) cook_redirect(x, c);
  } while (ts_tree_cursor_goto_next_sibling(c));
  ts_tree_cursor_goto_parent(c);
}

/* Appends word w's value to x->text (it may live in the source or elsewhere in the pool). */
static void append_value(SgCtx *x, const SgWord *w) {
  if (w->vlen == 0) return;
  VEC_RESERVE(&x->oom, x->text, w->vlen);
  const uint16_t *from = (w->flags & W_SRC ? x->src : x->text.data) + w->voff;
  memmove(x->text.data + x->text.len, from, (size_t)w->vlen * 2);
  x->text.len += w->vlen;
}

/* bash joins `a\<newline>b` (any number of `\<newline>` between) into one word; tree-sitter sees two. argv[0..count) are word indices;
 * a joined value is built at the end of the pool (rare, so the copy does not matter). */
void sg_merge_continuations(SgCtx *x, uint32_t *argv, uint32_t *count) {
  const uint16_t *src = x->src;
  uint32_t n = *count, out = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (out > 0) {
      SgWord *p = &x->words.data[argv[out - 1]], q = x->words.data[argv[i]];
      /* the gap: `\`+LF pairs and nothing else, or nothing (bash reads `\`+CR as an escaped CR) */
      uint32_t g = p->end, gap = p->end;
      bool joined = q.start >= g;
      while (joined && g < q.start) {
        if (src[g] != '\\' || g + 1 >= q.start) joined = false;
        else if (src[g + 1] == '\n') g += 2;
        else joined = false;
      }
      if (joined) {
        if ((p->flags & W_SRC) || p->voff + p->vlen != x->text.len) {
          SgWord old = *p;
          p->voff = x->text.len;
          p->flags &= ~(uint32_t)W_SRC;
          append_value(x, &old);
        }
        append_value(x, &q);
        if (q.ndyn && !p->ndyn) {
          p->doff = q.doff;
        } else if (q.ndyn && p->doff + p->ndyn != q.doff) {
          /* not adjacent (a word was cooked in between): move both to the end */
          uint32_t nd = x->spans.len / 2;
          VEC_RESERVE(&x->oom, x->spans, 2 * p->ndyn);
          memmove(x->spans.data + 2 * nd, x->spans.data + 2 * p->doff, (size_t)p->ndyn * 8);
          x->spans.len += 2 * p->ndyn;
          p->doff = nd;
          VEC_RESERVE(&x->oom, x->spans, 2 * q.ndyn);
          memmove(x->spans.data + x->spans.len, x->spans.data + 2 * q.doff, (size_t)q.ndyn * 8);
          q.doff = x->spans.len / 2;
          x->spans.len += 2 * q.ndyn;
        }
        for (uint32_t j = 0; j < 2 * q.ndyn; j++) x->spans.data[2 * q.doff + j] += (int32_t)p->vlen;
        p->vlen += q.vlen;
        p->ndyn += q.ndyn;
        p->end = q.end;
        p->flags |= q.flags & ~(uint32_t)(W_TILDE | W_SRC);
        /* glued as bash glues it, unless a glued argv[0] reads as an assignment or reserved word */
        if (out > 1 || sg_glued_name_ok(x->text.data + p->voff, p->vlen)) VEC_PUSH(&x->oom, x->glued, gap);
        continue;
      }
    }
    argv[out++] = argv[i];
  }
  *count = out;
}
