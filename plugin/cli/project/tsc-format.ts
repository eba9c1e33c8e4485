/**
 * Offences in tsc's own format, so they read (and match problem matchers
 * and terminal links) as the compiler's diagnostics printed just above:
 * `src/tools.ts(12,44): error WYMCP-unknown_key: …` plain, and with
 * `--pretty` tsc's colours, `file:line:col - error …` and the source line
 * underlined.
 */
import { offenceLine, toolLabel } from "../../../src/internal.js";
import { sourceFileOf } from "../../evaluator/ast.js";
import type { FileCheck } from "../../check/file-check.js";
import { displayPath } from "../../check/report.js";
import { printable } from "../printable.js";

// The escape sequences tsc's pretty output uses.
const RESET = "\u001b[0m";
const GREY = "\u001b[90m";
const RED = "\u001b[91m";
const YELLOW = "\u001b[93m";
const CYAN = "\u001b[96m";
const GUTTER = "\u001b[7m";

/**
 * Every offence of the checks, one diagnostic each, in file order.
 *
 * @example
 * ```ts
 * tscDiagnostics(checks, process.cwd(), false);
 * // ['src/tools.ts(9,7): error WYMCP-unknown_key: actions["create"]: unknown key "descripton". Fix: … (tool "tasks")']
 * ```
 */
export function tscDiagnostics(checks: readonly FileCheck[], cwd: string, pretty: boolean): string[] {
  const out: string[] = [];
  const all = checks.flatMap((check) =>
    check.declarations.flatMap(({ declaration, offences }) => offences.map((located) => ({ declaration, located }))),
  );
  // In tsc's order: by file, then position.
  all.sort(
    (a, b) =>
      a.located.fileName.localeCompare(b.located.fileName) || a.located.line - b.located.line || a.located.column - b.located.column,
  );
  for (const { declaration, located } of all) {
    const file = printable(displayPath(located.fileName, cwd));
    const code = `WYMCP-${located.offence.code}`;
    const message = `${offenceLine(located.offence)} (${toolLabel(declaration.name)})`;
    if (!pretty) {
      out.push(`${file}(${located.line},${located.column}): error ${code}: ${message}`);
      continue;
    }
    const head = `${CYAN}${file}${RESET}:${YELLOW}${located.line}${RESET}:${YELLOW}${located.column}${RESET}`;
    out.push(`${head} - ${RED}error${RESET}${GREY} ${code}: ${RESET}${message}`, "", ...codeFrame(located.node), "");
  }
  return out;
}

/** The first source line of a node, underlined as tsc underlines an error's span. */
function codeFrame(node: { readonly start: number; readonly end: number }): string[] {
  const source = sourceFileOf(node as Parameters<typeof sourceFileOf>[0]);
  const { line, column } = source.position(node.start);
  const text = source.text.split(/\r?\n/)[line - 1] ?? "";
  const width = Math.max(1, Math.min(node.end - node.start, text.length - (column - 1)));
  const number = String(line);
  return [
    `${GUTTER}${number}${RESET} ${text}`,
    `${GUTTER}${" ".repeat(number.length)}${RESET} ${" ".repeat(column - 1)}${RED}${"~".repeat(width)}${RESET}`,
  ];
}

/**
 * tsc's closing line for its pretty output, for wymcp's offences.
 *
 * @example
 * ```ts
 * foundLine(2, 1); // "Found 2 wymcp offences in 1 file."
 * ```
 */
export function foundLine(offences: number, files: number): string {
  return `Found ${offences} wymcp ${offences === 1 ? "offence" : "offences"} in ${files} ${files === 1 ? "file" : "files"}.`;
}

/**
 * Whether to print as `--pretty` does when it is not given: tsc's own rule
 * (a terminal, and no `NO_COLOR`).
 */
export function prettyByDefault(isTty: boolean, env: NodeJS.ProcessEnv): boolean {
  return isTty && (env.NO_COLOR === undefined || env.NO_COLOR === "");
}
