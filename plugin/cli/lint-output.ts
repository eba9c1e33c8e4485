/**
 * What `wymcp check --target` adds to the output: the provider warnings,
 * one line each after the offences (text), or a `providerWarnings` list
 * (JSON).
 */
import type { LocatedWarning } from "../check/provider/locate.js";
import { warningLine } from "../check/warning-line.js";
import { displayPath } from "../check/report.js";
import type { TargetLint } from "./args.js";

/**
 * The warnings as text, with a count line; empty without `--target`.
 *
 * @example
 * ```ts
 * warningsText(warnings, { targets: ["openai"], listing: "strict", errors: false }, process.cwd());
 * ```
 */
export function warningsText(warnings: readonly LocatedWarning[], lint: TargetLint | undefined, cwd: string): string {
  if (lint === undefined) return "";
  const kind = lint.errors ? "error" : "warning";
  const noun = `provider ${kind}${warnings.length === 1 ? "" : "s"}`;
  const count = `${warnings.length} ${noun} (${lint.targets.join(", ")}; listing ${lint.listing})`;
  return `\n${[...warnings.map((warning) => warningLine(warning, cwd)), count].join("\n")}`;
}

/**
 * The warnings for the JSON report; nothing without `--target`.
 *
 * @example
 * ```ts
 * JSON.stringify({ ...checkReport(checks, cwd), ...warningsReport(warnings, lint, cwd) });
 * ```
 */
export function warningsReport(
  warnings: readonly LocatedWarning[],
  lint: TargetLint | undefined,
  cwd: string,
): { providerWarnings?: unknown[] } {
  if (lint === undefined) return {};
  return {
    providerWarnings: warnings.map(({ warning, fileName, line, column }) => ({
      file: displayPath(fileName, cwd),
      line,
      column,
      ...warning,
    })),
  };
}
