/**
 * Reading the hook payload: all of stdin, bounded in size and time, decoded as strict UTF-8.
 *
 * Past the limit nothing more is kept, but the rest is still read and discarded (up to a drain
 * cap): an agent that is still writing when the hook exits gets EPIPE, and an agent that treats a
 * failed write as a failed hook would let the tool run. Answering after the writer is done keeps
 * the deny visible.
 */

import { TextDecoder } from "node:util";

/** Largest hook payload accepted (a Bash payload is a command and a description: a few KB). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;
/** How much is read and discarded past the limit before answering anyway. */
export const MAX_DRAIN_BYTES = 256 * 1024 * 1024;
/** How long to wait for stdin to close. */
export const READ_TIMEOUT_MS = 10_000;

export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; problem: string };

export interface ReadOptions {
  limit?: number;
  drainLimit?: number;
  timeoutMs?: number;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KiB`;
  return `${n} bytes`;
}

/** All of `stream`, or why not. Never rejects. */
export function readPayload(stream: NodeJS.ReadableStream, options: ReadOptions = {}): Promise<ReadResult> {
  const limit = options.limit ?? MAX_PAYLOAD_BYTES;
  const drainLimit = options.drainLimit ?? MAX_DRAIN_BYTES;
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  if ((stream as { isTTY?: boolean }).isTTY) {
    return Promise.resolve({ ok: false, problem: "stdin is a terminal; the agent passes the hook JSON on stdin" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: ReadResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onError);
      // Nothing more is read: let the process exit even if the writer keeps stdin open.
      stream.pause();
      (stream as { destroy?: () => void }).destroy?.();
      resolve(result);
    };
    const tooLarge = (): ReadResult => ({ ok: false, problem: `the hook input is larger than ${formatBytes(limit)} (the limit)` });
    const onData = (chunk: Buffer | string): void => {
      const buf = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      size += buf.length;
      if (size <= limit) chunks.push(buf);
      else chunks.length = 0;
      if (size > drainLimit) finish(tooLarge());
    };
    const onEnd = (): void => {
      if (size > limit) return finish(tooLarge());
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks, size));
      } catch {
        return finish({ ok: false, problem: "the hook input is not valid UTF-8" });
      }
      finish({ ok: true, text });
    };
    const onError = (error: Error): void => finish({ ok: false, problem: `cannot read stdin (${error.message})` });
    const timer = setTimeout(() => {
      finish({ ok: false, problem: `stdin was not closed within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    timer.unref?.();
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.resume();
  });
}
