// Bundles the bundler plugins' entries (`wymcp/esbuild`, `wymcp/vite`, …) that tsc
// emitted into dist/plugin/bundler, in place: each entry becomes one small module,
// and what it loads later (the build pass, the evaluator, the validators) a few
// shared chunks beside it. A build then loads 2–4 files instead of ~90, which is
// most of what the plugin costs a build whose verdicts are all kept.
//
// The chunks stay in dist/plugin/bundler, the folder of the modules they replace,
// so paths worked out from `import.meta.url` (the code stamp's `../..`) hold.
// Packages (oxc-parser, the validator, unplugin, the bundlers' types) stay imports.
//
//   node scripts/bundle-plugins.mjs      (run by `npm run build`, after tsc)
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL("../dist/plugin/bundler/", import.meta.url));
// The check worker (`check-worker.ts`) is an entry too: a thread of its own loads it, beside the chunks it shares.
const ENTRIES = ["unplugin", "vite", "rollup", "rolldown", "esbuild", "webpack", "rspack", "check-worker"];

await build({
  entryPoints: ENTRIES.map((name) => `${folder}${name}.js`),
  outdir: folder,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  packages: "external",
  chunkNames: "[name]-[hash]",
  logLevel: "warning",
});
