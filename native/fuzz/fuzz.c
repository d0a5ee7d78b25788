/* Fuzz target for the fact extractor, built with ASan + UBSan by scripts/fuzz.mjs: the same
 * tree-sitter runtime, bash grammar and extractor (extract.c, cook.c, reading.c) as the addon,
 * fed mutated corpus lines (bit flips, splices, shell metacharacters, deep nesting, huge and
 * binary input) as UTF-16, as the addon receives them. Each input is parsed, walked and written
 * out as records, and the records are checked for sane offsets.
 *
 *   fuzz --corpus FILE (lines separated by NUL) --seed N --seconds S --out DIR
 *
 * A sanitizer report, a crash or a broken record writes the input to DIR/crash-<seed>-<n>.bin
 * (UTF-16LE) before the process dies; the exit status is then non-zero. On success it prints
 * `fuzz: N inputs, seed S`. */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "../sg.h"

const TSLanguage *tree_sitter_bash(void);
void __sanitizer_set_death_callback(void (*)(void));

static uint16_t *cur;
static uint32_t cur_len;
static char out_dir[4096] = ".";
static unsigned long long seed, iteration;

static void save(const char *why) {
  char path[4200];
  snprintf(path, sizeof path, "%s/crash-%llu-%llu.bin", out_dir, seed, iteration);
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(cur, 2, cur_len, f);
    fclose(f);
  }
  fprintf(stderr, "fuzz: %s; input saved to %s\n", why, path);
}

static void on_death(void) { save("sanitizer report"); }
static void on_signal(int sig) {
  save(sig == SIGALRM ? "timeout" : "signal");
  _exit(sig == SIGALRM ? 70 : 71);
}

static uint64_t rng_state;
static uint64_t next(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static uint32_t below(uint32_t n) { return n ? (uint32_t)(next() % n) : 0; }

typedef SG_VEC(uint16_t) U16;
static sg_oom_t oom;

static void put(U16 *v, uint16_t c) { VEC_PUSH(&oom, *v, c); }
static void put_str(U16 *v, const char *s) {
  while (*s) put(v, (uint8_t)*s++);
}

static const char *const META[] = {
  "\r", "\v", "\f", "\\\n", "\\\r\n", "\n", "\t", " ", "#", ";", "&&", "||", "|", "&", "$(", ")", "`", "'", "\"",
  "\\", "<<EOF\n", "\nEOF\n", "<<-EOF\n\t", "<<'E'\n", "\nE\n", "$'\\r'", "{", "}", "(", "((", "))", "[[", "]]",
  "!", "$", "${", "=", "\\ ", "<(", ">(", "``", "$((", "case x in a) ;; esac", "if ", " then ", " fi", "<<<", "2>&1",
  " \\`x\\` ", "$[", "for i in", "do ", " done", "\\\n#", "\r#", " <<A <<B\n", "\nA\n", "\nB\n",
};
#define NMETA (sizeof META / sizeof *META)

typedef struct { uint16_t *s; uint32_t n; } Line;

/* One mutated input into v, from corpus lines. */
static void make_input(U16 *v, const Line *lines, uint32_t nlines) {
  v->len = 0;
  const Line *a = &lines[below(nlines)];
  for (uint32_t i = 0; i < a->n; i++) put(v, a->s[i]);
  uint32_t ops = 1 + below(8);
  for (uint32_t op = 0; op < ops; op++) {
    uint32_t at = below(v->len + 1), k = below(100);
    if (k < 30) { /* insert a metacharacter or construct */
      U16 t = {0};
      put_str(&t, META[below(NMETA)]);
      VEC_RESERVE(&oom, *v, t.len);
      memmove(v->data + at + t.len, v->data + at, (size_t)(v->len - at) * 2);
      memcpy(v->data + at, t.data, (size_t)t.len * 2);
      v->len += t.len;
      VEC_FREE(t);
    } else if (k < 45 && v->len) { /* bit flip, sometimes outside ASCII */
      uint32_t i = below(v->len);
      v->data[i] ^= (uint16_t)(1u << below(k < 40 ? 7 : 16));
    } else if (k < 60) { /* splice another line */
      const Line *b = &lines[below(nlines)];
      uint32_t from = below(b->n + 1);
      v->len = at;
      for (uint32_t i = from; i < b->n; i++) put(v, b->s[i]);
    } else if (k < 70 && v->len) { /* delete a chunk */
      uint32_t n = below(v->len - at + 1);
      memmove(v->data + at, v->data + at + n, (size_t)(v->len - at - n) * 2);
      v->len -= n;
    } else if (k < 80) { /* deep nesting around the input */
      static const char *const open[] = {"$(", "(", "{ ", "`", "\"$(", "$((", "if a; then ", "<(", "${x:-"};
      static const char *const close[] = {")", ")", "; }", "`", ")\"", "))", "; fi", ")", "}"};
      uint32_t w = below(sizeof open / sizeof *open), depth = 1 + below(below(4) ? 50 : 3000);
      U16 t = {0};
      for (uint32_t d = 0; d < depth; d++) put_str(&t, open[w]);
      for (uint32_t i = 0; i < v->len; i++) put(&t, v->data[i]);
      for (uint32_t d = 0; d < depth; d++) put_str(&t, close[w]);
      VEC_FREE(*v);
      *v = t;
    } else if (k < 85 && v->len) { /* huge: repeat a chunk */
      uint32_t from = below(v->len), n = 1 + below(v->len - from), times = 1 + below(2000);
      if ((uint64_t)n * times > 200000) times = 200000 / n + 1;
      for (uint32_t t = 0; t < times; t++)
        for (uint32_t i = 0; i < n; i++) put(v, v->data[from + i]);
    } else if (k < 92) { /* binary: random code units, lone surrogates and NULs included */
      for (uint32_t n = 1 + below(16); n; n--) put(v, (uint16_t)(below(4) ? below(256) : next()));
    } else { /* a heredoc around it */
      U16 t = {0};
      put_str(&t, below(2) ? "cat <<EOF\n" : "cat <<-'EOF' | sh\n\t");
      for (uint32_t i = 0; i < v->len; i++) put(&t, v->data[i]);
      put_str(&t, below(2) ? "\nEOF\n" : "\n\tEOF");
      VEC_FREE(*v);
      *v = t;
    }
  }
}

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The addon's parse budget (2 s of CPU): a slower parse becomes one ERROR, as in production. */
static clock_t parse_deadline;
static bool past_deadline(TSParseState *state) {
  (void)state;
  return clock() > parse_deadline;
}

static const char *read_input(void *payload, uint32_t byte, TSPoint pos, uint32_t *n) {
  (void)pos;
  const uint16_t *s = payload;
  uint32_t total = cur_len * 2;
  *n = byte < total ? total - byte : 0;
  return (const char *)s + (byte < total ? byte : 0);
}

/* Cheap invariants over the records (layout: src/facts/native.ts). */
static const char *check_records(const int32_t *r, uint64_t size, uint32_t len) {
  if ((uint64_t)r[0] != size) return "record size mismatch";
  const int32_t *p = r + 4;
  for (int32_t i = 0; i < r[2]; i++, p += 4)
    if (p[1] < 0 || p[2] < p[1] || (uint32_t)p[2] > len || p[3] >= i) return "bad construct";
  for (int32_t i = 0; i < r[3]; i++, p += 3)
    if (p[1] < 0 || p[2] < p[1] || (uint32_t)p[2] > len) return "bad error range";
  /* the first command (words follow it; their layout is checked by the JS decoder in the tests) */
  if (r[1] > 0 && (p[0] < 0 || p[1] < p[0] || (uint32_t)p[1] > len)) return "bad command range";
  return NULL;
}

int main(int argc, char **argv) {
  const char *corpus = NULL;
  double seconds = 5;
  seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--corpus")) corpus = argv[i + 1];
    else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
    else if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--out")) snprintf(out_dir, sizeof out_dir, "%s", argv[i + 1]);
  }
  if (!corpus) {
    fprintf(stderr, "usage: fuzz --corpus FILE [--seed N] [--seconds S] [--out DIR]\n");
    return 2;
  }
  FILE *f = fopen(corpus, "rb");
  if (!f) return perror(corpus), 2;
  SG_VEC(char) raw = {0};
  SG_VEC(Line) lines = {0};
  if (setjmp(oom.jb)) return fprintf(stderr, "fuzz: out of memory\n"), 2;
  char buf[65536];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
    VEC_RESERVE(&oom, raw, got);
    memcpy(raw.data + raw.len, buf, got);
    raw.len += (uint32_t)got;
  }
  fclose(f);
  for (uint32_t i = 0, start = 0; i <= raw.len; i++) {
    if (i < raw.len && raw.data[i]) continue;
    Line l = {malloc((size_t)(i - start + 1) * 2), i - start};
    for (uint32_t j = 0; j < l.n; j++) l.s[j] = (uint8_t)raw.data[start + j]; /* bytes as code units */
    VEC_PUSH(&oom, lines, l);
    start = i + 1;
  }
  rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
  __sanitizer_set_death_callback(on_death);
  signal(SIGALRM, on_signal);

  const TSLanguage *lang = tree_sitter_bash();
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, lang);
  SgCtx x = {0};
  uint8_t *kinds;
  int8_t *cons_type;
  sg_init_tables(lang, &kinds, &cons_type, &x.nsym);
  x.kinds = kinds;
  x.cons_type = cons_type;
  x.f_body = ts_language_field_id_for_name(lang, "body", 4);
  x.f_name = ts_language_field_id_for_name(lang, "name", 4);
  x.f_argument = ts_language_field_id_for_name(lang, "argument", 8);
  x.f_value = ts_language_field_id_for_name(lang, "value", 5);
  x.f_destination = ts_language_field_id_for_name(lang, "destination", 11);

  U16 input = {0};
  SG_VEC(uint16_t) copy = {0};
  SG_VEC(int32_t) recs = {0};
  uint64_t deadline = now_ms() + (uint64_t)(seconds * 1000);
  for (iteration = 0; now_ms() < deadline; iteration++) {
    make_input(&input, lines.data, lines.len);
    cur = input.data;
    cur_len = input.len;
    alarm(60); /* a hang outside the parse (which has its budget) fails the run */
    const uint16_t *parse_src = sg_parse_input(cur, cur_len, &copy.data, &copy.cap);
    TSInput in = {(void *)parse_src, read_input, TSInputEncodingUTF16LE, NULL};
    parse_deadline = clock() + 2 * CLOCKS_PER_SEC;
    TSParseOptions opts = {NULL, past_deadline};
    TSTree *tree = ts_parser_parse_with_options(parser, NULL, in, opts);
    if (!tree) ts_parser_reset(parser);
    sg_ctx_reset(&x);
    x.src = cur;
    x.len = cur_len;
    if (setjmp(x.oom.jb)) {
      save("out of memory");
      return 3;
    }
    if (tree) sg_extract(&x, tree);
    else sg_extract_timeout(&x);
    if (tree) ts_tree_delete(tree);
    uint64_t size = sg_records_size(&x);
    recs.len = 0;
    VEC_RESERVE(&x.oom, recs, size);
    sg_write_records(&x, recs.data);
    const char *bad = check_records(recs.data, size, cur_len);
    if (bad) {
      save(bad);
      return 4;
    }
    alarm(0);
  }
  printf("fuzz: %llu inputs, seed %llu\n", iteration, seed);
  sg_ctx_free(&x);
  ts_parser_delete(parser);
  free(kinds);
  free(cons_type);
  for (uint32_t i = 0; i < lines.len; i++) free(lines.data[i].s);
  VEC_FREE(lines);
  VEC_FREE(raw);
  VEC_FREE(input);
  VEC_FREE(copy);
  VEC_FREE(recs);
  return 0;
}
