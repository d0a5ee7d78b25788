# shellguard's fish client (run by the fish hook with bash, which has read timeouts and
# non-blocking FIFO opens that fish lacks): requests to the session's worker, started in the
# background if it is not running; if the worker does not answer in time, a one-shot
# `shellguard check`. Each answer is one reply line of the worker protocol (src/shell/protocol.ts).
#
#   --relay dir fish_pid bin... -- worker...
#       A long-lived relay (Linux): reads request lines from the FIFO dir/in, writes each reply
#       to the FIFO dir/out (holding both open read-write, so fish's opens never block while it
#       runs); exits with the fish session. fish then spends no process on a line.
#   dir fish_pid id mode cwd command bin... -- worker...
#       One request (elsewhere): prints its reply.
relay=0
if [[ $1 == --relay ]]; then
  relay=1 dir=$2 hook_pid=$3
  shift 3
else
  dir=$1 hook_pid=$2 id=$3 mode=$4 cwd=$5 cmd=$6
  shift 6
fi
bin=()
while (($#)) && [[ $1 != -- ]]; do bin+=("$1"); shift; done
shift
worker=("$@")
t=$'\t' us=$'\x1f' nl=$'\n'

esc() {
  local s=$1 b='\' bb='\\' cr=$'\r' n='\n' tt='\t' r='\r'
  s=${s//"$b"/"$bb"}; s=${s//"$nl"/"$n"}; s=${s//"$t"/"$tt"}; REPLY=${s//"$cr"/"$r"}
}

# The worker is not our child (this script exits): a dead one may linger as a zombie until init
# reaps it, which kill -0 does not tell apart (Linux's /proc does).
alive() {
  kill -0 "$1" 2>/dev/null || return 1
  local st
  [[ -r /proc/$1/stat ]] && read -r st <"/proc/$1/stat" 2>/dev/null || return 0
  st=${st##*) }
  [[ ${st%% *} != Z ]]
}

# One request: the worker (started if needed; 1 s, 5 s for a new one), else a one-shot check.
# Uses id, mode, cwd, cmd; prints the reply line.
answer() {
  local bound pid line c i out rc warn rest l allow_text
  # A request that might not fit in the pipe goes to the one-shot check: a write to a worker that
  # stopped reading would block with no time limit.
  if [[ -n $dir && -d $dir && ${#worker[@]} -gt 0 ]] && (( ${#cmd} + ${#cwd} <= 16384 )); then
    bound=1 pid=
    [[ -r $dir/pid ]] && read -r pid <"$dir/pid"
    if [[ -z $pid ]] || ! alive "$pid"; then
      pid=
      rm -f "$dir/req" "$dir/res" "$dir/pid"
      if mkfifo -m 600 "$dir/req" "$dir/res" 2>/dev/null; then
        # Both ends read-write: the worker never sees end-of-file; it exits with the fish session.
        (
          cd / 2>/dev/null
          exec 3>&- 4>&- 5>&- 6>&-
          export SHELLGUARD_HOOK_PID=$hook_pid SHELLGUARD_HOOK_DIR=$dir
          exec "${worker[@]}" 0<>"$dir/req" 1<>"$dir/res" 2>"$dir/log"
        ) &
        pid=$!
        printf '%s\n' "$pid" >"$dir/pid"
        bound=5
      fi
    fi
    if [[ -n $pid ]] && exec 3<>"$dir/req" 4<>"$dir/res"; then
      esc "$cwd"; c=$REPLY
      esc "$cmd"
      printf '%s\t-\tfish\t%s\t%s\n' "$id" "$c" "$REPLY" >&3
      while IFS= read -r -t "$bound" -u 4 line; do
        if [[ ${line%%"$t"*} == "$id" ]]; then
          printf '%s\n' "$line"
          return 0
        fi
      done
      # No answer in time: stop it (SIGKILL after a short grace: a worker busy in analysis cannot
      # run its SIGTERM handler); the next line starts a new worker.
      rm -f "$dir/pid"
      if kill "$pid" 2>/dev/null; then
        for i in 1 2 3 4 5; do
          sleep 0.1
          alive "$pid" || break
        done
        alive "$pid" && kill -KILL "$pid" 2>/dev/null
      fi
    fi
  fi

  # One-shot check, 5 s at most.
  IFS= read -r -d '' -t 5 out < <(
    printf '%s' "$cmd" | command "${bin[@]}" check --stdin --dialect fish --mode "$mode" --cwd "$cwd" 2>&1
    printf '\x1f%d' "$?"
  )
  if [[ $out != *"$us"* ]]; then
    kill "$!" 2>/dev/null
    printf '%s\terror\t-\t-\t-\tshellguard: the check did not answer in time\n' "$id"
    return 0
  fi
  rc=${out##*"$us"}; out=${out%"$us"*}; out=${out%"$nl"}
  out=${out//"$t"/    }
  # Config warnings (stderr) are shown before the decision, not inside its text.
  warn= rest=
  while IFS= read -r l; do
    if [[ $l == 'shellguard: warning: '* ]]; then warn+=$l$us; else rest+=$l$nl; fi
  done <<<"$out"
  out=${rest%"$nl"}; out=${out//"$nl"/"$us"}
  allow_text=${warn%"$us"}
  case $rc in
    0) printf '%s\tallow\t-\t%s\t-\t%s\n' "$id" "$mode" "${allow_text:--}" ;;
    1) printf '%s\task\t-\t%s\t-\t%sshellguard asks: %s\n' "$id" "$mode" "$warn" "${out#ask: }" ;;
    2) printf '%s\tdeny\t-\t%s\t-\t%sshellguard denied: %s\n' "$id" "$mode" "$warn" "${out#deny: }" ;;
    *) printf '%s\terror\t-\t-\t-\t%s\n' "$id" "${out:-shellguard: check failed (exit $rc)}" ;;
  esac
}

if (( ! relay )); then
  answer
  exit 0
fi

# The relay: one answer per request line, until the fish session is gone.
stop_worker() {
  local pid
  [[ -r $dir/pid ]] && read -r pid <"$dir/pid" && kill "$pid" 2>/dev/null && { sleep 0.5; kill -KILL "$pid"; } 2>/dev/null
}
trap 'stop_worker; exit 0' TERM HUP INT
exec 5<>"$dir/in" 6<>"$dir/out" || exit 1
while :; do
  if IFS= read -r -t 2 req <&5; then
    id=${req%%"$t"*}; req=${req#*"$t"}
    mode=${req%%"$t"*}; req=${req#*"$t"}
    req=${req#*"$t"}
    cwd=${req%%"$t"*}; cmd=${req#*"$t"}
    # The fields are escaped with every backslash doubled, so %b undoes exactly \\, \n, \t, \r.
    printf -v cwd '%b' "$cwd"; printf -v cmd '%b' "$cmd"
    answer >&6
  elif (( $? <= 128 )) || ! kill -0 "$hook_pid" 2>/dev/null; then
    break
  fi
done
stop_worker
