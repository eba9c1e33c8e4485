// esbuild: `node esbuild.config.mjs` builds the two servers into dist/esbuild/.
// The wymcp plugin checks every defineTool(...) it sees and fails the build
// with every malformed action schema located.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/esbuild";

const root = fileURLToPath(new URL(".", import.meta.url));

/** @type {import("esbuild").BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: { "server-stdio": "src/server-stdio.ts", "server-http": "src/server-http.ts" },
  outdir: "dist/esbuild",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  // The MCP SDK is a peer dependency: resolved from node_modules at run time.
  external: ["@modelcontextprotocol/server"],
  plugins: [wymcp()],
  logLevel: "info",
};

export default options;

// Run directly: build. Imported (by build-all.mjs): just the options.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(options).catch(() => {
    // esbuild has printed every error with its location already.
    process.exitCode = 1;
  });
}
