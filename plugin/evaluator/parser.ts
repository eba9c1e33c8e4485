/**
 * oxc-parser, the evaluator's parser, loaded on first use through `require`
 * (Node ≥ 20.19 requires its ES module synchronously), so a build whose
 * modules declare no tool, or whose verdicts are all kept, never loads it.
 * When it cannot be loaded — not installed, or no native binding and no
 * WASM fallback for the platform — the error says in one line what to
 * install (`MissingPeerError`).
 */
import { createRequire } from "node:module";
import type * as OxcParser from "oxc-parser";

/** A build-time package wymcp needs that cannot be loaded; `message` is one line naming what to install. */
export class MissingPeerError extends Error {
  override readonly name = "MissingPeerError";
  constructor(
    /** The npm package to install. */
    readonly packageName: string,
    /** What the package is needed for. */
    purpose: string,
    cause: unknown,
  ) {
    super(
      `wymcp: ${purpose} needs the package "${packageName}", which cannot be loaded (${reasonOf(cause)}). ` +
        `Install it: npm i -D ${packageName}`,
      { cause },
    );
  }
}

let parser: typeof OxcParser | undefined;

/**
 * The parser module (loaded once).
 *
 * @example
 * ```ts
 * loadParser().parseSync("x.ts", "const x = 1;");
 * ```
 */
export function loadParser(): typeof OxcParser {
  if (parser !== undefined) return parser;
  try {
    parser = createRequire(import.meta.url)("oxc-parser") as typeof OxcParser;
  } catch (error) {
    throw new MissingPeerError("oxc-parser", "checking tool declarations at build time", error);
  }
  return parser;
}

/**
 * Whether an error is a missing build-time package (from any realm: a
 * bundler may run the plugin in another one).
 *
 * @example
 * ```ts
 * if (isMissingPeer(error)) { console.error(error.message); process.exitCode = 2; }
 * ```
 */
export function isMissingPeer(error: unknown): error is MissingPeerError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "MissingPeerError" &&
    typeof (error as { packageName?: unknown }).packageName === "string"
  );
}

function reasonOf(cause: unknown): string {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") return "it is not installed";
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.split("\n")[0]!.slice(0, 120);
}
