/**
 * The provider lint over a file's verdict: every declaration's warnings,
 * located — shared by `wymcp check --target` and the
 * bundler plugins' `targets` option.
 */
import type { FileCheck } from "../file-check.js";
import { providerWarnings, type ProviderLintOptions, type ProviderWarning } from "./lint.js";
import { PROVIDER_RULES } from "./rules.js";
import { locateWarnings, type LocatedWarning } from "./locate.js";

/**
 * The located provider warnings of a checked file (none for a file that was
 * not checked), in source order.
 *
 * @example
 * ```ts
 * lintFile(checkSource(file, text), { targets: ["openai"], listing: "strict" });
 * ```
 */
export function lintFile(check: FileCheck, options: ProviderLintOptions): LocatedWarning[] {
  const located = check.declarations.flatMap(({ declaration }) =>
    locateWarnings(
      declaration,
      providerWarnings({ name: declaration.name, definition: declaration.definition, record: declaration.record }, options),
    ),
  );
  return located.sort((a, b) => (a.fileName === b.fileName ? a.line - b.line || a.column - b.column : a.fileName < b.fileName ? -1 : 1));
}

/**
 * The tool-count warnings of a whole check: the tools listed (`help`, then
 * one per tool in compact mode, one per action otherwise) counted across
 * the files in order, and a warning at the declaration that takes a target
 * past its limit (OpenAI: 128 tools a request; Anthropic: 20 strict tools).
 *
 * @example
 * ```ts
 * toolCountWarnings(checks, { targets: ["anthropic"], listing: "strict" }); // one warning at the 20th tool's name, if any
 * ```
 */
export function toolCountWarnings(checks: readonly FileCheck[], options: ProviderLintOptions): LocatedWarning[] {
  const located: LocatedWarning[] = [];
  for (const target of options.targets) {
    const limit = PROVIDER_RULES[target].toolLimit;
    if (limit === undefined || (limit.listing !== undefined && limit.listing !== options.listing)) continue;
    let listed = 1;
    for (const { declaration } of checks.flatMap((check) => check.declarations)) {
      const record = declaration.record;
      listed += options.listing === "compact" ? 1 : typeof record === "object" && record !== null ? Object.keys(record).length : 1;
      if (listed <= limit.count) continue;
      const warning: ProviderWarning = {
        code: "too_many_tools",
        target,
        action: null,
        path: [],
        key: "name",
        message:
          `${PROVIDER_RULES[target].label} takes at most ${limit.count} tools in a request; ` +
          `with this tool the ${options.listing} listing has ${listed} (help included)`,
        fix: "list some tools compact (listingOverrides), or serve fewer tools to this agent.",
      };
      located.push(...locateWarnings(declaration, [warning]));
      break;
    }
  }
  return located;
}
