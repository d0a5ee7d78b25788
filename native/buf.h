/* Growable arrays. They live in per-environment state and are reused across calls, so the
 * steady state allocates nothing; they grow geometrically and are trimmed after a huge input. */
#ifndef SG_BUF_H
#define SG_BUF_H

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SG_VEC(T) struct { T *data; uint32_t len, cap; }

/* Grows *data to hold at least `need` elements of `elem` bytes; NULL-safe, geometric (x2).
 * Returns 0 on allocation failure (the old block stays valid). */
static inline int sg_grow(void **data, uint32_t *cap, uint64_t need, size_t elem) {
  if (need <= *cap) return 1;
  uint64_t n = *cap ? *cap : 16;
  while (n < need) n *= 2;
  if (n > UINT32_MAX || n * elem > SIZE_MAX / 2) return 0;
  void *p = realloc(*data, (size_t)(n * elem));
  if (!p) return 0;
  *data = p;
  *cap = (uint32_t)n;
  return 1;
}

/* All allocation failures during one extraction jump back to the entry point (the only
 * resources are these pools, owned by the environment, and the tree, freed there). */
typedef struct { jmp_buf jb; } sg_oom_t;

#define VEC_RESERVE(oom, v, n)                                                                 \
  do {                                                                                         \
    if ((uint64_t)(v).len + (n) > (v).cap &&                                                  \
        !sg_grow((void **)&(v).data, &(v).cap, (uint64_t)(v).len + (n), sizeof *(v).data))   \
      longjmp((oom)->jb, 1);                                                                   \
  } while (0)

#define VEC_PUSH(oom, v, x)            \
  do {                                 \
    VEC_RESERVE(oom, v, 1);            \
    (v).data[(v).len++] = (x);         \
  } while (0)

/* Frees a pool that grew past `bytes` (one huge input must not pin its memory forever). */
#define VEC_TRIM(v, bytes)                                         \
  do {                                                             \
    if ((size_t)(v).cap * sizeof *(v).data > (size_t)(bytes)) {    \
      free((v).data);                                              \
      (v).data = NULL;                                             \
      (v).cap = 0;                                                 \
    }                                                              \
    (v).len = 0;                                                   \
  } while (0)

#define VEC_FREE(v)      \
  do {                   \
    free((v).data);      \
    (v).data = NULL;     \
    (v).len = (v).cap = 0; \
  } while (0)

#endif
