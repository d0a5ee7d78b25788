# shellguard hook for fish: every command line is checked before it runs.
# Install: shellguard hook fish | source   in ~/.config/fish/config.fish.
# Off for this session: shellguard off (or SHELLGUARD=off in the environment); back on: shellguard on.
if status is-interactive; and not set -q __shellguard_hooked
    set -g __shellguard_hooked 1
    set -g __shellguard_bin @BIN@
    set -g __shellguard_worker @WORKER@
    set -g __shellguard_mode @MODE@
    set -g __shellguard_on_error @ON_ERROR@
    set -g __shellguard_client @CLIENT@
    set -g __shellguard_id 0
    set -g __shellguard_dir
    set -g __shellguard_bash (command -s bash)
    set -g __shellguard_fnames (bind --function-names)

    function shellguard --description 'shellguard; "shellguard off" / "shellguard on" for this session'
        switch "$argv[1]"
            case off
                set -g SHELLGUARD off
                echo 'shellguard: off for this shell session ("shellguard on" turns it back on)' >&2
            case on
                set -e SHELLGUARD
                echo 'shellguard: on' >&2
            case '*'
                command $__shellguard_bin $argv
        end
    end

    # Is the session's relay (fish-client.bash --relay) running? Start it if not. Linux only: its
    # liveness is read from /proc without a process (a dead relay would leave fish's FIFO opens
    # waiting forever); elsewhere each line runs the client once.
    set -g __shellguard_relay_pid
    function __shellguard_relay
        if test -n "$__shellguard_relay_pid"; and test -r /proc/$__shellguard_relay_pid/stat
            read -l st </proc/$__shellguard_relay_pid/stat
            # "pid (comm) state ...": alive unless a zombie (the last ")" ends the name).
            string match -qr '\) [^Z] [^)]*$' -- $st; and return 0
        end
        test -d /proc/self; or return 1
        set -g __shellguard_relay_pid
        # Started by a bash that exits at once, so that init, not fish, is its parent (and reaps it).
        set -l pid (command $__shellguard_bash -c 'mkfifo -m 600 "$1/in" "$1/req" "$1/res" 2>/dev/null; [[ -p $1/in && -p $1/req && -p $1/res ]] || exit 1; "$BASH" -c "$2" shellguard-fish-relay --relay "$1" "${@:3}" </dev/null >/dev/null 2>&1 & echo $!' shellguard-fish-start $__shellguard_dir $__shellguard_client $fish_pid $__shellguard_bin -- $__shellguard_worker 2>/dev/null)
        test -n "$pid"; or return 1
        set -g __shellguard_relay_pid $pid
        return 0
    end

    # Ask about $argv[1]; sets __shellguard_r to: decision flags mode on_error text.
    function __shellguard_query --argument-names cmd
        set -g __shellguard_id (math $__shellguard_id + 1)
        set -g __shellguard_r
        set -l reply
        if test -n "$__shellguard_bash"
            if test -z "$__shellguard_dir"; or not test -d "$__shellguard_dir"
                set -l tmp /tmp
                set -q TMPDIR; and test -n "$TMPDIR"; and set tmp (string trim -r -c / -- $TMPDIR)
                set -g __shellguard_dir (command mktemp -d $tmp/shellguard.XXXXXX 2>/dev/null)
            end
            if __shellguard_relay
                # Escaped as the protocol says (backslash first; newlines last, as the join). Most
                # lines have nothing to escape, and the directory's is kept while it is the same:
                # each escape is a pipeline of builtins, a few hundred microseconds in fish.
                set -l c $cmd
                string match -qr '[\\\\\t\r\n]' -- $cmd; and set c (printf '%s' $cmd | string replace -a '\\' '\\\\' | string replace -a \t '\\t' | string replace -a \r '\\r' | string join '\\n')
                if test "$PWD" != "$__shellguard_pwd"
                    set -g __shellguard_pwd $PWD
                    set -g __shellguard_epwd (printf '%s' $PWD | string replace -a '\\' '\\\\' | string replace -a \t '\\t' | string replace -a \r '\\r' | string join '\\n')
                end
                # The request (protocol.ts): the one place a line is sent.
                set -l req "$__shellguard_id"\t-\tfish\t"$__shellguard_epwd"\t"$c"
                # fish writes it to the worker itself and reads the reply; the relay is told, to
                # keep the time (and start the worker). A request that might not fit in the pipe
                # goes to the relay only, whose one-shot check answers it: a write to a worker
                # that stopped reading would block with no time limit.
                if string match -qr '^.{16385}' -- $req
                    printf 'c\t%s\t%s\n' $__shellguard_mode $req >$__shellguard_dir/in
                else
                    printf '%s\n' $req >$__shellguard_dir/req
                    printf 'w\t%s\t%s\n' $__shellguard_mode $req >$__shellguard_dir/in
                end
                # The reply (from the worker, or the relay when the worker did not answer in
                # time); skip replies to older requests. read splits the fields itself (the last
                # takes the rest of the line).
                while read -l -d \t id decision flags mode on_error text <$__shellguard_dir/res
                    if test "$id" = $__shellguard_id
                        set -g __shellguard_r "$decision" "$flags" "$mode" "$on_error" "$text"
                        break
                    end
                end
                # Answered: the relay stops the clock.
                printf '%s\n' $__shellguard_id >$__shellguard_dir/in
            else
                set reply (command $__shellguard_bash -c $__shellguard_client shellguard-fish-client "$__shellguard_dir" $fish_pid $__shellguard_id $__shellguard_mode $PWD $cmd $__shellguard_bin -- $__shellguard_worker 2>/dev/null)
            end
        else
            # No bash: a one-shot check every time (slower, and without a time limit).
            set -l out (printf '%s' $cmd | command $__shellguard_bin check --stdin --dialect fish --mode $__shellguard_mode --cwd $PWD 2>&1)
            set -l rc $pipestatus[2]
            # Config warnings (stderr) are shown before the decision, not inside its text.
            set -l warn (string match -- 'shellguard: warning: *' $out)
            set out (string match -v -- 'shellguard: warning: *' $out)
            set out[1] (string replace -r '^(deny|ask): ' '' -- $out[1])
            set -l text (string join \x1f -- $out)
            set -l pre (string join \x1f -- $warn)
            test -n "$pre"; and set pre "$pre"\x1f
            switch $rc
                case 0
                    set -l shown -
                    test -n "$pre"; and set shown (string join \x1f -- $warn)
                    set reply "$__shellguard_id"\tallow\t-\t$__shellguard_mode\t-\t$shown
                case 1
                    set reply "$__shellguard_id"\task\t-\t$__shellguard_mode\t-\t"$pre""shellguard asks: $text"
                case 2
                    set reply "$__shellguard_id"\tdeny\t-\t$__shellguard_mode\t-\t"$pre""shellguard denied: $text"
                case '*'
                    set reply "$__shellguard_id"\terror\t-\t-\t-\t"$text"
            end
        end
        if test -n "$reply"
            set -l parts (string split \t -- "$reply")
            test (count $parts) -ge 6; and set -g __shellguard_r $parts[2..5] (string join \t -- $parts[6..-1])
        end
        # No field of a reply is empty (protocol.ts): an empty text is a short or missing reply.
        if test -z "$__shellguard_r[5]"
            set -g __shellguard_r error - - - 'shellguard: no answer from the check'
            return 1
        end
        contains -- $__shellguard_r[4] allow deny; and set -g __shellguard_on_error $__shellguard_r[4]
        test "$__shellguard_r[3]" != -; and set -g __shellguard_mode $__shellguard_r[3]
        return 0
    end

    # Print below the command line: first past its lines under the cursor, then the message,
    # then as many lines as the cursor is below the prompt, which the repaint moves back up.
    function __shellguard_show
        set -l total (count (commandline))
        set -l at (commandline -L)
        test -n "$at"; or set at 1
        string repeat -n (math "max(1, $total - $at + 1)") \n >&2
        test "$argv[1]" != -; and printf '%s\n' (string split \x1f -- $argv[1]) >&2
        test $at -gt 1; and string repeat -n (math $at - 1) \n >&2
        return 0
    end

    # Run the key's original binding (readline functions and commands, in order).
    function __shellguard_run_orig --argument-names slot
        set -l var __shellguard_orig_$slot
        set -l cmds $$var
        test (count $cmds) -eq 0; and set cmds execute
        for c in $cmds
            if contains -- $c $__shellguard_fnames
                commandline -f $c
            else
                eval $c
            end
        end
    end

    # A line that does not run leaves the buffer empty for the next command, and can be brought
    # back for editing: fish 4 and later add it to history (the up arrow); fish 3 has no way to
    # add a history entry, so there it goes to the kill ring (Ctrl-Y).
    function __shellguard_drop --argument-names cmd
        if string match -qr '^[4-9]|^[1-9][0-9]' -- $version
            builtin history append -- $cmd
            commandline -r ''
        else
            commandline -f beginning-of-buffer
            for l in (string split \n -- $cmd)
                commandline -f kill-whole-line
            end
        end
        commandline -f repaint
    end

    function __shellguard_enter --argument-names slot
        # Enter while we are asking "Run anyway?": that is the answer, not a command line.
        if set -q __shellguard_reading
            commandline -f execute
            return
        end
        set -l cmd (commandline | string collect)
        if contains -- "$SHELLGUARD" off OFF 0 false no
            or not string match -qr '\S' -- $cmd
            or string match -qr '^\s*(shellguard\s+(off|on)|set\s+(-\w+\s+)*SHELLGUARD\s+off)\s*$' -- $cmd
            __shellguard_run_orig $slot
            return
        end
        # Incomplete (fish adds a line) or erroneous (fish reports it): nothing runs yet.
        if not commandline --is-valid
            __shellguard_run_orig $slot
            return
        end
        __shellguard_query $cmd
        switch $__shellguard_r[1]
            case allow
                # Nothing, or a config warning shown once.
                test "$__shellguard_r[5]" != -; and __shellguard_show $__shellguard_r[5]
                __shellguard_run_orig $slot
            case ask
                __shellguard_show $__shellguard_r[5]
                set -g __shellguard_reading 1
                read -l -P 'Run anyway? [y/N] ' answer
                set -e __shellguard_reading
                if string match -qir '^\s*(y|yes)\s*$' -- $answer
                    __shellguard_run_orig $slot
                else
                    __shellguard_drop $cmd
                end
            case deny
                __shellguard_show $__shellguard_r[5]
                __shellguard_drop $cmd
            case '*'
                __shellguard_show $__shellguard_r[5]
                if test "$__shellguard_on_error" = deny
                    echo 'shellguard: could not check this line; not running it (shell.onError: deny). "shellguard off" turns the hook off.' >&2
                    __shellguard_drop $cmd
                else
                    echo 'shellguard: could not check this line; running it anyway (shell.onError: allow)' >&2
                    __shellguard_run_orig $slot
                end
        end
    end

    # Bind Enter (\r and \n, in the default and insert modes) to the check, keeping each key's
    # previous binding to run after it.
    function __shellguard_bind
        for mode in default insert
            for key in r n
                set -l seq \r
                test $key = n; and set seq \n
                set -l slot {$mode}_$key
                set -l lines (bind -M $mode $seq 2>/dev/null)
                set -l toks
                test (count $lines) -gt 0; and printf '%s\n' $lines[-1] | read -lat toks
                set -l cmds
                set -l skip 0
                set -l seen_key 0
                for tok in $toks[2..-1]
                    if test $skip -eq 1
                        set skip 0
                    else if test $seen_key -eq 1
                        set -a cmds $tok
                    else if contains -- $tok -M --mode -m --sets-mode
                        set skip 1
                    else if string match -q -- '-*' $tok
                        continue
                    else
                        set seen_key 1
                    end
                end
                # Ours already (the hook was loaded twice): keep the chain as it is.
                string match -q '__shellguard_enter*' -- $cmds; and continue
                set -g __shellguard_orig_$slot $cmds
                bind -M $mode $seq "__shellguard_enter $slot"
            end
        end
    end
    __shellguard_bind

    function __shellguard_rebind --on-variable fish_key_bindings
        __shellguard_bind
    end

    function __shellguard_exit --on-event fish_exit
        test -n "$__shellguard_relay_pid"; and command kill $__shellguard_relay_pid 2>/dev/null
        if test -n "$__shellguard_dir"; and test -d "$__shellguard_dir"
            if test -r $__shellguard_dir/pid
                read -l pid <$__shellguard_dir/pid
                # SIGKILL after a short grace: a worker busy in analysis cannot run its SIGTERM handler.
                if command kill $pid 2>/dev/null
                    for i in 1 2 3 4 5
                        command sleep 0.1
                        command kill -0 $pid 2>/dev/null; or break
                    end
                    command kill -0 $pid 2>/dev/null; and command kill -KILL $pid 2>/dev/null
                end
            end
            command rm -rf -- $__shellguard_dir
        end
    end
end
