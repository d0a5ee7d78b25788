# shellguard hook for bash: every command line is checked before it runs.
# Install: eval "$(shellguard hook bash)" in ~/.bashrc. Off for this session: shellguard off
# (or SHELLGUARD=off in the environment); back on: shellguard on.
if [[ $- == *i* && -z ${__shellguard_hooked-} ]]; then
if (( BASH_VERSINFO[0] < 4 )); then
  printf 'shellguard: the bash hook needs bash 4 or later (this is %s); commands are not checked\n' "$BASH_VERSION" >&2
else
__shellguard_hooked=1
__shellguard_bin=(@BIN@)
__shellguard_worker=(@WORKER@)
__shellguard_mode=@MODE@
__shellguard_on_error=@ON_ERROR@
__shellguard_id=0
__shellguard_fresh=1
__shellguard_stage=accept
__shellguard_r=()

shellguard() {
  case ${1-} in
    off) SHELLGUARD=off; printf 'shellguard: off for this shell session ("shellguard on" turns it back on)\n' >&2 ;;
    on) unset SHELLGUARD; printf 'shellguard: on\n' >&2 ;;
    *) command "${__shellguard_bin[@]}" "$@" ;;
  esac
}

# Escape a protocol field: \ → \\, newline → \n, tab → \t, CR → \r. Result in REPLY.
__shellguard_esc() {
  local s=$1 b='\' bb='\\' nl=$'\n' t=$'\t' cr=$'\r' n='\n' tt='\t' r='\r'
  s=${s//"$b"/"$bb"}; s=${s//"$nl"/"$n"}; s=${s//"$t"/"$tt"}; REPLY=${s//"$cr"/"$r"}
}

# A reply line "id TAB decision TAB flags TAB mode TAB onError TAB text" → __shellguard_r.
__shellguard_split() {
  local t=$'\t' rest=${1#*$'\t'} d f m o
  d=${rest%%"$t"*}; rest=${rest#*"$t"}
  f=${rest%%"$t"*}; rest=${rest#*"$t"}
  m=${rest%%"$t"*}; rest=${rest#*"$t"}
  o=${rest%%"$t"*}; rest=${rest#*"$t"}
  __shellguard_r=("$d" "$f" "$m" "$o" "$rest")
}

__shellguard_alive() {
  [[ -n ${__shellguard_w[1]-} && -n ${__shellguard_w_PID-} ]] && builtin kill -0 "$__shellguard_w_PID" 2>/dev/null
}

__shellguard_start() {
  { coproc __shellguard_w {
      cd / 2>/dev/null
      export SHELLGUARD_HOOK_PID=$$
      exec "${__shellguard_worker[@]}" 2>/dev/null
    }
  } 2>/dev/null
  [[ -n ${__shellguard_w_PID-} ]] && builtin disown "$__shellguard_w_PID" 2>/dev/null
  __shellguard_fresh=1
  __shellguard_alive
}

# Stop the worker: SIGTERM, and SIGKILL after a short grace — a worker busy in analysis cannot
# run its SIGTERM handler, and must not outlive the shell or keep answering nothing.
__shellguard_stop() {
  local pid=${__shellguard_w_PID-} i
  [[ -n $pid ]] || return 0
  builtin kill "$pid" 2>/dev/null || return 0
  for i in 1 2 3 4 5; do
    command sleep 0.1
    builtin kill -0 "$pid" 2>/dev/null || return 0
  done
  builtin kill -KILL "$pid" 2>/dev/null
  return 0
}

# On exit, stop the worker, then run the EXIT trap that was set before the hook (read, and the
# trap set, by __shellguard_install).
__shellguard_prev_exit=
__shellguard_exit() {
  local pid=${__shellguard_w_PID-}
  # SIGTERM now; SIGKILL after a grace, from a background process the shell does not wait for.
  if [[ -n $pid ]] && builtin kill "$pid" 2>/dev/null; then
    ( command sleep 0.5; builtin kill -0 "$pid" && builtin kill -KILL "$pid" ) >/dev/null 2>&1 &
  fi
  [[ -n $__shellguard_prev_exit ]] && eval "$__shellguard_prev_exit"
}

# Ask the worker about $1; sets __shellguard_r=(decision flags mode on_error text). Fails when the
# worker cannot answer in time (1 s; 5 s for a worker that has just started).
__shellguard_ask_worker() {
  local id reply bound=1 cwd
  id=$(( ++__shellguard_id ))
  __shellguard_esc "$PWD"; cwd=$REPLY
  __shellguard_esc "$1"
  # A request that might not fit in the pipe (64 KiB on Linux: 16384 characters of up to 4
  # bytes) goes to the one-shot check: a write to a worker that stopped reading would block with
  # no time limit.
  (( ${#REPLY} + ${#cwd} > 16384 )) && return 1
  # Checked alive right before the write: a write to a dead worker's pipe would kill this shell
  # (SIGPIPE).
  __shellguard_alive || __shellguard_start || return 1
  printf '%s\t-\tbash\t%s\t%s\n' "$id" "$cwd" "$REPLY" >&"${__shellguard_w[1]}" || return 1
  (( __shellguard_fresh )) && bound=5
  while IFS= read -r -t "$bound" -u "${__shellguard_w[0]}" reply; do
    if [[ ${reply%%$'\t'*} == "$id" ]]; then
      __shellguard_fresh=0
      __shellguard_split "$reply"
      [[ ${__shellguard_r[3]} == allow || ${__shellguard_r[3]} == deny ]] && __shellguard_on_error=${__shellguard_r[3]}
      [[ ${__shellguard_r[2]} != - ]] && __shellguard_mode=${__shellguard_r[2]}
      return 0
    fi
    [[ -n ${__shellguard_w[0]-} ]] || break
  done
  # No answer in time: the next line starts a new worker.
  __shellguard_stop
  return 1
}

# One-shot `shellguard check` (5 s at most); sets __shellguard_r like __shellguard_ask_worker.
__shellguard_ask_once() {
  local out rc nl=$'\n' us=$'\x1f'
  IFS= read -r -d '' -t 5 out < <(
    printf '%s' "$1" | command "${__shellguard_bin[@]}" check --stdin --mode "$__shellguard_mode" --cwd "$PWD" 2>&1
    printf '\x1f%d' "$?"
  )
  if [[ $out != *"$us"* ]]; then
    builtin kill "$!" 2>/dev/null
    __shellguard_r=(error - - - "shellguard: the check did not answer in time")
    return 1
  fi
  rc=${out##*"$us"}; out=${out%"$us"*}; out=${out%"$nl"}
  # Config warnings (stderr) are shown before the decision, not inside its text.
  local warn= rest= l
  while IFS= read -r l; do
    if [[ $l == 'shellguard: warning: '* ]]; then warn+=$l$us; else rest+=$l$nl; fi
  done <<<"$out"
  out=${rest%"$nl"}
  out=${out//"$nl"/"$us"}
  case $rc in
    0) __shellguard_r=(allow - "$__shellguard_mode" - "${warn%"$us"}") ;;
    1) __shellguard_r=(ask - "$__shellguard_mode" - "${warn}shellguard asks: ${out#ask: }") ;;
    2) __shellguard_r=(deny - "$__shellguard_mode" - "${warn}shellguard denied: ${out#deny: }") ;;
    *) __shellguard_r=(error - - - "${out:-shellguard: check failed (exit $rc)}"); return 1 ;;
  esac
}

__shellguard_show() {
  local us=$'\x1f' nl=$'\n'
  [[ ${1:--} == - ]] && return
  printf '%s\n' "${1//"$us"/"$nl"}" >&2
}

__shellguard_confirm() {
  local reply saved
  saved=$(command stty -g </dev/tty 2>/dev/null)
  command stty sane </dev/tty 2>/dev/null
  printf 'Run anyway? [y/N] ' >/dev/tty 2>/dev/null || printf 'Run anyway? [y/N] ' >&2
  IFS= read -r reply </dev/tty 2>/dev/null
  [[ -n $saved ]] && command stty "$saved" </dev/tty 2>/dev/null
  case $reply in [yY] | [yY][eE][sS]) return 0 ;; esac
  return 1
}

# Is the bash text $1 incomplete (bash would ask for more lines)? Only asked when the worker
# says the line does not parse, so the extra process is rare.
__shellguard_incomplete() {
  local text=$1 last=${1##*$'\n'} out re_bs='(^|[^\\])(\\\\)*\\$' re_comment='^[[:space:]]*#'
  # A trailing backslash continues the line (not inside a comment).
  if [[ $text =~ $re_bs && ! $last =~ $re_comment ]]; then return 0; fi
  local -a opts=(-n)
  shopt -q extglob && opts+=(-O extglob)
  out=$(printf '%s\n' "$text" | LC_ALL=C command "${BASH:-bash}" "${opts[@]}" 2>&1) && [[ $out != *'delimited by end-of-file'* ]] && return 1
  [[ $out == *'unexpected end of file'* || $out == *'unexpected EOF'* || $out == *'delimited by end-of-file'* ]]
}

# The second key of the Enter macro runs the original binding (accept) or only redraws (hold).
__shellguard_set() {
  [[ $__shellguard_stage == "$1" ]] && return
  __shellguard_stage=$1
  local km key
  for km in emacs vi-insert vi-command; do
    for key in m j; do
      local v=__shellguard_orig_${km//-/_}_$key
      [[ -n ${!v-} ]] || continue
      if [[ $1 == accept ]]; then
        case ${!v} in
          x:*) builtin bind -m "$km" -x "\"\\C-x\\C-]$key\": ${!v#x:}" 2>/dev/null ;;
          s:*) builtin bind -m "$km" "\"\\C-x\\C-]$key\": ${!v#s:}" 2>/dev/null ;;
          *) builtin bind -m "$km" "\"\\C-x\\C-]$key\": ${!v#f:}" 2>/dev/null ;;
        esac
      else
        builtin bind -m "$km" "\"\\C-x\\C-]$key\": redraw-current-line" 2>/dev/null
      fi
    done
  done
}

# A line that does not run: into history (the up arrow brings it back for editing), and the
# buffer emptied for the next command, as after Ctrl-C.
__shellguard_hold() {
  case $HISTCONTROL in *ignorespace* | *ignoreboth*) [[ $1 == [[:space:]]* ]] || builtin history -s -- "$1" ;; *) builtin history -s -- "$1" ;; esac
  READLINE_LINE= READLINE_POINT=0
  __shellguard_set hold
}

__shellguard_enter() {
  local line=$READLINE_LINE text re_hatch='^[[:space:]]*(shellguard[[:space:]]+(off|on)|(export[[:space:]]+)?SHELLGUARD=off)[[:space:]]*$'
  case ${SHELLGUARD-} in off | OFF | 0 | false | no)
    __shellguard_set accept; return ;;
  esac
  text=$line
  # Blank lines, and the escape hatch itself, are never checked.
  if [[ $text != *[![:space:]]* || $text =~ $re_hatch ]]; then
    __shellguard_set accept; return
  fi
  # Check what bash will run: history expansion (!!, !$) happens after this point.
  if [[ $- == *H* && $text == *'!'* ]]; then
    text=$(builtin history -p -- "$text" 2>/dev/null) || { __shellguard_set accept; return; }
  fi
  __shellguard_r=()
  __shellguard_ask_worker "$text" || __shellguard_ask_once "$text"
  if [[ ${__shellguard_r[1]-} == *p* ]] && __shellguard_incomplete "$text"; then
    READLINE_LINE+=$'\n'
    READLINE_POINT=${#READLINE_LINE}
    __shellguard_set hold
    return
  fi
  case ${__shellguard_r[0]-error} in
    allow)
      # Nothing, or a config warning shown once.
      __shellguard_show "${__shellguard_r[4]-}"
      __shellguard_set accept ;;
    ask)
      __shellguard_show "${__shellguard_r[4]}"
      # Held until answered: a Ctrl-C at the question must not leave Enter set to run the line.
      __shellguard_set hold
      if __shellguard_confirm; then __shellguard_set accept; else __shellguard_hold "$line"; fi ;;
    deny)
      __shellguard_show "${__shellguard_r[4]}"
      __shellguard_hold "$line" ;;
    *)
      __shellguard_show "${__shellguard_r[4]-}"
      if [[ $__shellguard_on_error == deny ]]; then
        printf 'shellguard: could not check this line; not running it (shell.onError: deny). "shellguard off" turns the hook off.\n' >&2
        __shellguard_hold "$line"
      else
        printf 'shellguard: could not check this line; running it anyway (shell.onError: allow)\n' >&2
        __shellguard_set accept
      fi ;;
  esac
}

# Bind Enter (C-m and C-j, in the emacs and both vi keymaps) to: check, then the key's original
# binding — a readline function, a macro or a `bind -x` command, which is kept and chained.
__shellguard_install() {
  local km key fn mac cmd kp prev i=0 rs=$'\x1e'
  local -a parts
  # One command substitution for everything (a fork costs more than the rest of the start-up):
  # the EXIT trap, then each keymap's bind -X, -s and -p, split on RS by word splitting (linear;
  # ${text%%marker*} over the whole text is quadratic in bash).
  parts=$(
    trap -p EXIT
    for km in emacs vi-insert vi-command; do
      printf '%s' "$rs"; builtin bind -m "$km" -X; printf '%s' "$rs"; builtin bind -m "$km" -s; printf '%s' "$rs"; builtin bind -m "$km" -p
    done 2>/dev/null
  )
  local IFS=$rs noglob=0
  [[ $- == *f* ]] && noglob=1
  set -f
  parts=($parts)
  (( noglob )) || set +f
  IFS=$' \t\n'
  prev=${parts[0]-}; prev=${prev%$'\n'}; prev=${prev#"trap -- "}; prev=${prev%" EXIT"}
  eval "__shellguard_prev_exit=${prev:-''}"
  trap __shellguard_exit EXIT
  for km in emacs vi-insert vi-command; do
    cmd=$'\n'${parts[i + 1]-}$'\n' mac=$'\n'${parts[i + 2]-}$'\n' fn=$'\n'${parts[i + 3]-}$'\n'
    (( i += 3 ))
    for key in m j; do
      kp=$'\n''"\C-'$key'": '
      local v=__shellguard_orig_${km//-/_}_$key val=
      if [[ $cmd == *"$kp"* ]]; then
        val=${cmd#*"$kp"}; val=x:${val%%$'\n'*}
      elif [[ $mac == *"$kp"* ]]; then
        val=${mac#*"$kp"}; val=s:${val%%$'\n'*}
      elif [[ $fn == *"$kp"* ]]; then
        val=${fn#*"$kp"}; val=f:${val%%$'\n'*}
      fi
      # Unbound, or ours already: leave the key alone.
      [[ -z $val || $val == f:'(not bound)' || $val == *'\C-x\C-]'* ]] && continue
      printf -v "$v" '%s' "$val"
      builtin bind -m "$km" -x '"\C-x\C-]c": __shellguard_enter' 2>/dev/null
      builtin bind -m "$km" "\"\\C-$key\": \"\\C-x\\C-]c\\C-x\\C-]$key\"" 2>/dev/null
    done
  done
  __shellguard_stage=
  __shellguard_set accept
}
__shellguard_install
# Start the worker now, in the background, so that it is ready by the first Enter (which waits
# for it if not). Not for `bash -i -c ...` or input that is not a terminal: no line is read there.
if [[ -z ${BASH_EXECUTION_STRING-} && -t 0 ]]; then __shellguard_start; fi
fi
fi
