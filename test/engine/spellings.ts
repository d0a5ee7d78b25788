/**
 * Generated members of the class "a rule names a program": every spelling of a program name ×
 * every wrapper and shell-in-shell the analysis sees through. Shared by the rule tests and the
 * fail-safe tests.
 */

/** Every way to write the program name `p` that runs it (or, for `./p` and friends, may). */
export function spellings(p: string): string[] {
  const hex = p.charCodeAt(0).toString(16);
  const oct = p.charCodeAt(0).toString(8);
  return [
    p, `/bin/${p}`, `/usr/bin/${p}`, `/usr/local/bin/${p}`, `/usr//bin/${p}`, `/usr/bin/./${p}`, `/bin/../usr/bin/${p}`,
    `\\${p}`, `${p[0]}\\${p.slice(1)}`, `'${p}'`, `"${p}"`, `${p[0]}"${p.slice(1)}"`, `'/usr/bin/${p}'`, `"/usr/bin/"${p}`,
    `$'\\x${hex}${p.slice(1)}'`, `$'\\${oct}'${p.slice(1)}`,
    `./${p}`, `../bin/${p}`, `/opt/x/${p}`, `~/bin/${p}`, `$HOME/bin/${p}`, `"$HOME"/.local/bin/${p}`, `/???/${p}`,
  ];
}

/** The commands under test: each spelling with its arguments. */
export const TARGETS: [string, (name: string) => string][] = [
  ["touch", (n) => `${n} notes.txt`],
  ["git", (n) => `${n} push origin main`],
  ["mkdir", (n) => `${n} -p build`],
];

export const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Every wrapper the analysis sees through, each with arguments it accepts. */
export const WRAPPED: Readonly<Record<string, (c: string) => string>> = {
  sudo: (c) => `sudo ${c}`,
  doas: (c) => `doas -u nobody ${c}`,
  pkexec: (c) => `pkexec ${c}`,
  runuser: (c) => `runuser -u nobody ${c}`,
  coproc: (c) => `coproc ${c}`,
  chroot: (c) => `chroot / ${c}`,
  unshare: (c) => `unshare -r ${c}`,
  nsenter: (c) => `nsenter -t 1 -m ${c}`,
  strace: (c) => `strace -f ${c}`,
  ltrace: (c) => `ltrace ${c}`,
  proxychains: (c) => `proxychains ${c}`,
  proxychains4: (c) => `proxychains4 -q ${c}`,
  torsocks: (c) => `torsocks ${c}`,
  nocache: (c) => `nocache ${c}`,
  catchsegv: (c) => `catchsegv ${c}`,
  "dbus-run-session": (c) => `dbus-run-session ${c}`,
  script: (c) => `script -q -c ${q(c)} /dev/null`,
  env: (c) => `env -i ${c}`,
  command: (c) => `command ${c}`,
  builtin: (c) => `builtin ${c}`,
  exec: (c) => `exec -a x ${c}`,
  nice: (c) => `nice -n 5 ${c}`,
  nohup: (c) => `nohup ${c}`,
  time: (c) => `time -p ${c}`,
  timeout: (c) => `timeout 5 ${c}`,
  stdbuf: (c) => `stdbuf -o0 ${c}`,
  ionice: (c) => `ionice -c 3 ${c}`,
  jobs: (c) => `jobs -x ${c}`,
  setsid: (c) => `setsid -w ${c}`,
  chrt: (c) => `chrt 10 ${c}`,
  taskset: (c) => `taskset 0x1 ${c}`,
  unbuffer: (c) => `unbuffer ${c}`,
  caffeinate: (c) => `caffeinate -i ${c}`,
  xargs: (c) => `echo a | xargs ${c}`,
  busybox: (c) => `busybox ${c}`,
  toybox: (c) => `toybox ${c}`,
  tmux: (c) => `tmux new-session -d ${c}`,
  screen: (c) => `screen -dmS job ${c}`,
  parallel: (c) => `parallel ${c} ::: a`,
  flock: (c) => `flock /tmp/x.lock ${c}`,
  fakeroot: (c) => `fakeroot -- ${c}`,
  watch: (c) => `watch -n 1 ${c}`,
  chronic: (c) => `chronic -e ${c}`,
  ifne: (c) => `ifne ${c}`,
  eatmydata: (c) => `eatmydata ${c}`,
  "systemd-run": (c) => `systemd-run --user --scope ${c}`,
  run0: (c) => `run0 ${c}`,
  firejail: (c) => `firejail --quiet ${c}`,
  valgrind: (c) => `valgrind -q ${c}`,
  gdb: (c) => `gdb -batch -ex run --args ${c}`,
  numactl: (c) => `numactl -N 0 ${c}`,
  "xvfb-run": (c) => `xvfb-run -a ${c}`,
};

/** More of the same class: options of wrappers, shells, strings run as code, compositions. */
export const MORE: readonly ((c: string) => string)[] = [
  (c) => c,
  (c) => `sudo -u nobody -E ${c}`,
  (c) => `sudo -s ${c}`,
  (c) => `env ${c}`,
  (c) => `env -u X ${c}`,
  (c) => `env A=1 B=2 ${c}`,
  (c) => `env -- ${c}`,
  (c) => `timeout -s KILL 5 ${c}`,
  (c) => `nice ${c}`,
  (c) => `command -p ${c}`,
  (c) => `exec ${c}`,
  (c) => `X=1 ${c}`,
  (c) => `echo a | xargs -I{} ${c}`,
  (c) => `find . -exec ${c} {} ';'`,
  (c) => `find . -execdir ${c} {} +`,
  (c) => `flock /tmp/x.lock -c ${q(c)}`,
  (c) => `eval ${q(c)}`,
  (c) => `su -c ${q(c)}`,
  (c) => `watch ${q(c)}`,
  (c) => `trap ${q(c)} EXIT`,
  (c) => `/usr/bin/env ${c}`,
  (c) => `/usr/bin/sudo ${c}`,
  (c) => `/usr/bin/timeout 5 ${c}`,
  (c) => `sudo timeout 5 env -i nice ${c}`,
  (c) => `bash -c ${q(`timeout 5 ${c}`)}`,
  (c) => `sudo bash -c ${q(c)}`,
  (c) => `bash -c ${q(`sh -c ${q(c)}`)}`,
  (c) => `/bin/bash -c ${q(c)}`,
  (c) => `echo ok && ${c}`,
  (c) => `ls | ${c}`,
  (c) => `(${c})`,
  (c) => `{ ${c}; }`,
  (c) => `if true; then ${c}; fi`,
  (c) => `f() { ${c}; }; f`,
  (c) => `echo "$(${c})"`,
];

export const SHELL_WRAPPERS = ["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "rbash", "yash"].map((sh) => (c: string) => `${sh} -c ${q(c)}`);

/** `env -S STRING` splits and unquotes STRING itself. */
export const ENV_S = (p: string, args: string): string[] => [
  `env -S ${q(`${p} ${args}`)}`,
  `env -S ${q(`/usr/bin/${p} ${args}`)}`,
  `env -S ${q(`"${p}" ${args}`)}`,
  `env -S "'${p}' ${args}"`,
  `env -S ${q(`${p}\\_${args.replace(/ /g, "\\_")}`)}`,
  `env -S${q(`${p} ${args}`)}`,
  `env --split-string=${q(`${p} ${args}`)}`,
  `/usr/bin/env -S ${q(`timeout 5 /bin/${p} ${args}`)}`,
];

export const ARGS: Readonly<Record<string, string>> = { touch: "notes.txt", git: "push origin main", mkdir: "-p build" };

/** Every wrapper form, for one command. */
export const ALL_WRAPPERS: readonly ((c: string) => string)[] = [...Object.values(WRAPPED), ...MORE, ...SHELL_WRAPPERS];

export function generated(): string[] {
  const out: string[] = [];
  for (const [p, line] of TARGETS) {
    for (const s of spellings(p)) {
      const cmd = line(s);
      for (const w of ALL_WRAPPERS) out.push(w(cmd));
    }
    out.push(...ENV_S(p, ARGS[p]!));
  }
  return out;
}
