// The same esbuild setup as examples/tasks: `node esbuild.config.mjs` fails
// with every malformed action schema located.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/esbuild";

await build({
  absWorkingDir: fileURLToPath(new URL(".", import.meta.url)),
  entryPoints: ["src/server.ts"],
  outdir: "dist/esbuild",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  external: ["@modelcontextprotocol/server"],
  plugins: [wymcp()],
  logLevel: "info",
}).catch(() => {
  // esbuild has printed every error with its location already.
  process.exitCode = 1;
});
