/**
 * The entries `wymcp/mcp` and `wymcp/fetch` export exactly these names, each
 * with its TSDoc (and every function with an example): a new export, or a
 * lost one, fails here until the list — and docs/mcp.md — say so.
 */
import { describe, expect, test } from "vitest";
import * as fetchEntry from "../src/mcp/fetch-entry.js";
import * as mcpEntry from "../src/mcp/index.js";
import { exportsOf } from "./support/entry-exports.js";

/** What both entries export: the fetch handler, its options and the session store. */
const FETCH_VALUES = [
  "DEFAULT_MAX_BODY_BYTES",
  "DEFAULT_MAX_SESSIONS",
  "DEFAULT_MAX_STORED_SESSION_BYTES",
  "DEFAULT_SESSION_IDLE_TIMEOUT_MS",
  "bindRouter",
  "createFetchHandler",
  "createInMemorySessionStore",
  "createMcpServer",
];
const FETCH_TYPES = [
  "AuthVerdict",
  "FetchHandler",
  "FetchHandlerOptions",
  "FetchRequestInfo",
  "HttpGuardOptions",
  "HttpOptions",
  "InMemorySessionStoreOptions",
  "McpServerOptions",
  "SessionOptions",
  "SessionRecord",
  "SessionStore",
];
/** What only `wymcp/mcp` adds: stdio, the Node hosts, the event store. */
const MCP_VALUES = [
  ...FETCH_VALUES,
  "DEFAULT_HEADERS_TIMEOUT_MS",
  "DEFAULT_MAX_STORED_EVENT_BYTES",
  "DEFAULT_MAX_STORED_EVENTS",
  "DEFAULT_REQUEST_TIMEOUT_MS",
  "createHttpHandler",
  "createInMemoryEventStore",
  "isLoopbackConnection",
  "serveHttp",
  "serveStdio",
];
const MCP_TYPES = [
  ...FETCH_TYPES,
  "EventStore",
  "HttpHandler",
  "HttpHandlerOptions",
  "InMemoryEventStoreOptions",
  "RunningHttpServer",
  "RunningServer",
  "ServeHttpOptions",
  "StdioOptions",
];

describe.each([
  { entry: "src/mcp/index.ts", module: mcpEntry, values: MCP_VALUES, types: MCP_TYPES },
  { entry: "src/mcp/fetch-entry.ts", module: fetchEntry, values: FETCH_VALUES, types: FETCH_TYPES },
])("$entry", ({ entry, module, values, types }) => {
  const exported = exportsOf(entry);

  test("its runtime values", () => {
    expect(Object.keys(module).sort()).toEqual([...values].sort());
  });

  test("every name it exports, types included", () => {
    expect(exported.map((symbol) => symbol.name).sort()).toEqual([...values, ...types].sort());
  });

  test("every export has its TSDoc, every function an example", () => {
    expect(exported.filter((symbol) => symbol.doc.trim() === "").map((symbol) => symbol.name)).toEqual([]);
    expect(exported.filter((symbol) => symbol.function && !symbol.example).map((symbol) => symbol.name)).toEqual([]);
  });
});
