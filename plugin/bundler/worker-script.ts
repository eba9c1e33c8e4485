/**
 * Where a check worker's code is: `checks/check-worker.js` under this
 * module's folder in the package (`npm run build` bundles it as an entry of
 * its own; the chunks it shares with the plugin sit in this folder, so the
 * path holds from them too). Run from the TypeScript sources — the test
 * suite imports the plugin so — the worker is `checks/check-worker.ts`
 * bundled by esbuild into one JavaScript module, once per process.
 *
 * Not Node's own type transform: it runs a WebAssembly transpiler in every
 * worker, and Node 24's V8 now and then crashes a process whose threads
 * share WebAssembly code (a SIGSEGV in `WasmEngine::FreeDeadCode` after
 * `Runtime_TierUpWasmToJSWrapper`, a SIGTRAP as a worker starts) — the
 * process of a whole test file, as check workers come and go build after build.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeAtomically } from "../cache/folder.js";
import { stringHash } from "./string-hash.js";

let bundledSources: URL | undefined;

/**
 * The URL of the worker's module.
 *
 * @example
 * ```ts
 * const worker = new Worker(workerScript());
 * ```
 */
export function workerScript(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./checks/check-worker.js", import.meta.url);
  bundledSources ??= bundleSources();
  return bundledSources;
}

/**
 * `checks/check-worker.ts` and what it imports, bundled by esbuild (a development dependency: the sources run only in
 * this repository) into `node_modules/.cache/wymcp/`, where the packages it leaves as imports resolve as from the sources.
 * The file is named by its content and written whole: test processes side by side share it safely.
 */
function bundleSources(): URL {
  const require = createRequire(import.meta.url);
  const esbuild = require("esbuild") as typeof import("esbuild");
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL("./checks/check-worker.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    outfile: "check-worker.mjs",
    write: false,
    logLevel: "silent",
  });
  const text = outputFiles[0]!.text;
  const folder = fileURLToPath(new URL("../../node_modules/.cache/wymcp/", import.meta.url));
  const file = path.join(folder, `check-worker-${stringHash(text)}.mjs`);
  writeAtomically(file, text);
  return pathToFileURL(file);
}
