// Rolldown: `npx rolldown -c rolldown.config.mjs` builds the two servers
// into dist/rolldown/. Rolldown reads TypeScript itself; the wymcp plugin
// fails the build on any malformed action schema.
import { fileURLToPath } from "node:url";
import { defineConfig } from "rolldown";
import wymcp from "wymcp/rolldown";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  input: { "server-stdio": here("src/server-stdio.ts"), "server-http": here("src/server-http.ts") },
  platform: "node",
  // The MCP SDK is a peer dependency: resolved from node_modules at run time.
  external: [/^@modelcontextprotocol\/sdk/],
  plugins: [wymcp()],
  output: { dir: here("dist/rolldown"), format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
});
