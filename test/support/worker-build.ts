/**
 * The tasks example's Worker, built as its README says
 * (examples/tasks/worker.config.mjs: esbuild with the wymcp plugin) into a
 * fresh folder per test file, so test files running side by side never
 * share an output. Needs `npm run build` (the plugin and wymcp/fetch come
 * from dist/).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";

/** Builds the Worker; returns the path of its one self-contained module. */
export async function buildTasksWorker(): Promise<string> {
  const config = new URL("../../examples/tasks/worker.config.mjs", import.meta.url);
  const options = ((await import(pathToFileURL(config.pathname).href)) as { default: BuildOptions }).default;
  const outdir = mkdtempSync(join(tmpdir(), "wymcp-worker-"));
  await build({ ...options, outdir, logLevel: "silent" });
  return join(outdir, "worker.js");
}
