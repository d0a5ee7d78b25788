# Read by the recorded bash before the case (BASH_ENV): a command PATH does not hold is exec'd as
# the recorder's marker path, so it is recorded like any other; readonly so the case cannot undo it.
command_not_found_handle() { exec /.oracle-not-found "$@"; }
readonly -f command_not_found_handle
