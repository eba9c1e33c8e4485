/**
 * What `wymcp tsc` says when the project's TypeScript does not have the API
 * it reads the tsconfig through (a newer release that moved or renamed it),
 * or has it but answers in a shape wymcp does not know (the call throws).
 */
import type { TypeScriptInstall } from "./typescript-install.js";

/**
 * The one line naming what is missing and what to do.
 *
 * @example
 * ```ts
 * apiChanged(install, "typescript/sync"); // "the API of TypeScript 7.2.0 has changed shape (…): …"
 * ```
 */
export function apiChanged(install: TypeScriptInstall, missing: string): string {
  return `the API of TypeScript ${install.version} has changed shape (no ${missing}): ${FIX}`;
}

const FIX = "update wymcp (npm install wymcp@latest), or pin TypeScript to a release wymcp supports (5.9, 6.x, 7.0, 7.1)";

/**
 * The one line for an API call that threw while reading a tsconfig: its
 * first line, then the fix.
 *
 * @example
 * ```ts
 * apiFailed(install, "/p/tsconfig.json", new TypeError("x is not a function"));
 * // "TypeScript 7.2.0 failed reading /p/tsconfig.json (TypeError: x is not a function): its API may have changed shape: …"
 * ```
 */
export function apiFailed(install: TypeScriptInstall, configFile: string, error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `TypeScript ${install.version} failed reading ${configFile} (${text.split("\n")[0]!}): its API may have changed shape: ${FIX}`;
}
