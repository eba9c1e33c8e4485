/**
 * What `wymcp tsc` reads from tsc's own arguments (all of them are passed
 * to tsc unchanged): the project or projects, `--build`, `--watch` and
 * `--pretty`. Everything else is tsc's business.
 */

/** The arguments that decide what the check covers and how it prints. */
export interface TscArgs {
  /** tsconfig files or folders, as given (none: `tsconfig.json` of the working directory). */
  readonly projects: readonly string[];
  readonly build: boolean;
  readonly watch: boolean;
  /** `--pretty` as given; `undefined` lets the terminal decide, as tsc does. */
  readonly pretty: boolean | undefined;
  /** Files named on the command line (tsc then ignores tsconfig.json). */
  readonly files: readonly string[];
  /** `--help`, `--version`, `--init`, `--showConfig`…: tsc answers alone, nothing to check. */
  readonly tscOnly: boolean;
}

const TSC_ONLY = new Set(["-h", "--help", "-v", "--version", "--init", "--showConfig", "--all", "-?", "--listFilesOnly"]);
const BOOLEAN_VALUES = new Set(["true", "false"]);

/**
 * Reads tsc's arguments.
 *
 * @example
 * ```ts
 * readTscArgs(["-p", "tsconfig.build.json", "--noEmit"]); // { projects: ["tsconfig.build.json"], build: false, … }
 * ```
 */
export function readTscArgs(argv: readonly string[]): TscArgs {
  const projects: string[] = [];
  const files: string[] = [];
  let build = false;
  let watch = false;
  let pretty: boolean | undefined;
  let tscOnly = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    if (TSC_ONLY.has(name)) tscOnly = true;
    else if (name === "-b" || name === "--build") build = true;
    else if (name === "-w" || name === "--watch") watch = true;
    else if (name === "-p" || name === "--project") {
      const value = inline ?? argv[++index];
      if (value !== undefined) projects.push(value);
    } else if (name === "--pretty") {
      const value = inline ?? argv[index + 1];
      if (value !== undefined && BOOLEAN_VALUES.has(value)) {
        if (inline === undefined) index++;
        pretty = value === "true";
      } else pretty = true;
    } else if (!arg.startsWith("-")) (build ? projects : files).push(arg);
    else if (index + 1 < argv.length && !argv[index + 1]!.startsWith("-") && takesValue(arg, argv[index + 1]!)) index++;
  }
  return { projects, build, watch, pretty, files, tscOnly };
}

/** Whether an option's next argument is its value (`--target es2022`), not a file: booleans take only true/false. */
function takesValue(arg: string, next: string): boolean {
  if (BOOLEAN_VALUES.has(next)) return true;
  return !/\.(?:[cm]?[jt]sx?|json)$/.test(next) || VALUE_OPTIONS.has(arg);
}

/** Options whose value may look like a file name. */
const VALUE_OPTIONS = new Set([
  "--outFile",
  "--outDir",
  "--rootDir",
  "--tsBuildInfoFile",
  "--declarationDir",
  "--baseUrl",
  "--generateTrace",
]);
