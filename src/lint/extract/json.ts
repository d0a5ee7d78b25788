/**
 * A small JSON parser that keeps source positions (JSON.parse keeps none): every value's range,
 * and for strings the decoded value with the file offset of each of its chars. Strict JSON
 * (RFC 8259); the first error throws a JsonSyntaxError with its offset.
 */

export type JsonNode =
  | { type: "object"; start: number; end: number; members: { key: JsonString; value: JsonNode }[] }
  | { type: "array"; start: number; end: number; items: JsonNode[] }
  | JsonString
  | { type: "number" | "true" | "false" | "null"; start: number; end: number };

export interface JsonString {
  type: "string";
  start: number;
  end: number;
  value: string;
  /** File offset of each char of `value` (an escape maps to its backslash). */
  offsets: number[];
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

export function parseJson(text: string): JsonNode {
  let i = 0;
  const fail = (what: string, at = i): never => {
    throw new JsonSyntaxError(at >= text.length ? `unexpected end of input (${what})` : `unexpected ${JSON.stringify(text[at])} (${what})`, at);
  };
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const string = (): JsonString => {
    const start = i++;
    let value = "";
    const offsets: number[] = [];
    while (true) {
      if (i >= text.length) fail("unterminated string");
      const c = text[i]!;
      if (c === '"') {
        i++;
        return { type: "string", start, end: i, value, offsets };
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("bad \\u escape", i);
          value += String.fromCharCode(parseInt(hex, 16));
          offsets.push(i);
          i += 6;
        } else if (e !== undefined && ESCAPES[e] !== undefined) {
          value += ESCAPES[e];
          offsets.push(i);
          i += 2;
        } else fail("bad escape", i + 1);
      } else if (c.charCodeAt(0) < 0x20) {
        fail("control character in a string");
      } else {
        value += c;
        offsets.push(i);
        i++;
      }
    }
  };
  const literal = (word: "true" | "false" | "null"): JsonNode => {
    if (text.startsWith(word, i)) {
      const start = i;
      i += word.length;
      return { type: word, start, end: i };
    }
    return fail("expected a value");
  };
  const value = (depth: number): JsonNode => {
    if (depth > 512) fail("nesting too deep");
    ws();
    const c = text[i];
    const start = i;
    if (c === "{") {
      i++;
      const members: { key: JsonString; value: JsonNode }[] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { type: "object", start, end: i, members };
      }
      while (true) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        ws();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        members.push({ key, value: value(depth + 1) });
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return { type: "object", start, end: i, members };
        } else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { type: "array", start, end: i, items };
      }
      while (true) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          return { type: "array", start, end: i, items };
        } else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail("expected a value");
    i += m[0].length;
    return { type: "number", start, end: i };
  };
  const root = value(0);
  ws();
  if (i < text.length) fail("expected the end of the document");
  return root;
}

export function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.type !== "object") return undefined;
  let found: JsonNode | undefined;
  for (const m of node.members) if (m.key.value === key) found = m.value;
  return found;
}
