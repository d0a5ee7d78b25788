/**
 * The fallback parser where no native addon loads (no prebuilt binary for the platform, no
 * compiler, an install with --ignore-scripts): web-tree-sitter running the `tree-sitter-bash.wasm`
 * that tree-sitter-bash ships, walked by the reference extractor. Nothing native is needed.
 * Loading it is asynchronous (compiling WebAssembly), so callers await `loadWasmParser()` once.
 */

import type { TSParser } from "./reference.js";
import { requireFrom } from "./require.js";

let loading: Promise<TSParser> | undefined;
let loaded: TSParser | undefined;

/**
 * The grammar's scanner asks the C library whether a character is a space or a letter
 * (iswspace, iswalpha, iswalnum). The addon runs on the C library's default locale, where only
 * ASCII characters are; the WASM build's C library (musl) answers for all of Unicode, so
 * `cat <<EOF\u2028` or `<<\u00e9OF` would parse differently. The grammar's own lexer puts every
 * character from `~` on in one class, so each non-ASCII UTF-16 unit is handed over as a
 * private-use character (U+E000-U+E0FF, which no C library calls a space or a letter) with the
 * same low byte: the scanner keeps heredoc delimiters as bytes, `(char)c`, so the low byte is
 * what it compares. Same lengths, so every offset is the source's; words' text is read from the
 * source, not from this copy.
 */
function asciiShape(text: string): string {
  return NON_ASCII.test(text) ? text.replace(NON_ASCII_ALL, (c) => String.fromCharCode(0xe000 | (c.charCodeAt(0) & 0xff))) : text;
}
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
// eslint-disable-next-line no-control-regex
const NON_ASCII_ALL = /[^\x00-\x7f]/g;

/** The WASM parser once loaded, else undefined. */
export function wasmParser(): TSParser | undefined {
  return loaded;
}

/** Loads the WASM parser (once; later calls share the promise). */
export function loadWasmParser(): Promise<TSParser> {
  loading ??= (async () => {
    const require = requireFrom(import.meta.url);
    const { Parser, Language } = require("web-tree-sitter") as typeof import("web-tree-sitter");
    await Parser.init();
    const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    const parser = new Parser();
    parser.setLanguage(language);
    const wasm = parser as unknown as TSParser;
    loaded = {
      setLanguage: (lang) => wasm.setLanguage(lang),
      parse: (input) => wasm.parse(typeof input === "string" ? asciiShape(input) : (index) => {
        const chunk = input(index);
        return chunk === null ? null : asciiShape(chunk);
      }),
    };
    return loaded;
  })();
  return loading;
}
