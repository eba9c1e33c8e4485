/**
 * Every `wymcp` command, routed: `wymcp tsc` and `wymcp check --project`
 * read a tsconfig through the project's TypeScript (asynchronously: the
 * TypeScript 7 API is an ES module); `wymcp check [paths…]` is `run`.
 */
import { isMissingPeer } from "../evaluator/parser.js";
import { HELP_POINTER, parseArgs } from "./args.js";
import { checkProjects } from "./project/checked-project.js";
import { configPath } from "./project/project-files.js";
import { runTsc, type TscIo } from "./project/tsc-command.js";
import { findTypeScript, NO_TYPESCRIPT } from "./project/typescript-install.js";
import { printable } from "./printable.js";
import { report, run } from "./run.js";

/**
 * Runs a command line; the exit code, or a promise of it.
 *
 * @example
 * ```ts
 * process.exitCode = await runCommand(["tsc", "--noEmit"], io);
 * ```
 */
export function runCommand(argv: readonly string[], io: TscIo): number | Promise<number> {
  const command = parseArgs(argv);
  if (command.kind === "tsc") return runTsc(command.args, io);
  if (command.kind === "check" && command.project !== undefined) return checkProject(command.project, command, io);
  return run(argv, io);
}

async function checkProject(project: string, command: Parameters<typeof report>[1], io: TscIo): Promise<number> {
  const install = findTypeScript(io.cwd);
  if (install === undefined) {
    io.stderr(`wymcp: --project reads the tsconfig with the project's TypeScript, and ${NO_TYPESCRIPT}\n${HELP_POINTER}`);
    return 2;
  }
  try {
    const result = await checkProjects([configPath(project, io.cwd)], install, false);
    if ("error" in result) {
      io.stderr(`wymcp: ${printable(result.error)}`);
      return 2;
    }
    return report(result.checks, command, io);
  } catch (error) {
    if (!isMissingPeer(error)) throw error;
    io.stderr(error.message);
    return 2;
  }
}
