/**
 * The command line of `wymcp`: `check [paths…] [--format text|json]`,
 * `--help`, `--version`. Parsing never exits: a usage error is a value, so
 * `run` decides the exit code (2) and prints it in one line, with a guess at
 * what was meant.
 */
import { didYouMean, isListingMode, type ListingMode } from "../../src/internal.js";

import { readTargets, type ProviderTarget } from "../check/provider/rules.js";

/** What the command line asks for. */
export type Command =
  | CheckCommand
  | { readonly kind: "tsc"; readonly args: readonly string[] }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "usage-error"; readonly message: string };

/** `wymcp check`: the paths, or the tsconfig whose files to check (`--project`). */
export interface CheckCommand {
  readonly kind: "check";
  readonly paths: readonly string[];
  readonly format: "text" | "json";
  readonly lint?: TargetLint;
  /** `--project`: the tsconfig (or its folder) whose files, as its compiler lists them, are checked. */
  readonly project?: string;
}

/** What `--target`, `--listing` and `--target-errors` ask for. */
export interface TargetLint {
  readonly targets: readonly ProviderTarget[];
  readonly listing: ListingMode;
  /** Warnings fail the check (exit 1). */
  readonly errors: boolean;
}

/** The text of `wymcp --help`. */
export const USAGE = `Usage: wymcp check [paths…] [--format text|json]
       wymcp check --project tsconfig.json [--format text|json]
       wymcp tsc [tsc's own arguments]

Checks every defineTool(...) declaration in the .ts, .tsx, .mts, .cts, .js,
.jsx, .mjs and .cjs files under the paths (default: the current directory)
and reports every malformed action schema at its source position.

Folders are walked without what .gitignore files ignore, node_modules,
build outputs (dist, dist-*, build, out, coverage), hidden folders and
declaration files; symbolic links are followed while they stay inside the
folder. Name a file or folder to check it anyway. Files that cannot be parsed
(a syntax error, or nesting too deep) are listed as not checked; paths that
are not modules or not regular files, and links leading out, as not read.

wymcp check --project checks the files of a tsconfig as the project's own
TypeScript lists them (files, include, exclude; imports resolved with its
paths). wymcp tsc runs the project's tsc with the arguments given, then that
check over the same tsconfig (-p, --build, --watch), and prints offences in
tsc's format after tsc's diagnostics; it fails when either fails.

Options:
  -p, --project PATH  check the files of this tsconfig (or folder) instead
  --format text|json  output for people (default) or for machines
  --target LIST       also warn, at file:line:col, about what these model
                      providers would reject or silently drop in the listing:
                      openai,anthropic,gemini (comma-separated)
  --listing MODE      the listing mode the tools are served in: compact
                      (default), complete, strict or gemini
  --target-errors     the --target warnings fail the check (exit 1)
  -h, --help          show this help
  -v, --version       show the version

Exit codes: 0 no offences, 1 offences found (or target warnings with
--target-errors), 2 usage error.`;

/** The line printed under a usage error, instead of the whole help. */
export const HELP_POINTER = 'Run "wymcp check --help" for usage.';

const COMMANDS = ["check", "tsc"];
const OPTIONS = ["--format", "--help", "--version", "--project"];

/**
 * Parses the arguments after `wymcp`.
 *
 * @example
 * ```ts
 * parseArgs(["check", "src", "--format", "json"]); // { kind: "check", paths: ["src"], format: "json" }
 * parseArgs(["check", "--fromat", "json"]); // { kind: "usage-error", message: 'unknown option "--fromat" (did you mean "--format"?)' }
 * ```
 */
export function parseArgs(argv: readonly string[]): Command {
  // Everything after `tsc` is tsc's, --help and --version included.
  if (argv[0] === "tsc") return { kind: "tsc", args: argv.slice(1) };
  if (argv.some((arg) => arg === "-h" || arg === "--help")) return { kind: "help" };
  if (argv.some((arg) => arg === "-v" || arg === "--version")) return { kind: "version" };
  const [command, ...rest] = argv;
  if (command === undefined) return { kind: "usage-error", message: "missing command: wymcp check [paths…]" };
  if (command !== "check")
    return { kind: "usage-error", message: `unknown command ${JSON.stringify(command)}${didYouMean(command, COMMANDS)}` };
  const paths: string[] = [];
  let format: "text" | "json" = "text";
  let onlyPaths = false;
  let targets: readonly ProviderTarget[] | undefined;
  let listing: ListingMode = "compact";
  let targetErrors = false;
  let project: string | undefined;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (onlyPaths || !arg.startsWith("-") || arg === "-") {
      paths.push(arg);
    } else if (arg === "--") {
      onlyPaths = true;
    } else if (arg === "--format" || arg.startsWith("--format=")) {
      const value = arg === "--format" ? rest[++index] : arg.slice("--format=".length);
      if (value !== "text" && value !== "json")
        return {
          kind: "usage-error",
          message:
            `--format takes "text" or "json", not ${value === undefined ? "nothing" : JSON.stringify(value)}` +
            (value === undefined ? "" : didYouMean(value, ["text", "json"])),
        };
      format = value;
    } else if (arg === "--target" || arg.startsWith("--target=")) {
      const value = arg === "--target" ? rest[++index] : arg.slice("--target=".length);
      const read = readTargets(value ?? "");
      if ("error" in read) return { kind: "usage-error", message: read.error };
      targets = read.targets;
    } else if (arg === "--listing" || arg.startsWith("--listing=")) {
      const value = arg === "--listing" ? rest[++index] : arg.slice("--listing=".length);
      if (!isListingMode(value))
        return {
          kind: "usage-error",
          message: `--listing takes compact, complete, strict or gemini, not ${value === undefined ? "nothing" : JSON.stringify(value)}`,
        };
      listing = value;
    } else if (arg === "-p" || arg === "--project" || arg.startsWith("--project=")) {
      const value = arg.startsWith("--project=") ? arg.slice("--project=".length) : rest[++index];
      if (value === undefined || value === "") return { kind: "usage-error", message: `${arg} takes a tsconfig file or folder` };
      project = value;
    } else if (arg === "--target-errors") {
      targetErrors = true;
    } else {
      return { kind: "usage-error", message: `unknown option ${JSON.stringify(arg)}${optionGuess(arg)}` };
    }
  }
  if (targets === undefined && (targetErrors || listing !== "compact"))
    return { kind: "usage-error", message: "--listing and --target-errors go with --target" };
  const lint = targets === undefined ? {} : { lint: { targets, listing, errors: targetErrors } };
  if (project !== undefined && paths.length > 0)
    return { kind: "usage-error", message: "--project checks a tsconfig's files: name either paths or --project, not both" };
  return { kind: "check", paths: paths.length > 0 ? paths : ["."], format, ...lint, ...(project === undefined ? {} : { project }) };
}

/** A guess at an unknown option: a misspelt one (`--fromat`), or `--json` for `--format json`. */
function optionGuess(arg: string): string {
  const name = arg.replace(/=.*$/, "");
  if (name === "--json" || name === "--text") return ` (did you mean "--format ${name.slice(2)}"?)`;
  return didYouMean(name, OPTIONS);
}
