/* Where tree-sitter-bash reads a line differently from bash (docs/facts.md "Reading like bash";
 * the reference is src/facts/bash-reading.ts, which these functions mirror). Every scan is linear. */
#include "sg.h"

#define SRC_AT(n) (ts_node_start_byte(n) >> 1)
#define SRC_END(n) (ts_node_end_byte(n) >> 1)
#define PRIVATE_USE 0xE000

/* Skipping and extglob scans below return the index after what they skipped, or on failure
 * -1 minus the index where they stopped (the caller goes on from there: every scan is linear). */

static bool word_start(const uint16_t *s, int64_t i) {
  if (i == 0) return true;
  uint16_t c = s[i - 1];
  return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' ||
         c == '<' || c == '>' || c == '`';
}

/* A quoted string opened at i (`'`, `$'` when ansi, `"`, `` ` ``); on one line unless multiline. */
static int64_t skip_quoted(const uint16_t *s, int64_t len, int64_t i, bool ansi, bool multiline) {
  uint16_t q = s[i];
  for (int64_t j = i + 1; j < len; j++) {
    if (s[j] == '\n' && !multiline) return -1 - j;
    if (s[j] == '\\' && (q != '\'' || ansi)) j++;
    else if (s[j] == q) return j + 1;
  }
  return -1 - len;
}

/* `$(…)` or `${…}` whose bracket is at i, on one line. */
static int64_t skip_nested(const uint16_t *s, int64_t len, int64_t i) {
  uint16_t open = s[i], close = open == '(' ? ')' : '}';
  int64_t depth = 0;
  for (int64_t j = i; j < len; j++) {
    uint16_t c = s[j];
    if (c == '\n' || c == '`') return -1 - j;
    if (c == '\\') j++;
    else if (c == '\'' || c == '"') {
      int64_t e = skip_quoted(s, len, j, c == '\'' && j > 0 && s[j - 1] == '$', false);
      if (e < 0) return e;
      j = e - 1;
    } else if (c == open) depth++;
    else if (c == close && --depth == 0) return j + 1;
  }
  return -1 - len;
}

/* The extglob pattern whose `(` is at open (extglobEnd in src/facts/bash-reading.ts): with out,
 * its parentheses, `|` and blanks outside quotes and nested expansions become U+E000 there (the
 * caller passes out only once a dry run succeeded). */
static int64_t extglob_end(const uint16_t *s, int64_t len, int64_t open, uint16_t *out) {
  int64_t depth = 1;
  bool content = false;
  if (out) out[open] = PRIVATE_USE;
  for (int64_t j = open + 1; j < len; j++) {
    uint16_t c = s[j];
    /* `;`, `&`, `<`, `>` are pattern text to bash here, but would split the word for tree-sitter */
    if (c == '\n' || c == ';' || c == '&' || c == '<' || c == '>') return -1 - j;
    if (c == ' ' || c == '\t' || c == '|') {
      if (out) out[j] = PRIVATE_USE;
      content = content || c == '|';
      continue;
    }
    if (c == '(') {
      depth++;
      if (out) out[j] = PRIVATE_USE;
    } else if (c == ')') {
      if (out) out[j] = PRIVATE_USE;
      if (--depth == 0) return content ? j + 1 : -1 - j;
    } else if (c == '\\') {
      if (j + 1 < len && s[j + 1] == '\n') return -1 - j;
      j++;
    } else if (c == '\'' || c == '"' || c == '`' || (c == '$' && j + 1 < len && (s[j + 1] == '(' || s[j + 1] == '{'))) {
      int64_t e = c == '$' ? skip_nested(s, len, j + 1) : skip_quoted(s, len, j, c == '\'' && j > 0 && s[j - 1] == '$', false);
      if (e < 0) return e;
      j = e - 1;
    }
    content = true;
  }
  return -1 - len;
}

/* extglobMarks: every extglob pattern bash reads as part of a word, neutralised in out (NULL:
 * only whether there is one). */
static bool neutralise_extglobs(const uint16_t *s, int64_t len, uint16_t *out) {
  bool any = false;
  for (int64_t i = 0; i < len; i++) {
    uint16_t c = s[i];
    if (c == '\\') i++;
    else if (c == '\'' || c == '"') {
      int64_t e = skip_quoted(s, len, i, c == '\'' && i > 0 && s[i - 1] == '$', true);
      if (e < 0) break;
      i = e - 1;
    } else if (c == '#' && word_start(s, i)) {
      while (i < len && s[i] != '\n') i++;
    } else if ((c == '?' || c == '*' || c == '+' || c == '@' || c == '!') && i + 1 < len && s[i + 1] == '(' &&
               !(i > 0 && s[i - 1] == '$') && !(c == '!' && word_start(s, i))) {
      int64_t e = extglob_end(s, len, i + 1, NULL);
      if (e >= 0) {
        any = true;
        if (out) extglob_end(s, len, i + 1, out);
      }
      i = (e >= 0 ? e : -1 - e) - 1;
    }
  }
  return any;
}

/* The text tree-sitter reads (parseCopy): CR, VT, FF, and the parentheses, `|` and blanks of
 * extglob patterns become U+E000, same length; returns src itself when nothing changes, NULL
 * when the copy cannot be allocated. */
const uint16_t *sg_parse_input(const uint16_t *src, uint32_t len, uint16_t **buf, uint32_t *cap) {
  bool blank_like = false, maybe_extglob = false;
  for (uint32_t i = 0; i < len; i++) {
    uint16_t c = src[i];
    if (c == '\r' || c == '\v' || c == '\f') blank_like = true;
    else if (c == '(' && i > 0 && (src[i - 1] == '?' || src[i - 1] == '*' || src[i - 1] == '+' || src[i - 1] == '@' || src[i - 1] == '!'))
      maybe_extglob = true;
  }
  if (maybe_extglob) maybe_extglob = neutralise_extglobs(src, len, NULL);
  if (!blank_like && !maybe_extglob) return src;
  if (!sg_grow((void **)buf, cap, (uint64_t)len + 1, 2)) return NULL;
  uint16_t *out = *buf;
  memcpy(out, src, (size_t)len * 2);
  for (uint32_t i = 0; i < len; i++)
    if (out[i] == '\r' || out[i] == '\v' || out[i] == '\f') out[i] = PRIVATE_USE;
  if (maybe_extglob) neutralise_extglobs(src, len, out);
  return out;
}

static void push_error(SgCtx *x, uint32_t start, uint32_t end) {
  SgErr er = {0, start, end};
  VEC_PUSH(&x->oom, x->errs, er);
}

/* The extras between two siblings: an escape other than `\`+newline is an ERROR, so is a newline
 * inside a simple command; continuations alone are a joint, settled after the walk. Returns
 * whether it reported anything. */
bool sg_scan_gap(SgCtx *x, uint32_t from, uint32_t to, bool in_command) {
  const uint16_t *s = x->src;
  bool only = to > from;
  for (uint32_t i = from; i < to; i++) {
    if (s[i] == '\\') {
      if (i + 1 < to && s[i + 1] == '\n') {
        i++;
        continue;
      }
      push_error(x, i, i + 2 < to ? i + 2 : to);
      return true;
    }
    only = false;
    if (s[i] == '\n' && in_command) {
      push_error(x, i, i + 1);
      return true;
    }
  }
  if (only && from > 0) {
    VEC_PUSH(&x->oom, x->joints, from);
    VEC_PUSH(&x->oom, x->joints, to);
    return true;
  }
  return false;
}

/* A `\`+newline inside a token after `$`, `<` or `>` (skipping earlier pairs): bash deletes the
 * pair first and may read an expansion tree-sitter did not. In backquotes, `\`` and `\$` too. */
void sg_scan_token(SgCtx *x, uint32_t from, uint32_t to, bool in_backquotes, bool is_word) {
  const uint16_t *s = x->src;
  /* `!(x)`: tree-sitter reads `! (x)` (bash without extglob), bash with extglob a glob word it runs */
  if (!is_word && to == from + 1 && s[from] == '!' && to < x->len && s[to] == '(') return push_error(x, from, to + 1);
  /* a command substitution inside one token (tree-sitter's extglob_pattern or regex swallows `$(…)`, `` `…` ``) */
  /* (an expansion's own opening token, `$(`, `${`, `` ` ``, may start with the blanks before it) */
  uint32_t k = from;
  while (k < to && (s[k] == ' ' || s[k] == '\t')) k++;
  bool swallows = k < to && s[k] != '$' && s[k] != '`';
  for (uint32_t i = from; i < to; i++) {
    if (swallows && (s[i] == '`' || (s[i] == '$' && i + 1 < to && s[i + 1] == '(')))
      return push_error(x, i, to);
    if (is_word && s[i] == '\n') return push_error(x, i, i + 1); /* bash ends the word there */
    if (s[i] != '\\') continue;
    /* inside backquotes bash unescapes \` and \$ before parsing the command */
    if (in_backquotes && i + 1 < to && (s[i + 1] == '`' || s[i + 1] == '$')) return push_error(x, i, i + 2);
    if (i + 1 < to && s[i + 1] == '\n') {
      int64_t p = (int64_t)i - 1;
      while (p >= 1 && s[p] == '\n' && s[p - 1] == '\\') p -= 2;
      if (p >= 0 && (s[p] == '$' || s[p] == '<' || s[p] == '>')) return push_error(x, i, i + 2);
    }
    i++;
  }
}

/* An assignment tree-sitter parsed must start with a name bash accepts (`--x=1` is a command) and
 * have its `=` right after the name or the subscript's matching `]` (`a[1] =2 y` runs `a[1]`);
 * blanks before it only come from an arithmetic `for ((i = 0; …))`. */
bool sg_assignment_name_ok(const SgCtx *x, uint32_t start, uint32_t end) {
  const uint16_t *s = x->src;
  if (start >= end) return false;
  uint16_t c0 = s[start];
  if (!(c0 == '_' || (c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z'))) return false;
  uint32_t i = start + 1;
  while (i < end && (s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9'))) i++;
  if (i < end && s[i] == '[') {
    for (uint32_t depth = 0; i < end; i++) {
      if (s[i] == '[') depth++;
      else if (s[i] == ']' && --depth == 0) break;
    }
    if (i >= end) return false;
    i++;
  } else {
    while (i < end && (s[i] == ' ' || s[i] == '\t')) i++;
  }
  if (i >= x->len) return false;
  return s[i] == '=' || (s[i] == '+' && i + 1 < x->len && s[i + 1] == '=');
}

/* A test_command's opening `[`/`[[` (ending at open_end) must be a word of its own: bash runs
 * `[abc]` as a command, tree-sitter reads it as `[ abc ]`. */
bool sg_test_open_ok(const SgCtx *x, uint32_t open_end) {
  return open_end < x->len && (x->src[open_end] == ' ' || x->src[open_end] == '\t' || x->src[open_end] == '\n');
}

static bool text_is(const uint16_t *v, uint32_t n, const char *w) {
  uint32_t i = 0;
  for (; i < n && w[i]; i++)
    if (v[i] != (uint8_t)w[i]) return false;
  return i == n && !w[i];
}

static bool name_start(uint16_t c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool name_char(uint16_t c) { return name_start(c) || (c >= '0' && c <= '9'); }

/* A glued argv[0] bash would read as an assignment or a reserved word does not count as glued. */
bool sg_glued_name_ok(const uint16_t *v, uint32_t n) {
  static const char *const reserved[] = {"if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
                                         "while", "until", "for", "in", "select", "function", "time",
                                         "coproc", "{", "}", "!", "[[", "]]"};
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (text_is(v, n, reserved[i])) return false;
  if (n == 0 || !name_start(v[0])) return true;
  uint32_t i = 1;
  while (i < n && name_char(v[i])) i++;
  if (i < n && v[i] == '[') {
    while (i < n && v[i] != ']') i++;
    if (i >= n) return true;
    i++;
  }
  if (i < n && v[i] == '+') i++;
  return !(i < n && v[i] == '=');
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t p = *(const uint32_t *)a, q = *(const uint32_t *)b;
  return p < q ? -1 : p > q;
}

/* After the walk: the text after the last token, then every joint no merge took is an ERROR. */
void sg_finish_reading(SgCtx *x, TSNode root) {
  uint32_t nc = ts_node_child_count(root), njoints = x->joints.len;
  sg_scan_gap(x, nc ? SRC_END(ts_node_child(root, nc - 1)) : 0, x->len, false);
  x->joints.len = njoints; /* nothing follows the tail to be glued to */
  if (x->glued.len > 1) qsort(x->glued.data, x->glued.len, sizeof *x->glued.data, cmp_u32);
  for (uint32_t i = 0; i + 1 < x->joints.len; i += 2) {
    uint32_t at = x->joints.data[i];
    if (!x->glued.len || !bsearch(&at, x->glued.data, x->glued.len, sizeof at, cmp_u32))
      push_error(x, at, x->joints.data[i + 1]);
  }
}

/* bash's heredoc delimiter (quote removal) into x->scratch; -1 when it has `$`/`` ` `` or does not
 * scan, else whether any part was quoted. */
static int heredoc_delimiter(SgCtx *x, uint32_t a, uint32_t b) {
  const uint16_t *s = x->src;
  int quoted = 0;
  x->scratch.len = 0;
  for (uint32_t i = a; i < b; i++) {
    uint16_t c = s[i];
    if (c == '$' || c == '`') return -1;
    if (c == '\\') {
      if (i + 1 >= b) return -1;
      VEC_PUSH(&x->oom, x->scratch, s[++i]);
      quoted = 1;
    } else if (c == '\'') {
      for (i++; i < b && s[i] != '\''; i++) VEC_PUSH(&x->oom, x->scratch, s[i]);
      if (i >= b) return -1;
      quoted = 1;
    } else if (c == '"') {
      quoted = 1;
      for (i++; i < b && s[i] != '"'; i++) {
        if (s[i] == '\\' && i + 1 < b && (s[i + 1] == '\\' || s[i + 1] == '"' || s[i + 1] == '$' || s[i + 1] == '`')) i++;
        VEC_PUSH(&x->oom, x->scratch, s[i]);
      }
      if (i >= b) return -1;
    } else {
      VEC_PUSH(&x->oom, x->scratch, c);
    }
  }
  return x->scratch.len ? quoted : -1;
}

static uint32_t line_start(const SgCtx *x, uint32_t at) {
  while (at > 0 && x->src[at - 1] != '\n') at--;
  return at;
}

static uint32_t line_end(const SgCtx *x, uint32_t at) {
  while (at < x->len && x->src[at] != '\n') at++;
  return at;
}

static bool delimiter_line(const SgCtx *x, uint32_t s, uint32_t e, bool dash) {
  if (dash)
    while (s < e && x->src[s] == '\t') s++;
  return e - s == x->scratch.len && !memcmp(x->src + s, x->scratch.data, (size_t)x->scratch.len * 2);
}

static bool body_expansion(uint32_t k) {
  return k == K_SIMPLE_EXP || k == K_EXPANSION || k == K_CMD_SUBST || k == K_ARITH_EXP;
}

/* The heredoc_redirect n, held to bash's reading of it: its body ends at the first line that is
 * exactly the delimiter, and with an unquoted delimiter every `$(`, `${`, `$[`, `` ` `` in it is
 * an expansion tree-sitter parsed. Else one ERROR at the first disagreement. */
void sg_check_heredoc(SgCtx *x, TSNode n) {
  TSTreeCursor *c = &x->c3;
  bool dash = false, have_start = false, have_body = false, have_end = false;
  uint32_t ds = 0, de = 0, bs = 0, be = 0, es = 0, ee = 0;
  ts_tree_cursor_reset(c, n);
  if (ts_tree_cursor_goto_first_child(c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(c);
      uint32_t k = sg_kind(x, ch);
      if (!ts_node_is_named(ch) && k == T_OP0 + 12) dash = true; /* `<<-` */
      else if (k == K_HEREDOC_START && !have_start) have_start = true, ds = SRC_AT(ch), de = SRC_END(ch);
      else if (k == K_HEREDOC_END && !have_end) have_end = true, es = SRC_AT(ch), ee = SRC_END(ch);
      else if (k == K_HEREDOC_BODY && !have_body) have_body = true, bs = SRC_AT(ch), be = SRC_END(ch);
    } while (ts_tree_cursor_goto_next_sibling(c));
  }
  int quoted = have_start ? heredoc_delimiter(x, ds, de) : -1;
  if (quoted < 0 || !have_end) return push_error(x, SRC_AT(n), SRC_END(n));
  uint32_t last = line_start(x, es);
  if (!delimiter_line(x, last, line_end(x, es), dash)) return push_error(x, es, ee);
  uint32_t first = have_body ? line_start(x, bs) : last;
  if (have_body)
    for (uint32_t i = first; i < bs; i++)
      if (x->src[i] != ' ' && x->src[i] != '\t') return push_error(x, bs, be);
  for (uint32_t s = first; s < last;) {
    uint32_t e = line_end(x, s);
    if (delimiter_line(x, s, e, dash)) return push_error(x, s, e);
    s = e + 1;
  }
  if (quoted) return;
  /* the body's expansions, in order, walked alongside the scan */
  bool more = false;
  TSNode body = {0};
  ts_tree_cursor_reset(c, n);
  if (have_body && ts_tree_cursor_goto_first_child(c)) {
    do {
      if (sg_kind(x, ts_tree_cursor_current_node(c)) == K_HEREDOC_BODY) {
        body = ts_tree_cursor_current_node(c);
        break;
      }
    } while (ts_tree_cursor_goto_next_sibling(c));
    if (!ts_node_is_null(body)) {
      ts_tree_cursor_reset(c, body);
      more = ts_tree_cursor_goto_first_child(c);
    }
  }
  for (uint32_t i = first; i < last; i++) {
    while (more) {
      TSNode ch = ts_tree_cursor_current_node(c);
      if (body_expansion(sg_kind(x, ch)) && SRC_AT(ch) >= i) break;
      more = ts_tree_cursor_goto_next_sibling(c);
    }
    if (more && SRC_AT(ts_tree_cursor_current_node(c)) == i) {
      i = SRC_END(ts_tree_cursor_current_node(c)) - 1;
      more = ts_tree_cursor_goto_next_sibling(c);
      continue;
    }
    uint16_t ch = x->src[i];
    if (ch == '\\' && i + 1 < x->len && x->src[i + 1] == '\n' && i > 0 && x->src[i - 1] == '$')
      return push_error(x, i, last);
    if (ch == '\\') i++;
    else if (ch == '`' || (ch == '$' && i + 1 < x->len && (x->src[i + 1] == '(' || x->src[i + 1] == '{' || x->src[i + 1] == '[')))
      return push_error(x, i, last);
  }
}
