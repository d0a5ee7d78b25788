# Runs inside the bubblewrap sandbox (test/oracle/bash.ts): each case file $1/cases/<i> in a fresh
# bash with the recorder preloaded, one at a time, each in its own empty directory with its own
# HOME, no input and a time limit. The recorder appends every exec attempt, tagged with the case's
# index, to /tmp/log; this script adds an `=<i> <exit status>` line after each case and prints the
# log at the end. It runs unrecorded itself, so it only starts mkdir, timeout, env, bash and cat.
set -u
dir=$1 status=$2 seconds=$3 n=$4
homes=()
for ((i = 0; i < n; i++)); do homes+=("/tmp/w/$i/home"); done
mkdir -p "${homes[@]}"
: > /tmp/log
for ((i = 0; i < n; i++)); do
  cd "/tmp/w/$i" || exit 1
  timeout -s KILL "$seconds" env -i HOME="/tmp/w/$i/home" PATH=/.oracle-no-path LANG=C.UTF-8 \
    BASH_ENV="$dir/prelude.sh" ORACLE_LOG=/tmp/log ORACLE_COUNT="/tmp/count$i" ORACLE_TAG="$i" \
    ORACLE_STATUS="$status" LD_PRELOAD="$dir/recorder.so" /bin/bash --noprofile "$dir/cases/$i" \
    </dev/null >/dev/null 2>&1
  printf '=%d %d\n' "$i" "$?" >> /tmp/log
done
cd / && cat /tmp/log
