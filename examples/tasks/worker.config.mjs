// The Worker build: `node worker.config.mjs` bundles src/worker.ts with
// everything it imports (wymcp, the MCP SDK) into dist/worker/worker.js for
// workerd, Deno or Bun. No Node built-ins: `platform: "neutral"` would fail
// the build on any `node:` import. The wymcp plugin checks every action
// schema, as in the Node builds. The alias leaves Ajv out: the MCP SDK's
// `Server` imports it as its default validator, but wymcp hands the server
// the cfworker one, and Ajv's compiler (`new Function`) cannot run on Workers.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/esbuild";

const root = fileURLToPath(new URL(".", import.meta.url));

/** @type {import("esbuild").BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: { worker: "src/worker.ts" },
  outdir: "dist/worker",
  bundle: true,
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  alias: { ajv: "./src/no-ajv.ts", "ajv-formats": "./src/no-ajv.ts" },
  format: "esm",
  target: "es2022",
  minify: true,
  plugins: [wymcp()],
  logLevel: "info",
};

export default options;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(options).catch(() => {
    process.exitCode = 1;
  });
}
