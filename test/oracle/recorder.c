/* LD_PRELOAD library for the bash oracle (test/oracle/): loaded into a bash running inside the
 * read-only bubblewrap sandbox, it turns every execve bash (or a subshell of it) makes into one
 * record in the log, then ends that process with status ORACLE_STATUS instead of running anything.
 * No program is ever executed, whatever its path: /bin/rm, ./x and PATH lookups alike (bash's
 * command_not_found_handle, set by the prelude, execs the marker path ORACLE_NOT_FOUND for names
 * PATH does not hold, so those are recorded the same way).
 *
 * Record: the case's tag (ORACLE_TAG), kind, path, argv... separated by tabs, ended by a newline; `\`, tab and newline inside a
 * field are written as \\, \t and \n. fork() is capped (ORACLE_MAX_FORKS per sandbox run, counted in
 * a shared file) so a fork bomb in a mutated line cannot exhaust the machine: root is exempt from
 * RLIMIT_NPROC. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define LOG_FD 1017
#define COUNT_FD 1018
#define NOT_FOUND "/.oracle-not-found"

static int status;
static long max_forks = 2000;
static char tag[32];


__attribute__((constructor)) static void init(void) {
  const char *log = getenv("ORACLE_LOG"), *count = getenv("ORACLE_COUNT");
  const char *st = getenv("ORACLE_STATUS"), *mf = getenv("ORACLE_MAX_FORKS");
  const char *tg = getenv("ORACLE_TAG");
  status = st ? atoi(st) : 0;
  if (mf) max_forks = atol(mf);
  /* every record names its case, so a straggler of an earlier case cannot be misattributed */
  if (tg) strncpy(tag, tg, sizeof tag - 1);
  int fd = log ? open(log, O_WRONLY | O_APPEND | O_CLOEXEC) : -1;
  if (fd >= 0 && fd != LOG_FD) {
    dup3(fd, LOG_FD, O_CLOEXEC);
    close(fd);
  }
  fd = count ? open(count, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600) : -1;
  if (fd >= 0 && fd != COUNT_FD) {
    dup3(fd, COUNT_FD, O_CLOEXEC);
    close(fd);
  }
}

typedef struct {
  char data[16384];
  size_t n;
  int full;
} Rec;

static void put_char(Rec *r, char c) {
  if (r->n + 2 >= sizeof r->data) {
    r->full = 1;
    return;
  }
  r->data[r->n++] = c;
}

static void put_field(Rec *r, const char *s) {
  put_char(r, '\t');
  for (; s && *s; s++) {
    if (*s == '\\' || *s == '\t' || *s == '\n') {
      put_char(r, '\\');
      put_char(r, *s == '\t' ? 't' : *s == '\n' ? 'n' : '\\');
    } else {
      put_char(r, *s);
    }
  }
}

int execve(const char *path, char *const argv[], char *const envp[]) {
  (void)envp;
  static Rec r;
  r.n = 0;
  r.full = 0;
  int nf = strcmp(path, NOT_FOUND) == 0;
  for (const char *t = tag; *t; t++) put_char(&r, *t);
  put_char(&r, '\t');
  put_char(&r, nf ? 'N' : 'X');
  put_field(&r, path);
  /* the not-found handler passes the command's own argv after the marker */
  for (int i = nf ? 1 : 0; argv[i]; i++) put_field(&r, argv[i]);
  if (r.full) {
    r.n = 0;
    for (const char *t = tag; *t; t++) put_char(&r, *t);
    put_char(&r, '\t');
    put_char(&r, 'T'); /* too long to record: the oracle counts it apart */
    put_field(&r, path);
  }
  put_char(&r, '\n');
  if (write(LOG_FD, r.data, r.n) < 0) _exit(125);
  _exit(status);
}

/* bash may also use these; none of them may run a program either. */
int execv(const char *path, char *const argv[]) { return execve(path, argv, NULL); }
int execvp(const char *file, char *const argv[]) { return execve(file, argv, NULL); }
int execvpe(const char *file, char *const argv[], char *const envp[]) { return execve(file, argv, envp); }
int fexecve(int fd, char *const argv[], char *const envp[]) {
  (void)fd;
  return execve("/.oracle-fexecve", argv, envp);
}

pid_t fork(void) {
  static pid_t (*real_fork)(void);
  if (!real_fork) real_fork = (pid_t(*)(void))dlsym(RTLD_NEXT, "fork");
  struct stat st;
  if (write(COUNT_FD, "f", 1) != 1 || fstat(COUNT_FD, &st) != 0 || st.st_size > max_forks) {
    errno = EAGAIN;
    return -1;
  }
  return real_fork();
}
