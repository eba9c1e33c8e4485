/**
 * The `Mcp-Param-*` headers of a 2026-07-28 `tools/call` (SEP-2243): a
 * client mirrors each argument whose property schema carries `x-mcp-header`
 * into a header, and the SDK's HTTP entry refuses a call whose headers are
 * missing, malformed (bad Base64) or disagree with the body — 400, -32020 —
 * before any handler runs. The entry reads a tool's input schema from the
 * `McpServer` it is handed, whose own tools are none of the router's: the
 * product is given the router's listings to read instead.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import type { Router } from "../../serving/router.js";

/**
 * Lets the SDK's header check see the router's tools: `toolInputSchemaJson`
 * (the SDK entry's one question to an `McpServer` about a tool, internal to
 * the SDK and pinned by test/http-param-headers.test.ts) answers the
 * `inputSchema` the router lists under that name.
 *
 * @example
 * ```ts
 * createMcpHandler(() => withRouterSchemas(createMcpProduct(router, options), router));
 * ```
 */
export function withRouterSchemas(mcp: McpServer, router: Router): McpServer {
  const own = mcp.toolInputSchemaJson.bind(mcp);
  mcp.toolInputSchemaJson = (name: string) => {
    const listing = router.listTools().find((tool) => tool.name === name);
    return listing === undefined ? own(name) : (listing.inputSchema as Record<string, unknown>);
  };
  return mcp;
}
