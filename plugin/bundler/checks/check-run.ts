/**
 * One module's check, run to its last run wherever it runs — in the build's
 * own thread (`module-checker.ts`) or in a check worker (`check-worker.ts`)
 * — and what it hands back to the build: plain data (`CheckOutcome`), which
 * crosses from a worker as it is.
 *
 * With the bundler's resolver, the module's own imports are resolved in one
 * round first, and the check runs again after each round of resolutions it
 * asked for beyond them (`pre-resolution.ts`). Without the first round, a
 * bundler that answers asynchronously (Rollup, Vite, Rolldown, webpack,
 * Rspack) ran every tool file's check twice.
 */
import { offencesOf, type FileCheck } from "../../check/file-check.js";
import type { ProviderLintOptions } from "../../check/provider/lint.js";
import type { LocatedWarning } from "../../check/provider/locate.js";
import { ReadRecorder, type ReadRecord } from "../../check/reads.js";
import { resolveLocalModule } from "../../evaluator/resolver.js";
import type { BundlerResolution } from "../verdicts/build-memo.js";
import { offenceError, partialWarning, type OffenceError } from "../fail.js";
import { MAX_RUNS } from "../resolution/pre-resolution.js";
import { readAsSeen, type Seen } from "../verdicts/seen.js";
import type { WymcpFree } from "../resolution/wymcp-free.js";

/** The parts of the check module a run calls (loaded on first use in the build's thread, at once in a worker). */
export interface CheckFunctions {
  readonly checkSource: typeof import("../../check/check.js").checkSource;
  readonly importedSpecifiers: typeof import("../../check/check.js").importedSpecifiers;
}

/** What a check answers the build: the verdict's parts, and what it read when the verdict is one to keep. */
export interface CheckOutcome {
  /** Fully checked with no offence: a clean verdict, kept with `record`. */
  readonly clean: boolean;
  /** Everything the check read (kept with a clean verdict); `undefined` when the verdict is not kept. */
  readonly record: ReadRecord<Seen | null> | undefined;
  /** How many tool declarations the module has. */
  readonly tools: number;
  /** The other modules read (watched). */
  readonly filesRead: readonly string[];
  /** What the check could not see (`partialWarning`). */
  readonly warning: string | undefined;
  /** The provider warnings, located, when the plugin was given `targets`. */
  readonly warnings?: readonly LocatedWarning[] | undefined;
  /** The error naming every offence, when there is one. */
  readonly failure: OffenceError | undefined;
}

/** A finished check: its verdict and what it read. */
export interface CheckRun {
  readonly check: FileCheck;
  readonly recorder: ReadRecorder<Seen | null>;
}

/**
 * Checks a module to its last run: synchronous unless the bundler must
 * resolve an import first.
 *
 * @example
 * ```ts
 * const { check, recorder } = await runCheck(await import("../../check/check.js"), fileName, text, resolution, wymcpFree);
 * ```
 */
export function runCheck(
  functions: CheckFunctions,
  fileName: string,
  text: string,
  resolution: BundlerResolution | undefined,
  wymcpFree: WymcpFree | undefined,
): CheckRun | Promise<CheckRun> {
  if (resolution === undefined) return runOnce(functions, fileName, text, undefined, wymcpFree, 1);
  const run = resolution.table.run(resolution.resolve);
  for (const specifier of functions.importedSpecifiers(fileName, text)) run.lookup(specifier, fileName);
  // Asked all at once: the bundler answers them in one round.
  if (!run.missed()) return runOnce(functions, fileName, text, resolution, wymcpFree, 1);
  return run.settle().then(() => runOnce(functions, fileName, text, resolution, wymcpFree, 1));
}

function runOnce(
  functions: CheckFunctions,
  fileName: string,
  text: string,
  resolution: BundlerResolution | undefined,
  wymcpFree: WymcpFree | undefined,
  runs: number,
): CheckRun | Promise<CheckRun> {
  const tableRun = resolution?.table.run(resolution.resolve);
  const recorder = new ReadRecorder<Seen | null>({
    read: readAsSeen,
    resolveModule: tableRun?.lookup ?? resolveLocalModule,
    isWymcpFree: wymcpFree,
  });
  const check = functions.checkSource(fileName, text, recorder);
  if (resolution === undefined || tableRun === undefined || !tableRun.missed() || runs >= MAX_RUNS) return { check, recorder };
  return tableRun
    .settle()
    .then(() => (tableRun.learned() ? runOnce(functions, fileName, text, resolution, wymcpFree, runs + 1) : { check, recorder }));
}

/**
 * A finished check as the build is told of it: plain data, with the lint's
 * warnings when `lintFile` is given.
 *
 * @example
 * ```ts
 * const outcome = outcomeOf(await runCheck(functions, fileName, text, resolution, undefined));
 * ```
 */
export function outcomeOf(
  { check, recorder }: CheckRun,
  lint?: { readonly lintFile: (check: FileCheck, options: ProviderLintOptions) => LocatedWarning[]; readonly options: ProviderLintOptions },
): CheckOutcome {
  const offences = offencesOf(check).length;
  const clean = check.skipped === undefined && offences === 0;
  return {
    clean,
    record: clean ? recorder.record() : undefined,
    tools: check.declarations.length,
    filesRead: check.filesRead,
    warning: partialWarning(check),
    ...(lint === undefined ? {} : { warnings: lint.lintFile(check, lint.options) }),
    failure: offences === 0 ? undefined : offenceError(check),
  };
}
