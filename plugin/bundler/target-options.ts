/**
 * The bundler plugins' `targets`, `listing` and `targetErrors` options,
 * read once when the plugin is created: a bad value is one clear error
 * naming what to write, before any build starts.
 */
import { isListingMode } from "../../src/internal.js";
import { readTargets } from "../check/provider/rules.js";
import type { TargetLintOptions } from "./checks/module-checker.js";
import type { WymcpPluginOptions } from "./options.js";

/**
 * The provider lint the options ask for; `undefined` without `targets`.
 *
 * @example
 * ```ts
 * targetLint({ targets: "openai,gemini", listing: "strict" }); // { targets: ["openai", "gemini"], listing: "strict", errors: false }
 * ```
 */
export function targetLint(options: WymcpPluginOptions): TargetLintOptions | undefined {
  if (options.targets === undefined) {
    if (options.listing !== undefined || options.targetErrors !== undefined)
      throw new TypeError('wymcp: listing and targetErrors go with targets, e.g. { targets: ["openai"], listing: "strict" }');
    return undefined;
  }
  const read = readTargets(options.targets);
  if ("error" in read) throw new TypeError(`wymcp: ${read.error}`);
  const listing = options.listing ?? "compact";
  if (!isListingMode(listing))
    throw new TypeError(`wymcp: listing takes "compact", "complete", "strict" or "gemini", not ${JSON.stringify(listing)}`);
  return { targets: read.targets, listing, errors: options.targetErrors === true };
}
