/**
 * Whether a project config sits where only its owner could have put it (git's `safe.directory`
 * idea). A config in a directory other users can write to — `/tmp`, a shared checkout — or
 * owned by another user is never read: anyone could have planted it there.
 *
 * Checked for the file and the directory it was found in; for a symbolic link, the link's owner,
 * then its target and the target's directory (a link to a trusted config elsewhere must not carry
 * that config into a directory it was not written for). Safe means: owned by the current user
 * or root, and not writable by others. Group-writable is refused too, except for a user-private
 * group (the group id equals the user id, as `useradd` makes them; umask 002 systems rely on it).
 * The sticky bit does not help: in `/tmp` anyone may create the file first.
 */

import { lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname } from "node:path";

export interface Identity {
  uid: number;
  gid: number;
}

/** The current user, or null where there are no POSIX ids (Windows): nothing is checked there. */
export function currentIdentity(): Identity | null {
  if (typeof process.getuid !== "function" || typeof process.getgid !== "function") return null;
  return { uid: process.getuid(), gid: process.getgid() };
}

const GROUP_WRITE = 0o020;
const OTHER_WRITE = 0o002;

/** Why `st` (a file or directory named `what`) is unsafe, or null. */
function problemOf(st: Stats, what: string, id: Identity): string | null {
  if (st.uid !== id.uid && st.uid !== 0) return `${what} is owned by another user (uid ${st.uid})`;
  if (st.mode & OTHER_WRITE) return `${what} is writable by every user`;
  if (st.mode & GROUP_WRITE && !(st.gid === id.gid && id.gid === id.uid && st.uid === id.uid)) {
    return `${what} is writable by its group (gid ${st.gid})`;
  }
  return null;
}

function lstatOf(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * Why the project config `file` must not be read, or null when it is safe. A path that cannot be
 * examined is unsafe (fail closed).
 */
export function unsafeConfigReason(file: string, id: Identity | null = currentIdentity()): string | null {
  if (id === null) return null;
  const link = lstatOf(file);
  if (!link) return "cannot be examined";
  if (link.isSymbolicLink()) {
    // The link itself: who made it (its mode bits mean nothing).
    if (link.uid !== id.uid && link.uid !== 0) return `the symbolic link is owned by another user (uid ${link.uid})`;
    let target: string;
    let st: Stats;
    try {
      target = realpathSync(file);
      st = statSync(target);
    } catch {
      return "is a symbolic link that cannot be followed";
    }
    const problem = problemOf(st, `its target ${target}`, id) ?? dirProblem(dirname(target), id);
    if (problem) return problem;
  } else {
    const problem = problemOf(link, "the file", id);
    if (problem) return problem;
  }
  return dirProblem(dirname(file), id);
}

function dirProblem(dir: string, id: Identity): string | null {
  // Followed: a symbolic link's own mode bits are always rwx for all.
  let st: Stats | null;
  try {
    st = statSync(dir);
  } catch {
    st = null;
  }
  if (!st) return `its directory ${dir} cannot be examined`;
  return problemOf(st, `its directory ${dir}`, id);
}

/** What a change of ownership or permissions of `file` or its directory looks like to configStamp. */
export function safetyStamp(file: string): string {
  const parts = [file, dirname(file)].map((p) => {
    const st = lstatOf(p);
    return st ? `${st.uid}:${st.gid}:${st.mode}` : "-";
  });
  return parts.join("\0");
}
