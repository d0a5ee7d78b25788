# shellguard's fish client (run by the fish hook with bash, which has read timeouts and
# non-blocking FIFO opens that fish lacks): requests to the session's worker, started in the
# background if it is not running; if the worker does not answer in time, a one-shot
# `shellguard check`. Each answer is one reply line of the worker protocol (src/shell/protocol.ts).
#
#   --relay dir fish_pid bin... -- worker...
#       A long-lived relay (Linux) that keeps time, off the path of a line: fish writes each
#       request to the worker's FIFO dir/req itself and reads the reply from dir/res, and tells
#       the relay on dir/in (the request, then its id once answered). The relay holds the three
#       open read-write (so fish's opens never block while it runs), starts the worker, and when
#       the worker does not answer in time, stops it and writes the one-shot check's reply to
#       dir/res. It exits with the fish session. fish then spends no process on a line.
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

pid=

# Start the worker on the FIFOs dir/req and dir/res (both ends read-write: it never sees
# end-of-file; it exits with the fish session). Sets pid.
start_worker() {
  (
    cd / 2>/dev/null
    exec 3>&- 4>&- 5>&- 6>&-
    export SHELLGUARD_HOOK_PID=$hook_pid SHELLGUARD_HOOK_DIR=$dir
    exec "${worker[@]}" 0<>"$dir/req" 1<>"$dir/res" 2>"$dir/log"
  ) &
  pid=$!
  printf '%s\n' "$pid" >"$dir/pid"
}

# Stop the worker that did not answer in time (SIGKILL after a short grace: a worker busy in
# analysis cannot run its SIGTERM handler); the next line starts a new one.
stop_worker() {
  local i
  rm -f "$dir/pid"
  if kill "$pid" 2>/dev/null; then
    for i in 1 2 3 4 5; do
      sleep 0.1
      alive "$pid" || break
    done
    alive "$pid" && kill -KILL "$pid" 2>/dev/null
  fi
  pid=
}

# One request (elsewhere): the worker (started if needed; 1 s, 5 s for a new one), else a
# one-shot check. Uses id, mode, cwd, cmd and their escaped ecwd, ecmd; prints the reply line.
answer() {
  local bound line
  # A request that might not fit in the pipe goes to the one-shot check: a write to a worker that
  # stopped reading would block with no time limit.
  if [[ -n $dir && -d $dir && ${#worker[@]} -gt 0 ]] && (( ${#ecmd} + ${#ecwd} <= 16384 )); then
    bound=1
    [[ -r $dir/pid ]] && read -r pid <"$dir/pid"
    if [[ -z $pid ]] || ! alive "$pid"; then
      pid=
      rm -f "$dir/req" "$dir/res" "$dir/pid"
      mkfifo -m 600 "$dir/req" "$dir/res" 2>/dev/null && start_worker && bound=5
    fi
    if [[ -n $pid ]] && exec 3<>"$dir/req" 4<>"$dir/res"; then
      printf '%s\t-\tfish\t%s\t%s\n' "$id" "$ecwd" "$ecmd" >&3
      while IFS= read -r -t "$bound" -u 4 line; do
        if [[ ${line%%"$t"*} == "$id" ]]; then
          printf '%s\n' "$line"
          return 0
        fi
      done
      stop_worker
    fi
  fi
  one_shot
}

# The one-shot check, 5 s at most, for id, mode, cwd and cmd: prints the reply line. The
# escaped fields have every backslash doubled, so %b undoes exactly \\, \n, \t, \r.
one_shot() {
  local out rc warn rest l allow_text
  [[ -n $cmd ]] || printf -v cmd '%b' "$ecmd"
  [[ -n $cwd ]] || printf -v cwd '%b' "$ecwd"
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
  esc "$cwd"; ecwd=$REPLY
  esc "$cmd"; ecmd=$REPLY
  answer
  exit 0
fi

# The relay. While a request is pending, fish is waiting for its reply, so the next message on
# dir/in is its id (answered) or nothing: the read's time limit is the worker's.
quit() {
  [[ -z $pid && -r $dir/pid ]] && read -r pid <"$dir/pid"
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && { sleep 0.5; kill -KILL "$pid"; } 2>/dev/null
  exit 0
}
trap quit TERM HUP INT
exec 5<>"$dir/in" 3<>"$dir/req" 4<>"$dir/res" || exit 1
[[ -r $dir/pid ]] && read -r pid <"$dir/pid"
pending= bound=2 buf=
while :; do
  if IFS= read -r -t "$bound" msg <&5; then
    msg=$buf$msg buf=
    if [[ $msg != *"$t"* ]]; then
      [[ $msg == "$pending" ]] && pending= bound=2
      continue
    fi
    # how TAB mode TAB the request as fish sent it to the worker (id ... cwd command: escaped,
    # the last two fields hold no tab); how is w (sent) or c (too long to send: the one-shot
    # check answers it).
    how=${msg%%"$t"*}; msg=${msg#*"$t"}
    mode=${msg%%"$t"*}; msg=${msg#*"$t"}
    id=${msg%%"$t"*} ecmd=${msg##*"$t"}; msg=${msg%"$t"*}
    ecwd=${msg##*"$t"} cwd= cmd=
    if [[ $how == w ]]; then
      pending=$id bound=1
      if [[ -z $pid ]] || ! alive "$pid"; then
        start_worker
        bound=5
      fi
    else
      pending= bound=2
      one_shot >&4
    fi
  elif (( $? <= 128 )); then
    break
  elif [[ -n $pending ]]; then
    # Partial input is kept; no answer in time: a new worker for the next line, the requests
    # this one left unread dropped, and the one-shot check's reply for fish.
    buf+=$msg
    stop_worker
    while read -r -t 0 -u 3; do IFS= read -r -t 0.1 -u 3 _; done
    id=$pending pending= bound=2
    one_shot >&4
  else
    buf+=$msg
    kill -0 "$hook_pid" 2>/dev/null || break
  fi
done
quit
