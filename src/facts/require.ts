/**
 * `require` for ES modules, made when it is first needed. The first import of node:module's
 * public module costs 0.3–1 ms of a start (Node builds its ES module facade), and a check needs
 * `require` only off its usual path: the node-gyp-build search, the reference or WASM parser, a
 * YAML or JavaScript config.
 */
export function requireFrom(url: string): NodeJS.Require {
  return process.getBuiltinModule("node:module").createRequire(url);
}
