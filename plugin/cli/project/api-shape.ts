/**
 * What `wymcp tsc` says when the project's TypeScript does not have the API
 * it reads the tsconfig through (a newer release that moved or renamed it).
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
  return (
    `the API of TypeScript ${install.version} has changed shape (no ${missing}): ` +
    "update wymcp (npm install wymcp@latest), or pin TypeScript to a release wymcp supports (5.9, 6.x, 7.0, 7.1)"
  );
}
