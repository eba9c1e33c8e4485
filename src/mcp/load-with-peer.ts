/**
 * Loading `wymcp/mcp` with its peer checked first. ESM links every static
 * import before any code runs, so a missing `@modelcontextprotocol/server`
 * would be Node's own `ERR_MODULE_NOT_FOUND` with its stack; the Node entry
 * (`node-entry.ts`) asks for the peer first and loads the adapter with
 * `require` (Node ≥ 22.12 loads an ES module so, synchronously, from the
 * same module cache as `import`), so a missing peer is one line naming what
 * to install.
 */

/** The require this module is handed (`createRequire(import.meta.url)`), as far as it is used. */
export interface PeerRequire {
  (id: string): unknown;
  resolve(id: string): string;
}

/**
 * `entry` loaded with `require`, once `peer` resolves; else a
 * `MissingPeerError` whose message is the line to read.
 *
 * @example
 * ```ts
 * const require = createRequire(import.meta.url);
 * const mcp = loadWithPeer(require, "./index.js", "@modelcontextprotocol/server", "wymcp/mcp") as typeof import("./index.js");
 * ```
 */
export function loadWithPeer(require: PeerRequire, entry: string, peer: string, from: string): unknown {
  try {
    require.resolve(peer);
  } catch (error) {
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") throw missingPeer(peer, from);
    // Found but not for require (an exports map without it): the static import below says what is wrong.
  }
  return require(entry);
}

/** Thrown when the peer is not installed. */
export class MissingPeerError extends Error {
  override readonly name = "MissingPeerError";
  constructor(
    readonly packageName: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The error for a missing peer. Uncaught — an import at a program's start —
 * it is printed as its one line and the process exits 1, instead of Node's
 * report of an uncaught error; caught (an `await import()` in a `try`) it
 * is an ordinary error, and the listener is gone by the next turn.
 */
function missingPeer(peer: string, from: string): MissingPeerError {
  const line = `${from} needs ${peer} (the MCP SDK v2), which is not installed: npm install ${peer}`;
  const error = new MissingPeerError(peer, line);
  const host = (globalThis as { process?: NodeJS.Process }).process;
  if (typeof host?.on !== "function") return error;
  const onUncaught = (thrown: unknown) => {
    host.off("uncaughtException", onUncaught);
    if (thrown !== error) {
      // Not ours: thrown again, to be reported as it would have been.
      host.nextTick(() => {
        throw thrown;
      });
      return;
    }
    host.stderr.write(`${line}\n`);
    host.exit(1);
  };
  host.on("uncaughtException", onUncaught);
  setImmediate(() => host.off("uncaughtException", onUncaught)).unref();
  return error;
}
