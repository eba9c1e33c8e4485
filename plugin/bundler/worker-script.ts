/**
 * Where a check worker's code is: `checks/check-worker.js` under this
 * module's folder in the package (`npm run build` bundles it as an entry of
 * its own; the chunks it shares with the plugin sit in this folder, so the
 * path holds from them too). Run from the TypeScript sources — the test
 * suite imports the plugin so — the worker runs `checks/check-worker.ts`
 * through Node's own type transform, its `.js` imports mapped to the `.ts`
 * files beside them.
 */

/** Maps an import of a missing `x.js` to the `x.ts` beside it (Node ≥ 22.15: `registerHooks`). */
const SOURCE_IMPORTS = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!/^\\.\\.?\\/.*\\.js$/.test(specifier)) throw error;
      return nextResolve(specifier.slice(0, -3) + ".ts", context);
    }
  },
});
`;

/**
 * The worker's module, and the options Node runs it with.
 *
 * @example
 * ```ts
 * const { url, execArgv } = workerScript();
 * const worker = new Worker(url, { execArgv });
 * ```
 */
export function workerScript(): { readonly url: URL; readonly execArgv: string[] | undefined } {
  const fromSources = import.meta.url.endsWith(".ts");
  if (!fromSources) return { url: new URL("./checks/check-worker.js", import.meta.url), execArgv: undefined };
  // A Node without the type transform (26 strips types only, and these sources use parameter properties): the built worker.
  if (!process.allowedNodeEnvironmentFlags.has("--experimental-transform-types"))
    return { url: new URL("../../dist/plugin/bundler/checks/check-worker.js", import.meta.url), execArgv: undefined };
  return {
    url: new URL("./checks/check-worker.ts", import.meta.url),
    execArgv: [
      "--experimental-transform-types",
      "--disable-warning=ExperimentalWarning",
      "--import",
      `data:text/javascript,${encodeURIComponent(SOURCE_IMPORTS)}`,
    ],
  };
}
