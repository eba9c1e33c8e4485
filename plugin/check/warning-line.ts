/**
 * A provider warning as one line of text, for the CLI and every bundler —
 * kept apart from the lint itself so a bundler's report loads neither the
 * evaluator nor TypeScript.
 */
import type { LocatedWarning } from "./provider/locate.js";
import { displayPath } from "./report.js";

/**
 * One warning as a line: `src/tools.ts:12:7  warning openai not_listed: … Fix: …`.
 *
 * @example
 * ```ts
 * warningLine(located, process.cwd());
 * ```
 */
export function warningLine({ warning, fileName, line, column }: LocatedWarning, cwd?: string): string {
  const where = warning.action === null ? "" : `actions[${JSON.stringify(warning.action)}]: `;
  return (
    `${displayPath(fileName, cwd)}:${line}:${column}  ${warning.target} ${warning.code}: ` +
    `${where}${warning.message}. Fix: ${warning.fix}`
  );
}
