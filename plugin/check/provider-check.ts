/**
 * The provider lint over a file's verdict: every declaration's warnings,
 * located — shared by `wymcp check --target` and the
 * bundler plugins' `targets` option.
 */
import type { FileCheck } from "./file-check.js";
import { providerWarnings, type ProviderLintOptions } from "./provider-lint.js";
import { locateWarnings, type LocatedWarning } from "./provider-locate.js";

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
    locateWarnings(declaration, providerWarnings({ name: declaration.name, definition: declaration.definition, record: declaration.record }, options)),
  );
  return located.sort((a, b) => (a.fileName === b.fileName ? a.line - b.line || a.column - b.column : a.fileName < b.fileName ? -1 : 1));
}
