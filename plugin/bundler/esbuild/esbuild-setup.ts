/**
 * esbuild: one pass over the bundle's inputs when the build ends, instead
 * of a load hook per module. esbuild filters load hooks by path alone, so a
 * hook would carry every module of the project through JavaScript just to
 * find the few that mention wymcp.
 *
 * The pass needs the list of inputs, so the plugin turns on the metafile
 * (and takes it off the result again when the build did not ask for it). An
 * error returned at the end fails the build; as with any end-of-build error,
 * esbuild has already written the output files by then. The pass itself is
 * `esbuild-scan.ts`, loaded on the side (`lazy-pass.ts`).
 */
import type { Plugin, PluginBuild } from "esbuild";
import type { BuildTally } from "../build-summary.js";
import { isMissingPeer } from "../../evaluator/parser.js";
import type { LazyPass } from "../lazy-pass.js";
import { noteWymcpAliases } from "../alias-config.js";

/**
 * The setup function of the esbuild plugin.
 *
 * @example
 * ```ts
 * const plugin = { name: "wymcp", setup: esbuildSetup(new LazyPass(cacheFile), moduleFilter(options), () => new BuildTally(options)) };
 * ```
 */
export function esbuildSetup(pass: LazyPass, include: (id: string) => boolean, newTally: () => BuildTally): Plugin["setup"] {
  return (build: PluginBuild) => {
    const wantsMetafile = build.initialOptions.metafile === true;
    build.initialOptions.metafile = true;
    const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
    noteWymcpAliases(build.initialOptions.alias);
    build.onStart(() => {
      pass.prepare();
    });
    build.onEnd(async (result) => {
      try {
        const { checker, run } = await pass.ready();
        return await run.esbuildEnd(build, result, checker, include, cwd, newTally());
      } catch (error) {
        // A missing build-time package is one line naming what to install, not a stack trace.
        if (isMissingPeer(error)) return { errors: [{ text: error.message }] };
        throw error;
      } finally {
        if (!wantsMetafile) delete (result as { metafile?: unknown }).metafile;
      }
    });
  };
}
