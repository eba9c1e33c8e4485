// Module hooks for preload.mjs: `fs` imported by the conformance suite
// resolves to fs-with-glob.mjs.
const shim = new URL("./fs-with-glob.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL?.includes("/@modelcontextprotocol/conformance/"))
    return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
