/* Node-API glue. Everything mutable lives in per-environment instance data (one TSParser and one
 * set of pools per main thread or worker), so any number of worker_threads may extract at once.
 *
 *   extract(source: string, out: Int32Array, timeoutMs?: number) -> string | [Int32Array, string]
 *     Writes the records into `out` and returns the cooked values string; when `out` is too
 *     small it returns a new, larger Int32Array holding them, with the string.
 *   parseOnly(source: string, timeoutMs?: number) -> boolean (false if the time budget ran out)
 */
#include <node_api.h>

#include "sg.h"

/* The parse budget counts this thread's CPU time, not wall time: whether a command parses must
 * depend on the command, not on how loaded the machine is. */
#ifdef _WIN32
#include <windows.h>
static uint64_t cpu_us(void) {
  FILETIME created, exited, kernel, user;
  if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
  uint64_t k = ((uint64_t)kernel.dwHighDateTime << 32) | kernel.dwLowDateTime;
  uint64_t u = ((uint64_t)user.dwHighDateTime << 32) | user.dwLowDateTime;
  return (k + u) / 10; /* 100 ns units */
}
#else
#include <time.h>
static uint64_t cpu_us(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}
#endif

const TSLanguage *tree_sitter_bash(void);

#define DEFAULT_TIMEOUT_MS 2000

typedef struct {
  TSParser *parser;
  uint8_t *kinds;
  int8_t *cons_type;
  SG_VEC(uint16_t) src;
  uint32_t src_len;
  SG_VEC(uint16_t) parse_copy; /* the source as tree-sitter reads it (reading.c) */
  const uint16_t *parse_src;
  uint64_t budget_us, deadline_us;
  uint32_t progress_calls;
  SgCtx x;
} Env;

static void env_free(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  Env *e = data;
  if (!e) return;
  if (e->parser) ts_parser_delete(e->parser);
  sg_ctx_free(&e->x);
  VEC_FREE(e->src);
  VEC_FREE(e->parse_copy);
  free(e->kinds);
  free(e->cons_type);
  free(e);
}

static napi_value throw_error(napi_env env, const char *msg) {
  napi_throw_error(env, NULL, msg);
  return NULL;
}

/* Copies the JS string into e->src as UTF-16 code units (lone surrogates and NULs included). One
 * napi call in the common case: the reusable buffer is tried first, the length asked only if full. */
static bool read_source(napi_env env, Env *e, napi_value v) {
  size_t got = 0;
  if (e->src.cap < 256 && !sg_grow((void **)&e->src.data, &e->src.cap, 256, 2)) return false;
  if (napi_get_value_string_utf16(env, v, (char16_t *)e->src.data, e->src.cap, &got) != napi_ok)
    return false;
  if (got + 1 >= e->src.cap) {
    size_t len = 0;
    if (napi_get_value_string_utf16(env, v, NULL, 0, &len) != napi_ok) return false;
    if (len > (UINT32_MAX >> 1) - 2) return false; /* tree-sitter offsets are 32-bit bytes */
    if (len + 1 >= e->src.cap) {
      if (!sg_grow((void **)&e->src.data, &e->src.cap, (uint64_t)len + 2, 2)) return false;
      if (napi_get_value_string_utf16(env, v, (char16_t *)e->src.data, e->src.cap, &got) != napi_ok)
        return false;
    }
  }
  e->src_len = (uint32_t)got;
  return true;
}

static const char *read_input(void *payload, uint32_t byte, TSPoint pos, uint32_t *bytes_read) {
  (void)pos;
  Env *e = payload;
  uint32_t total = e->src_len * 2;
  *bytes_read = byte < total ? total - byte : 0;
  return (const char *)e->parse_src + (byte < total ? byte : 0);
}

/* Called every 100 parser operations. Reading a thread CPU clock is a system call, so the clock is
 * read only on every 8th call, and the budget starts at the first read: a typical command parses
 * in fewer operations and never pays for it. */
static bool past_deadline(TSParseState *state) {
  Env *e = state->payload;
  if ((++e->progress_calls & 7) != 0) return false;
  uint64_t now = cpu_us();
  if (e->progress_calls == 8) e->deadline_us = now + e->budget_us;
  return now > e->deadline_us;
}

/* Parses e->src within the time budget; NULL when it ran out (the parser is reset for reuse) or
 * the copy tree-sitter reads could not be allocated (*oom set). */
static TSTree *parse(Env *e, double timeout_ms, bool *oom) {
  e->parse_src = sg_parse_input(e->src.data, e->src_len, &e->parse_copy.data, &e->parse_copy.cap);
  *oom = e->parse_src == NULL;
  if (*oom) return NULL;
  static const uint16_t one = 1;
  TSInput in = {e, read_input, *(const uint8_t *)&one ? TSInputEncodingUTF16LE : TSInputEncodingUTF16BE,
                NULL};
  TSParseOptions opts = {e, past_deadline};
  e->progress_calls = 0;
  e->budget_us = (uint64_t)(timeout_ms * 1000.0);
  TSTree *t = ts_parser_parse_with_options(e->parser, NULL, in, opts);
  if (!t) ts_parser_reset(e->parser);
  return t;
}

static bool get_args(napi_env env, napi_callback_info info, size_t want, napi_value *argv,
                     size_t *argc, Env **e) {
  *argc = want;
  if (napi_get_cb_info(env, info, argc, argv, NULL, NULL) != napi_ok) return false;
  if (napi_get_instance_data(env, (void **)e) != napi_ok || !*e) return false;
  napi_valuetype t;
  if (*argc < 1 || napi_typeof(env, argv[0], &t) != napi_ok || t != napi_string) {
    napi_throw_type_error(env, NULL, "source must be a string");
    return false;
  }
  return true;
}

static double timeout_arg(napi_env env, napi_value *argv, size_t argc, size_t i) {
  double ms = DEFAULT_TIMEOUT_MS;
  napi_valuetype t;
  if (argc > i && napi_typeof(env, argv[i], &t) == napi_ok && t == napi_number) {
    napi_get_value_double(env, argv[i], &ms);
    if (!(ms >= 0)) ms = 0;
    if (ms > 3600e3) ms = 3600e3;
  }
  return ms;
}

static napi_value js_parse_only(napi_env env, napi_callback_info info) {
  napi_value argv[2], result;
  size_t argc;
  Env *e;
  if (!get_args(env, info, 2, argv, &argc, &e)) return NULL;
  if (!read_source(env, e, argv[0])) return throw_error(env, "cannot read source string");
  bool oom;
  TSTree *t = parse(e, timeout_arg(env, argv, argc, 1), &oom);
  if (oom) return throw_error(env, "shellguard: out of memory parsing");
  if (t) ts_tree_delete(t);
  napi_get_boolean(env, t != NULL, &result);
  return result;
}

static napi_value js_extract(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  size_t argc;
  Env *e;
  if (!get_args(env, info, 3, argv, &argc, &e)) return NULL;
  if (!read_source(env, e, argv[0])) return throw_error(env, "cannot read source string");

  SgCtx *x = &e->x;
  sg_ctx_reset(x);
  x->src = e->src.data;
  x->len = e->src_len;
  bool oom;
  TSTree *volatile tree = parse(e, timeout_arg(env, argv, argc, 2), &oom);
  if (oom) return throw_error(env, "shellguard: out of memory parsing");
  uint64_t size;
  if (setjmp(x->oom.jb)) {
    if (tree) ts_tree_delete(tree);
    sg_ctx_reset(x);
    return throw_error(env, "shellguard: out of memory extracting facts");
  }
  if (tree) sg_extract(x, tree);
  else sg_extract_timeout(x);
  if (tree) {
    ts_tree_delete(tree);
    tree = NULL;
  }
  size = sg_records_size(x);
  if (size > INT32_MAX) return throw_error(env, "shellguard: facts too large");

  /* Records go straight into the caller's Int32Array when it is big enough. */
  napi_value out = NULL, values;
  int32_t *dst = NULL;
  bool is_ta = false;
  if (argc > 1) napi_is_typedarray(env, argv[1], &is_ta);
  if (is_ta) {
    napi_typedarray_type tt;
    size_t len;
    void *data;
    if (napi_get_typedarray_info(env, argv[1], &tt, &len, &data, NULL, NULL) == napi_ok &&
        tt == napi_int32_array && len >= size)
      dst = data;
  }
  if (!dst) {
    size_t n = (size_t)size + (size_t)size / 2 + 64; /* headroom: the caller keeps this one */
    napi_value ab;
    void *data;
    if (napi_create_arraybuffer(env, n * 4, &data, &ab) != napi_ok ||
        napi_create_typedarray(env, napi_int32_array, n, ab, 0, &out) != napi_ok)
      return throw_error(env, "shellguard: cannot allocate the records array");
    dst = data;
  }
  sg_write_records(x, dst);
  static const uint16_t empty = 0;
  if (napi_create_string_utf16(env, x->text.len ? (const char16_t *)x->text.data : (const char16_t *)&empty,
                               x->text.len, &values) != napi_ok)
    return throw_error(env, "shellguard: cannot create the values string");
  if (!out) return values;
  napi_value pair;
  napi_create_array_with_length(env, 2, &pair);
  napi_set_element(env, pair, 0, out);
  napi_set_element(env, pair, 1, values);
  return pair;
}

NAPI_MODULE_INIT() {
  Env *e = calloc(1, sizeof *e);
  if (!e) return throw_error(env, "shellguard: out of memory");
  const TSLanguage *lang = tree_sitter_bash();
  e->parser = ts_parser_new();
  if (!e->parser || !ts_parser_set_language(e->parser, lang) ||
      !sg_init_tables(lang, &e->kinds, &e->cons_type, &e->x.nsym)) {
    env_free(env, e, NULL);
    return throw_error(env, "shellguard: cannot initialise the bash parser");
  }
  e->x.kinds = e->kinds;
  e->x.cons_type = e->cons_type;
  e->x.f_body = ts_language_field_id_for_name(lang, "body", 4);
  e->x.f_name = ts_language_field_id_for_name(lang, "name", 4);
  e->x.f_argument = ts_language_field_id_for_name(lang, "argument", 8);
  e->x.f_value = ts_language_field_id_for_name(lang, "value", 5);
  e->x.f_destination = ts_language_field_id_for_name(lang, "destination", 11);
  if (napi_set_instance_data(env, e, env_free, NULL) != napi_ok) {
    env_free(env, e, NULL);
    return throw_error(env, "shellguard: cannot set instance data");
  }
  napi_property_descriptor props[] = {
    {"extract", NULL, js_extract, NULL, NULL, NULL, napi_enumerable, NULL},
    {"parseOnly", NULL, js_parse_only, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  napi_define_properties(env, exports, sizeof props / sizeof *props, props);
  return exports;
}
