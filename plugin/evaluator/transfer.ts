/**
 * How a parsed tree crosses from oxc-parser to JavaScript: through JSON, or
 * by raw transfer (Node ≥ 22), the tree read from the parser's memory. Raw
 * transfer costs less per module, but its buffer — a 6 GiB reservation V8
 * counts as external memory — sets off a full, memory-reducing collection
 * of the thread's whole heap when it is first made: 43 ms in an edited
 * Vite build, the bundler's heap in it (BENCHMARKS §5). A check worker
 * makes it while its own heap is still small; the build's thread, which
 * checks only the few tool files edited since their verdicts, reads its
 * first modules through JSON and takes raw transfer only once it has parsed
 * enough of them for the collection to pay.
 */
import { isMainThread } from "node:worker_threads";

/** Modules the main thread parses through JSON before raw transfer (each ~0.2–1 ms dearer through JSON: about one collection). */
export const JSON_PARSES_IN_MAIN_THREAD = 32;

/**
 * Whether the next parse of a thread uses raw transfer, given how many
 * modules it has parsed before.
 *
 * @example
 * ```ts
 * usesRawTransfer({ supported: true, mainThread: true, parsed: 0 });  // false: JSON first
 * usesRawTransfer({ supported: true, mainThread: false, parsed: 0 }); // true: a check worker
 * ```
 */
export function usesRawTransfer({ supported, mainThread, parsed }: { supported: boolean; mainThread: boolean; parsed: number }): boolean {
  return supported && (!mainThread || parsed >= JSON_PARSES_IN_MAIN_THREAD);
}

let parsed = 0;

/**
 * The transfer of this thread's next parse (counted as a parse): raw when
 * `supported` and `usesRawTransfer` says so.
 *
 * @example
 * ```ts
 * parser.parseSync(fileName, text, { experimentalRawTransfer: nextTransferIsRaw(parser.rawTransferSupported()) });
 * ```
 */
export function nextTransferIsRaw(supported: boolean): boolean {
  return usesRawTransfer({ supported, mainThread: isMainThread, parsed: parsed++ });
}
