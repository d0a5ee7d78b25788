# shellguard hook for zsh: every command line is checked before it runs.
# Install: eval "$(shellguard hook zsh)" in ~/.zshrc. Off for this session: shellguard off
# (or SHELLGUARD=off in the environment); back on: shellguard on.
if [[ -o interactive && -z ${__shellguard_hooked-} ]]; then
typeset -g __shellguard_hooked=1
typeset -ga __shellguard_bin __shellguard_worker __shellguard_r
__shellguard_bin=(@BIN@)
__shellguard_worker=(@WORKER@)
typeset -g __shellguard_mode=@MODE@ __shellguard_on_error=@ON_ERROR@
typeset -gi __shellguard_id=0 __shellguard_pid=0 __shellguard_fresh=1
typeset -g __shellguard_wfd= __shellguard_rfd= __shellguard_dir= __shellguard_action= __shellguard_full=
typeset -gA __shellguard_orig
zmodload zsh/system 2>/dev/null

shellguard() {
  case ${1-} in
    off) typeset -g SHELLGUARD=off; print -ru2 -- 'shellguard: off for this shell session ("shellguard on" turns it back on)' ;;
    on) unset SHELLGUARD; print -ru2 -- 'shellguard: on' ;;
    *) command "${__shellguard_bin[@]}" "$@" ;;
  esac
}

# Stop the worker: SIGTERM, and SIGKILL after a short grace — a worker busy in analysis cannot
# run its SIGTERM handler, and must not outlive the shell or keep answering nothing.
__shellguard_stop() {
  emulate -L zsh
  local i
  if (( __shellguard_pid > 0 )) && kill $__shellguard_pid 2>/dev/null; then
    for i in 1 2 3 4 5; do
      command sleep 0.1
      kill -0 $__shellguard_pid 2>/dev/null || break
    done
    kill -0 $__shellguard_pid 2>/dev/null && kill -KILL $__shellguard_pid 2>/dev/null
  fi
  [[ -n $__shellguard_wfd ]] && exec {__shellguard_wfd}>&-
  [[ -n $__shellguard_rfd ]] && exec {__shellguard_rfd}>&-
  [[ -n $__shellguard_dir && -d $__shellguard_dir ]] && command rm -rf -- $__shellguard_dir
  __shellguard_pid=0 __shellguard_wfd= __shellguard_rfd= __shellguard_dir=
}

# The worker reads a FIFO and writes another, in a private directory. This shell holds both
# open read-write and close-on-exec: writes never fail, and commands run here inherit neither.
__shellguard_start() {
  emulate -L zsh
  __shellguard_stop
  local dir wfd rfd
  dir=$(command mktemp -d "${TMPDIR:-/tmp}/shellguard.XXXXXX" 2>/dev/null) || return 1
  if ! command mkfifo -m 600 $dir/req $dir/res 2>/dev/null; then
    command rm -rf -- $dir
    return 1
  fi
  if (( $+builtins[sysopen] )); then
    sysopen -rw -o cloexec -u wfd $dir/req && sysopen -rw -o cloexec -u rfd $dir/res || { command rm -rf -- $dir; return 1; }
  else
    exec {wfd}<>$dir/req {rfd}<>$dir/res || { command rm -rf -- $dir; return 1; }
  fi
  __shellguard_dir=$dir __shellguard_wfd=$wfd __shellguard_rfd=$rfd
  (
    cd / 2>/dev/null
    export SHELLGUARD_HOOK_PID=$$ SHELLGUARD_HOOK_DIR=$dir
    exec "${__shellguard_worker[@]}" <$dir/req >$dir/res 2>$dir/log
  ) &!
  __shellguard_pid=$!
  __shellguard_fresh=1
}

# One-shot `shellguard check` (5 s at most); sets __shellguard_r=(decision flags mode on_error text).
__shellguard_ask_once() {
  emulate -L zsh
  local out rc us=$'\x1f' nl=$'\n'
  IFS= read -r -d '' -t 5 out < <(
    print -rn -- $1 | command "${__shellguard_bin[@]}" check --stdin --dialect zsh --mode $__shellguard_mode --cwd $PWD 2>&1
    print -rn -- $'\x1f'$?
  )
  if [[ $out != *$us* ]]; then
    __shellguard_r=(error - - - 'shellguard: the check did not answer in time')
    return 1
  fi
  rc=${out##*$us}; out=${out%$us*}; out=${out%$nl}
  # Config warnings (stderr) are shown before the decision, not inside its text.
  local warn= l
  local -a rest
  for l in "${(@f)out}"; do
    if [[ $l == 'shellguard: warning: '* ]]; then warn+=$l$us; else rest+=("$l"); fi
  done
  out=${(pj:\n:)rest}
  out=${out//$nl/$us}
  case $rc in
    0) __shellguard_r=(allow - $__shellguard_mode - "${warn%$us}") ;;
    1) __shellguard_r=(ask - $__shellguard_mode - "${warn}shellguard asks: ${out#ask: }") ;;
    2) __shellguard_r=(deny - $__shellguard_mode - "${warn}shellguard denied: ${out#deny: }") ;;
    *) __shellguard_r=(error - - - "${out:-shellguard: check failed (exit $rc)}"); return 1 ;;
  esac
}

__shellguard_show() {
  emulate -L zsh
  [[ ${1:--} == - ]] && return
  print -ru2 -- ${1//$'\x1f'/$'\n'}
}

__shellguard_confirm() {
  emulate -L zsh
  local reply saved
  saved=$(command stty -g </dev/tty 2>/dev/null)
  command stty sane </dev/tty 2>/dev/null
  print -rn -- 'Run anyway? [y/N] ' >/dev/tty 2>/dev/null || print -rnu2 -- 'Run anyway? [y/N] '
  IFS= read -r reply </dev/tty 2>/dev/null
  [[ -n $saved ]] && command stty $saved </dev/tty 2>/dev/null
  [[ $reply == ([yY]|[yY][eE][sS]) ]]
}

# Decide what the widget does: sets __shellguard_action to accept (run the original widget) or
# hold (the line does not run).
# The path of an allowed line calls no other function (in zsh each call costs an mmap/munmap
# pair of its heap, which is slow on some virtual machines).
__shellguard_decide() {
  local full=$PREBUFFER$BUFFER complete=0 m=__shellguard_end_$RANDOM$RANDOM body
  # Would zsh run $full now (it parses, and no here-document or continuation is pending)? zsh's
  # own parser decides, with the person's options, by defining (never running) a function: a
  # marker command appended on its own line ends up last in the function only if $full is complete.
  (( $+functions[__shellguard_probe] )) && unfunction __shellguard_probe
  { functions[__shellguard_probe]="$full"$'\n'"$m;" } 2>/dev/null
  if (( $+functions[__shellguard_probe] )); then
    body=$functions[__shellguard_probe]
    unfunction __shellguard_probe
    [[ $body == *$'\n\t'$m ]] && complete=1
  fi
  emulate -L zsh
  __shellguard_action=accept __shellguard_full=$full
  [[ ${SHELLGUARD-} == (off|OFF|0|false|no) ]] && return
  # Blank lines, and the escape hatch itself, are never checked.
  [[ $full != *[^[:space:]]* ]] && return
  [[ $full =~ '^[[:space:]]*(shellguard[[:space:]]+(off|on)|(export[[:space:]]+)?SHELLGUARD=off)[[:space:]]*$' ]] && return
  # Not complete and one line: zsh reads more lines (PS2) or reports the error; nothing runs.
  (( complete )) || [[ $BUFFER == *$'\n'* ]] || return
  __shellguard_r=()
  # Ask the worker (1 s; 5 s for one that has just started); else a one-shot check.
  local id reply cwd cmd bound=1 ok=0 b='\' bb='\\' nl=$'\n' t=$'\t' cr=$'\r'
  if (( __shellguard_pid > 0 )) && [[ -n $__shellguard_wfd ]] && kill -0 $__shellguard_pid 2>/dev/null || __shellguard_start; then
    (( __shellguard_fresh )) && bound=5
    id=$(( ++__shellguard_id ))
    cwd=${PWD//$b/$bb}; cwd=${cwd//$nl/\\n}; cwd=${cwd//$t/\\t}; cwd=${cwd//$cr/\\r}
    cmd=${full//$b/$bb}; cmd=${cmd//$nl/\\n}; cmd=${cmd//$t/\\t}; cmd=${cmd//$cr/\\r}
    # A request that might not fit in the pipe goes to the one-shot check: a write to a worker
    # that stopped reading would block with no time limit.
    if (( ${#cmd} + ${#cwd} <= 16384 )) && print -r -u $__shellguard_wfd -- "$id"$'\t-\tzsh\t'"$cwd"$'\t'"$cmd"; then
      while IFS= read -r -t $bound -u $__shellguard_rfd reply; do
        if [[ ${reply%%$'\t'*} == $id ]]; then
          __shellguard_fresh=0 ok=1
          __shellguard_r=("${(@ps:\t:)${reply#*$'\t'}}")
          [[ ${__shellguard_r[4]} == (allow|deny) ]] && __shellguard_on_error=${__shellguard_r[4]}
          [[ ${__shellguard_r[3]} != - ]] && __shellguard_mode=${__shellguard_r[3]}
          break
        fi
      done
    fi
    # No answer in time: the next line starts a new worker.
    (( ok || ${#cmd} + ${#cwd} > 16384 )) || __shellguard_stop
  fi
  (( ok )) || __shellguard_ask_once $full
  if [[ ${__shellguard_r[1]-} == allow ]]; then
    # Nothing, or a config warning shown once.
    [[ ${__shellguard_r[5]:--} != - ]] && { zle -I; __shellguard_show ${__shellguard_r[5]}; }
    return
  fi
  local hold=hold
  case ${__shellguard_r[1]-error} in
    ask)
      zle -I
      __shellguard_show ${__shellguard_r[5]}
      __shellguard_confirm || __shellguard_action=$hold ;;
    deny)
      zle -I
      __shellguard_show ${__shellguard_r[5]}
      __shellguard_action=$hold ;;
    *)
      zle -I
      __shellguard_show ${__shellguard_r[5]-}
      if [[ $__shellguard_on_error == deny ]]; then
        print -ru2 -- 'shellguard: could not check this line; not running it (shell.onError: deny). "shellguard off" turns the hook off.'
        __shellguard_action=$hold
      else
        print -ru2 -- 'shellguard: could not check this line; running it anyway (shell.onError: allow)'
      fi ;;
  esac
}

__shellguard_widget() {
  if [[ -o banghist && $BUFFER == *'!'* ]]; then
    # Check what zsh will run: expand !!, !$ ... in the buffer first (as hist_verify shows it).
    zle .expand-history
  fi
  __shellguard_decide
  # A line that does not run: into history (the up arrow brings it back, whole, for editing),
  # and the line editor restarted on an empty buffer, as after Ctrl-C (an entry added while zle
  # runs is reached by the up arrow only from the next prompt); a multi-line input is abandoned
  # as a whole.
  case $__shellguard_action in
    accept) zle ${__shellguard_orig[$WIDGET]:-.$WIDGET} -- "$@" ;;
    *)
      print -rs -- "$__shellguard_full"
      zle .send-break ;;
  esac
}

__shellguard_exit() {
  emulate -L zsh
  local pid=$__shellguard_pid
  # SIGTERM now; SIGKILL after a grace, from a background process the shell does not wait for.
  if (( pid > 0 )) && kill $pid 2>/dev/null; then
    ( command sleep 0.5; kill -0 $pid && kill -KILL $pid ) >/dev/null 2>&1 &!
  fi
  [[ -n $__shellguard_dir && -d $__shellguard_dir ]] && command rm -rf -- $__shellguard_dir
}

() {
  emulate -L zsh
  local w
  for w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
    case ${widgets[$w]-} in
      user:__shellguard_widget) ;;
      builtin | '') __shellguard_orig[$w]=.$w; zle -N $w __shellguard_widget ;;
      *) zle -A $w __shellguard_orig_$w; __shellguard_orig[$w]=__shellguard_orig_$w; zle -N $w __shellguard_widget ;;
    esac
  done
  autoload -Uz add-zsh-hook && add-zsh-hook zshexit __shellguard_exit
  # Start the worker now, in the background, so that it is ready by the first Enter (which waits
  # for it if not). Not for `zsh -i -c ...` or input that is not a terminal: no line is read there.
  [[ -z ${ZSH_EXECUTION_STRING-} && -t 0 ]] && __shellguard_start
}
true
fi
