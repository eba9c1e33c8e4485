/**
 * What the build's thread and a check worker say to each other
 * (`check-pool.ts`, `check-worker.ts`): plain data, copied across threads.
 */
import type { ProviderLintOptions } from "../../check/provider/lint.js";
import type { ImportGraph } from "../resolution/bundler-resolvers.js";
import type { CheckOutcome } from "./check-run.js";
import type { wymcpAliases } from "../../check/wymcp-aliases.js";

/** A build starts: `once` as `ModuleChecker.startBuild` takes it. */
export interface BuildMessage {
  readonly kind: "build";
  readonly once: boolean;
  readonly graph: ImportGraph | undefined;
  /** The bundlers' aliases of wymcp recorded in the build's thread (`wymcp-aliases.ts`), as of the message. */
  readonly aliases?: ReturnType<typeof wymcpAliases>;
}

/**
 * Check a module. `remote`: its imports are resolved by the bundler, asked
 * through the build's thread (unless the build's graph answers them).
 */
export interface CheckMessage {
  readonly kind: "check";
  readonly id: number;
  readonly fileName: string;
  readonly text: string;
  readonly remote: boolean;
  readonly lint: ProviderLintOptions | undefined;
}

/** The bundler's answer to a resolution a check asked for (`undefined`: not a local module, or no answer). */
export interface ResolvedMessage {
  readonly kind: "resolved";
  readonly request: number;
  readonly answer: string | undefined;
}

/** The build ended: the worker stops listening, and its thread ends once its last check is done. */
export interface EndMessage {
  readonly kind: "end";
}

export type ToWorker = BuildMessage | CheckMessage | ResolvedMessage | EndMessage;

/** A check asks the bundler to resolve an import. */
export interface ResolveRequest {
  readonly kind: "resolve";
  readonly request: number;
  readonly id: number;
  readonly specifier: string;
  readonly importer: string;
}

/** A check's outcome. */
export interface DoneMessage {
  readonly kind: "done";
  readonly id: number;
  readonly outcome: CheckOutcome;
}

/** A check failed: the error's name, message, stack and, for a missing package, which one (`MissingPeerError`). */
export interface FailedMessage {
  readonly kind: "failed";
  readonly id: number;
  readonly error: { readonly name: string; readonly message: string; readonly stack?: string; readonly packageName?: string };
}

export type FromWorker = ResolveRequest | DoneMessage | FailedMessage;
