/**
 * `wymcp tsc [tsc's own arguments]`: the project's own `tsc`, then the
 * check over the files of the same tsconfig, its offences printed in tsc's
 * format after tsc's diagnostics. The check runs while tsc does (the two
 * share nothing), so the build waits for the slower of the two. Exit code:
 * tsc's when tsc fails, 1 when only the check does, 2 for bad input.
 */
import { spawn } from "node:child_process";
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { isPartlyChecked, offencesOf, type FileCheck } from "../../check/file-check.js";
import { isMissingPeer } from "../../evaluator/parser.js";
import { partialWarning } from "../../bundler/fail.js";
import { printable } from "../printable.js";
import { checkProjects, projectProblem } from "./checked-project.js";
import type { NativeReading } from "./native-project.js";
import { configPath } from "./project-files.js";
import { readTscArgs, type TscArgs } from "./tsc-args.js";
import { foundLine, prettyByDefault, tscDiagnostics } from "./tsc-format.js";
import { findTypeScript, missingTsc, NO_TYPESCRIPT, type TypeScriptInstall } from "./typescript-install.js";

/** Where `wymcp tsc` writes, and whether its output is a terminal (for tsc's `--pretty` default). */
export interface TscIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  readonly isTty: boolean;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Runs tsc and the check; resolves to the exit code (in watch mode, when tsc stops).
 *
 * @example
 * ```ts
 * process.exitCode = await runTsc(["-p", "tsconfig.json", "--noEmit"], io);
 * ```
 */
export async function runTsc(argv: readonly string[], io: TscIo): Promise<number> {
  const args = readTscArgs(argv);
  const install = findTypeScript(io.cwd);
  if (install === undefined) return fail(io, NO_TYPESCRIPT);
  const noTsc = missingTsc(install);
  if (noTsc !== undefined) return fail(io, noTsc);
  if (args.tscOnly) return runCompiler(install, argv, io.cwd);
  const configs = projectsOf(args, io.cwd);
  if (args.files.length > 0)
    return fail(io, "wymcp tsc checks a tsconfig's files: name the project with -p/--project instead of listing files");
  const missing = configs.find((config) => !existsSync(config));
  if (missing !== undefined) return fail(io, `no tsconfig at ${missing}: create one (npx tsc --init) or name yours with -p/--project`);
  const pretty = args.pretty ?? prettyByDefault(io.isTty, io.env);
  const compiled = runCompiler(install, argv, io.cwd);
  if (args.watch) return watchProjects(configs, install, args, io, pretty, compiled);
  // On 7 the tsconfig is read as tsc reads it, without a second program; its diagnostics are read only if tsc fails.
  const checked = await checkOnce(configs, install, args, "config");
  const tscCode = await compiled;
  if (typeof checked === "string") return fail(io, checked);
  const problem = tscCode !== 0 && install.major >= 7 ? await problemOf(configs, install, args) : undefined;
  if (problem !== undefined) return fail(io, problem);
  printChecks(checked, io, pretty);
  if (tscCode !== 0) return tscCode;
  return checked.some((check) => offencesOf(check).length > 0) ? 1 : 0;
}

/** The tsconfig files the arguments name. */
function projectsOf(args: TscArgs, cwd: string): string[] {
  const given = args.projects.length > 0 ? args.projects : ["."];
  return given.map((project) => configPath(project, cwd));
}

/** tsc as a child process writing to this process's own streams (its colours and screen clearing are its own). */
function runCompiler(install: TypeScriptInstall, argv: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [install.tsc, ...argv], { cwd, stdio: "inherit" });
    child.on("error", () => resolve(2));
    child.on("close", (code, signal) => resolve(code ?? (signal === null ? 1 : 130)));
  });
}

/** One check of every project: the checks, or the one line saying why it could not run. */
async function checkOnce(
  configs: readonly string[],
  install: TypeScriptInstall,
  args: TscArgs,
  reading: NativeReading = "program",
): Promise<readonly FileCheck[] | string> {
  try {
    const result = await checkProjects(configs, install, args.build, reading);
    return "error" in result ? result.error : result.checks;
  } catch (error) {
    if (isMissingPeer(error)) return error.message.replace(/^wymcp: /, "");
    throw error;
  }
}

/** The one line saying why a tsconfig cannot be used, when there is one. */
async function problemOf(configs: readonly string[], install: TypeScriptInstall, args: TscArgs): Promise<string | undefined> {
  try {
    return await projectProblem(configs, install, args.build);
  } catch (error) {
    if (isMissingPeer(error)) return error.message.replace(/^wymcp: /, "");
    throw error;
  }
}

/** The offences as tsc prints errors, and what could only partly be checked as warnings. */
function printChecks(checks: readonly FileCheck[], io: TscIo, pretty: boolean): void {
  const lines = tscDiagnostics(checks, io.cwd, pretty);
  if (lines.length > 0) io.stdout(lines.join("\n"));
  if (pretty && lines.length > 0) io.stdout(foundLine(...counts(checks)));
  for (const check of checks) {
    if (!isPartlyChecked(check)) continue;
    const warning = partialWarning(check);
    if (warning !== undefined) io.stderr(warning.split("\n").map(printable).join("\n"));
  }
}

/** `--watch`: tsc watches and recompiles; the check runs again whenever a file under a project's folder changes. */
async function watchProjects(
  configs: readonly string[],
  install: TypeScriptInstall,
  args: TscArgs,
  io: TscIo,
  pretty: boolean,
  compiled: Promise<number>,
): Promise<number> {
  const report = async () => {
    const checked = await checkOnce(configs, install, args);
    if (typeof checked === "string") {
      io.stderr(`wymcp tsc: ${printable(checked)}`);
      return;
    }
    printChecks(checked, io, pretty);
    const [count, files] = counts(checked);
    io.stdout(`[wymcp] ${count === 0 ? "No action-schema offences." : foundLine(count, files)} Watching for file changes.`);
  };
  await report();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const watchers: FSWatcher[] = [...new Set(configs.map((config) => path.dirname(config)))].map((folder) =>
    watch(folder, { recursive: true }, (_event, name) => {
      if (name === null || /(?:^|[\\/])(?:node_modules|\.git)(?:[\\/]|$)/.test(name)) return;
      if (!/\.(?:[cm]?[jt]sx?|json)$/.test(name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(report);
      }, 150);
    }),
  );
  const code = await compiled;
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  return code;
}

/** How many offences, and in how many files they sit (as tsc counts its errors). */
function counts(checks: readonly FileCheck[]): [offences: number, files: number] {
  const offences = checks.flatMap(offencesOf);
  return [offences.length, new Set(offences.map((offence) => offence.fileName)).size];
}

function fail(io: TscIo, message: string): number {
  io.stderr(`wymcp tsc: ${printable(message)}`);
  return 2;
}
