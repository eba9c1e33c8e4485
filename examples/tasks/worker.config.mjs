// The Worker build: `node worker.config.mjs` bundles src/worker.ts with
// everything it imports (wymcp, the MCP SDK) into dist/worker/worker.js for
// workerd, Deno or Bun. No Node built-ins: `platform: "neutral"` would fail
// the build on any `node:` import. The wymcp plugin checks every action
// schema, as in the Node builds. The `workerd` condition makes the MCP SDK
// pick the cfworker JSON Schema validator, which generates no code (Ajv's
// `new Function` cannot run on Workers).
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
