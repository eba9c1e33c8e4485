/**
 * The `logging` capability of a server wymcp binds: declared, with a
 * `logging/setLevel` handler keeping the level this connection's client
 * chose (one server serves one connection), which handlers' log messages
 * are filtered by. No level set: every message is sent, as the spec lets a
 * server choose.
 */
import type { Server } from "@modelcontextprotocol/server";
import { LOG_LEVELS, type LogLevel } from "../contract/client-channel.js";

/** Whether a message of a level is sent under the level the client set. */
export interface LogLevelGate {
  allows(level: LogLevel): boolean;
}

/** Declares `logging` on a server not yet connected and answers its `logging/setLevel`. */
export function installLogging(server: Server): LogLevelGate {
  server.registerCapabilities({ logging: {} });
  let minimum = 0;
  // The SDK's own handler (installed when `logging` is declared at construction) keeps the level where handlers cannot read it.
  server.removeRequestHandler("logging/setLevel");
  server.setRequestHandler("logging/setLevel", (request) => {
    minimum = LOG_LEVELS.indexOf(request.params.level);
    return {};
  });
  return { allows: (level) => LOG_LEVELS.indexOf(level) >= minimum };
}
