/**
 * Appending one line to a size-capped, rotated log that many processes write at once.
 *
 * - Each line is ONE write(2) of the whole line on a descriptor opened with O_APPEND: on a local
 *   file system the kernel appends it whole, so lines of concurrent writers never interleave.
 * - Rotation (`file` → `file.1` → ... → `file.<keep>`, the oldest dropped) happens under a lock
 *   file created with O_EXCL, so one process rotates at a time, and it checks the size again
 *   once it holds the lock (another may just have rotated). A line is never dropped to make
 *   room: a writer that finds the lock held waits for the rotation, and one that cannot get the
 *   lock at all appends anyway (the file goes a little over the cap). A writer that opened the
 *   file just before another rotated it appends to what is now `file.1`: still kept, in order.
 * - A lock older than STALE_LOCK_MS is a crashed rotator's: it is removed.
 */

import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync, constants } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface RotationSettings {
  file: string;
  maxBytes: number;
  keep: number;
}

const STALE_LOCK_MS = 10_000;
/** How long a writer waits for another's rotation before it appends anyway. */
const LOCK_WAIT_MS = 2_000;
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** Open for appending (mode 0600: the log holds command lines), making the directory (0700) if it is missing. */
function openAppend(file: string): number {
  try {
    return openSync(file, APPEND, 0o600);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    return openSync(file, APPEND, 0o600);
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function writeAll(fd: number, data: Buffer): void {
  let done = writeSync(fd, data);
  // A regular file takes the whole buffer at once; should the kernel ever take less, the rest follows.
  while (done < data.length) done += writeSync(fd, data, done);
}

/** Whether a line of `length` bytes would take a file of `size` past the cap (an empty file always takes it). */
function overCap(size: number, length: number, maxBytes: number): boolean {
  return size > 0 && size + length > maxBytes;
}

/** Shift `file.(keep-1)` → `file.keep`, ..., `file` → `file.1`; the oldest is replaced. */
function shift(file: string, keep: number): void {
  for (let i = keep - 1; i >= 1; i--) {
    try {
      renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
    }
  }
  renameSync(file, `${file}.1`);
}

/** Take the lock, or false when another process holds it (a stale one is removed first). */
function tryLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600));
    return true;
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
  }
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
  } catch {
    // gone already: the next try takes it
  }
  return false;
}

/**
 * Rotate if a line of `length` bytes does not fit, under the lock. Returns when the file fits
 * (rotated here or by another process) or the wait is over.
 */
function rotateIfFull(settings: RotationSettings, length: number): void {
  const { file, maxBytes, keep } = settings;
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (overCap(sizeOf(file), length, maxBytes)) {
    if (tryLock(lock)) {
      try {
        if (overCap(sizeOf(file), length, maxBytes)) shift(file, keep);
      } finally {
        try {
          unlinkSync(lock);
        } catch {
          // removed as stale by another process: nothing to release
        }
      }
      return;
    }
    if (Date.now() > deadline) return;
    sleep(2);
  }
}

/** Append `line` (one line, without its newline) to the log, rotating it first when it is full. Throws on I/O errors. */
export function appendLine(settings: RotationSettings, line: string): void {
  const data = Buffer.from(`${line}\n`, "utf8");
  let fd = openAppend(settings.file);
  try {
    if (overCap(fstatSync(fd).size, data.length, settings.maxBytes)) {
      closeSync(fd);
      fd = -1;
      rotateIfFull(settings, data.length);
      fd = openAppend(settings.file);
    }
    writeAll(fd, data);
  } finally {
    if (fd !== -1) closeSync(fd);
  }
}

/** The log's files, oldest first: `file.<n>` ... `file.1`, then `file` (those that exist). */
export function logFiles(file: string): string[] {
  const name = basename(file);
  let entries: string[];
  try {
    entries = readdirSync(dirname(file));
  } catch {
    return [];
  }
  const rotated: { n: number; path: string }[] = [];
  let current = false;
  for (const entry of entries) {
    if (entry === name) current = true;
    else if (entry.startsWith(`${name}.`) && /^\d+$/.test(entry.slice(name.length + 1))) {
      rotated.push({ n: Number(entry.slice(name.length + 1)), path: join(dirname(file), entry) });
    }
  }
  rotated.sort((a, b) => b.n - a.n);
  return [...rotated.map((r) => r.path), ...(current ? [file] : [])];
}
