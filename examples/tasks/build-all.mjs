// Builds the example server with every build tool wymcp plugs into — Vite,
// Rollup, Rolldown, esbuild, webpack, Rspack (each with its wymcp plugin)
// and tspc (the wymcp transformer) — into dist/<tool>/, one line per tool.
//
//   node examples/tasks/build-all.mjs                  # all seven
//   node examples/tasks/build-all.mjs esbuild rolldown # just these
//
// Each build reads this folder's own config file, the one you would copy.
// Exits 1 if any build fails; a tool whose wymcp part is not built yet is
// skipped with a message instead.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runTspc, transformerBuild } from "../support/tspc.mjs";

const root = fileURLToPath(new URL(".", import.meta.url));
const repo = join(root, "../..");
const config = async (file) => (await import(pathToFileURL(join(root, file)).href)).default;

/** Thrown for a tool that cannot run here yet: reported as skipped, not failed. */
class Skip extends Error {}

const builds = {
  async vite() {
    const { build } = await import("vite");
    await build({ configFile: join(root, "vite.config.ts"), logLevel: "silent" });
  },
  async rollup() {
    const { rollup } = await import("rollup");
    const options = await config("rollup.config.mjs");
    const bundle = await rollup({ ...options, onwarn: () => {} });
    try {
      await bundle.write(options.output);
    } finally {
      await bundle.close();
    }
  },
  async rolldown() {
    const { build } = await import("rolldown");
    await build({ ...(await config("rolldown.config.mjs")), logLevel: "silent" });
  },
  async esbuild() {
    const { build } = await import("esbuild");
    await build({ ...(await config("esbuild.config.mjs")), logLevel: "silent" });
  },
  webpack: async () => webpackLike((await import("webpack")).default, await config("webpack.config.mjs")),
  rspack: async () => webpackLike((await import("@rspack/core")).rspack, await config("rspack.config.mjs")),
  async tspc() {
    if (!existsSync(transformerBuild)) throw new Skip("wymcp/transformer is not built yet (dist/plugin/typescript/index.cjs is missing)");
    const run = runTspc(join(root, "tsconfig.json"), join(root, "dist"));
    if (run.status !== 0) throw new Error(run.output.trim() || `tspc exited with ${run.status}`);
  },
};

/** webpack and Rspack share an API: run once, fail on any error in the stats. */
async function webpackLike(compile, options) {
  const stats = await new Promise((resolve, reject) => {
    const compiler = compile({ ...options, infrastructureLogging: { level: "none" } });
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result))));
  });
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, colors: false }).trim());
}

// The configs import wymcp by its package name, which resolves to the built dist/.
if (!existsSync(join(repo, "dist/plugin/bundler/unplugin.js"))) {
  console.error("wymcp is not built: run `npm run build` in the repository root first.");
  process.exit(1);
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in builds));
if (unknown.length > 0) {
  console.error(`unknown build tool ${unknown.join(", ")}; choose from ${Object.keys(builds).join(", ")}`);
  process.exit(2);
}

let failed = 0;
for (const name of requested.length > 0 ? requested : Object.keys(builds)) {
  const outDir = join(root, "dist", name);
  // A stale bundle from an earlier run must never pass for this one.
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const label = name.padEnd(9);
  try {
    await builds[name]();
    const outputs = ["server-stdio.js", "server-http.js"];
    const missing = outputs.filter((file) => !existsSync(join(outDir, file)));
    if (missing.length > 0) throw new Error(`the build wrote no ${missing.join(", ")} in dist/${name}/`);
    console.log(`${label} ok       dist/${name}/{${outputs.join(",")}} in ${seconds(started)}`);
  } catch (error) {
    if (error instanceof Skip) {
      console.log(`${label} skipped  ${error.message}`);
      continue;
    }
    failed += 1;
    console.log(`${label} FAILED   after ${seconds(started)}\n${indent(error instanceof Error ? error.message : String(error))}`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;

function seconds(started) {
  return `${((performance.now() - started) / 1000).toFixed(1)}s`;
}

/** The message indented under its line; stack frames say nothing about the schemas. */
function indent(text) {
  return text
    .split("\n")
    .filter((line) => !/^\s+at /.test(line))
    .map((line) => `    ${line}`)
    .join("\n");
}
