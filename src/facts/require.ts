/**
 * `require` for ES modules, made when it is first needed. Requiring node:module's public module
 * takes 0.35–0.5 ms in a fresh process (node:path ~0.1 ms), and a check needs `require` only off
 * its usual path: the node-gyp-build search, the reference or WASM parser, a YAML or JavaScript
 * config.
 */
export function requireFrom(url: string): NodeJS.Require {
  return process.getBuiltinModule("node:module").createRequire(url);
}
