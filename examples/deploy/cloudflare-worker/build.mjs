// Bundles the Worker with esbuild and the wymcp plugin: everything in one
// module for workerd, no Node built-ins (`platform: "neutral"`). The alias
// leaves Ajv out: the MCP SDK's `Server` imports it as its default
// validator, but wymcp hands the server the cfworker one, and Ajv's compiler
// (`new Function`) could not run on Workers anyway.
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
  alias: { ajv: "./src/no-ajv.ts", "ajv-formats": "./src/no-ajv.ts" },
  format: "esm",
  minify: true,
  plugins: [wymcp()],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(options);
