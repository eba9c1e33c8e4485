// Rollup: `npx rollup -c rollup.config.mjs` builds the two servers into
// dist/rollup/. wymcp comes first so it checks the source as written; the
// TypeScript plugin strips types after it.
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/rollup";
import typescript from "./support/rollup-typescript.mjs";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** @type {import("rollup").RollupOptions} */
export default {
  input: { "server-stdio": here("src/server-stdio.ts"), "server-http": here("src/server-http.ts") },
  // Without @rollup/plugin-node-resolve Rollup bundles only your own modules:
  // packages (wymcp, the MCP SDK) are imported from node_modules at run time.
  external: [/^wymcp(\/|$)/, /^@modelcontextprotocol\/sdk/],
  plugins: [wymcp(), typescript()],
  output: { dir: here("dist/rollup"), format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
};
