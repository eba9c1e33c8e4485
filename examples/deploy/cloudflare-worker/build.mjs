// Bundles the Worker with esbuild and the wymcp plugin: everything in one
// module for workerd, no Node built-ins (`platform: "neutral"`). The
// `workerd` condition is what the MCP SDK picks its JSON Schema validator
// by: the cfworker one, which generates no code (Ajv's `new Function` could
// not run on Workers).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/esbuild";

export const options = {
  absWorkingDir: fileURLToPath(new URL(".", import.meta.url)),
  entryPoints: ["src/index.ts"],
  outfile: "dist/index.js",
  bundle: true,
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  format: "esm",
  minify: true,
  plugins: [wymcp()],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(options);
