// Running tspc on an example's tsconfig.json from the examples' scripts.
//
// The examples' configs name the transformer as your project would:
// `"transform": "wymcp/transformer"`. ts-patch resolves that from the
// project's node_modules, where your project has wymcp installed; inside the
// wymcp repository it is not installed, so a config extending the real one
// points the same plugin entry at the repository's build instead.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);

/** The transformer as built in this repository; `tspc` is skipped while it is missing. */
export const transformerBuild = join(repo, "dist/plugin/typescript/index.cjs");

/**
 * Runs tspc on `project` (a tsconfig.json) with `args`; returns its exit
 * status and everything it printed. `scratch` is a folder for the bridging
 * config (an example's gitignored dist/).
 */
export function runTspc(project, scratch, args = []) {
  const tspc = require.resolve("ts-patch/bin/tspc.js");
  const run = spawnSync(process.execPath, [tspc, "-p", bridged(project, scratch), ...args], { cwd: repo, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function bridged(project, scratch) {
  if (installed("wymcp", dirname(project))) return project;
  const { config } = ts.readConfigFile(project, ts.sys.readFile);
  const plugins = config.compilerOptions.plugins.map((plugin) =>
    plugin.transform === "wymcp/transformer" ? { ...plugin, transform: transformerBuild } : plugin,
  );
  const bridge = join(scratch, "tsconfig.tspc.json");
  mkdirSync(scratch, { recursive: true });
  writeFileSync(bridge, JSON.stringify({ extends: project, compilerOptions: { plugins } }, null, 2));
  return bridge;
}

/** Whether a package is in a node_modules folder at or above `from`. */
function installed(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules", name, "package.json"))) return true;
    if (dirname(dir) === dir) return false;
  }
}
