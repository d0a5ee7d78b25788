/**
 * Standard output for `check`. When stdout is a file, a pipe or /dev/null, text is written to fd 1
 * with fs.writeSync, so a run never creates process.stdout: its stream machinery (and telling a
 * terminal apart, which loads node:tty and node:net) is a tenth of `shellguard check`'s start-up.
 * A terminal, or Windows, keeps process.stdout. A reader that went away (EPIPE) ends the output.
 */

import { fstatSync, statSync, writeSync } from "node:fs";

let direct: boolean | undefined;

/** Whether fd 1 is a file, a pipe, a socket or /dev/null: never a terminal. */
function writesDirect(): boolean {
  if (direct !== undefined) return direct;
  direct = false;
  if (process.platform === "win32") return direct;
  try {
    const s = fstatSync(1);
    if (s.isFile() || s.isFIFO() || s.isSocket()) direct = true;
    else if (s.isCharacterDevice()) direct = s.rdev === statSync("/dev/null").rdev;
  } catch {
    direct = false;
  }
  return direct;
}

/** Whether stdout is a terminal (without creating process.stdout when it is not). */
export function stdoutIsTTY(): boolean {
  return !writesDirect() && process.stdout.isTTY === true;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
let closed = false;

/** Writes all of `text` to stdout before returning (a non-blocking pipe that is full is waited for). */
export function writeStdout(text: string): void {
  if (closed) return;
  if (!writesDirect()) {
    process.stdout.write(text);
    return;
  }
  const bytes = Buffer.from(text, "utf8");
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (code === "EPIPE") {
        closed = true;
        return;
      }
      throw error;
    }
  }
}
