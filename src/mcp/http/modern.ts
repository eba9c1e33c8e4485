/**
 * The 2026-07-28 leg of the HTTP core: a request carrying the per-request
 * `_meta` envelope (`io.modelcontextprotocol/protocolVersion`) is served by
 * the SDK's own `createMcpHandler`, strict (`legacy: "reject"`): a fresh
 * server per request, `server/discover`, per-request version negotiation,
 * the required headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`,
 * and the `Mcp-Param-*` of `x-mcp-header` arguments) checked against the
 * body, `resultType` and the server's identity in every result's `_meta`,
 * `subscriptions/listen` for list changes, the modern error codes. wymcp's guards (Host/Origin, authentication, the body limit and the
 * JSON-RPC checks) have already judged the request; 2025-era traffic never
 * reaches here (sessions or stateless, as before).
 */
import { createMcpHandler, isLegacyRequest, PROTOCOL_VERSION_META_KEY, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { Router } from "../../serving/router.js";
import { createMcpProduct, type McpServerOptions } from "../server.js";
import { withRouterSchemas } from "./param-headers.js";
import { isPlainObject } from "../../util/inspect.js";
import { rpcErrorResponse } from "./response.js";

/** The modern leg of one handler. */
export interface ModernLeg {
  /** Whether the SDK classifies the (already read) request as 2025-era. */
  isLegacy(request: Request, body: unknown): Promise<boolean>;
  /** Serves a 2026-07-28 request whose body the guards read, for the identity the guards found (`undefined` without authentication). */
  handle(request: Request, body: unknown, identity: string | undefined): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The modern leg serving `router`; every list change of the router is
 * published to the open `subscriptions/listen` streams.
 *
 * @example
 * ```ts
 * const modern = modernLeg(router, serverOptions, guards.maxBodyBytes);
 * if (!(await modern.isLegacy(request, body))) return modern.handle(request, body, identity);
 * ```
 */
export function modernLeg(router: Router, serverOptions: McpServerOptions, maxBodyBytes: number): ModernLeg {
  // Who sent each request being served: the server made for it binds its multi-round-trip state to them.
  const identities = new WeakMap<Request, string>();
  // No server-to-client requests on 2026-07-28: sampling and elicitation go through input_required results.
  const handler: McpHttpHandler = createMcpHandler(
    ({ requestInfo }) =>
      withRouterSchemas(
        createMcpProduct(router, serverOptions, {
          clientRequests: false,
          announces: false,
          principal: requestInfo === undefined ? "" : (identities.get(requestInfo) ?? ""),
        }),
        router,
      ),
    {
      legacy: "reject",
      maxRequestBodySize: maxBodyBytes,
    },
  );
  const unsubscribe = router.onListChanged(() => handler.notify.toolsChanged());
  let closed = false;
  return {
    isLegacy: async (request, body) =>
      !claimsEnvelope(body) && (await isLegacyRequest(request, body, { maxRequestBodySize: maxBodyBytes })),
    handle(request, body, identity) {
      // A closed handler says so, as the 2025-era sessions do, rather than failing inside the SDK's closed handler.
      if (closed) return Promise.resolve(rpcErrorResponse(503, -32000, "Service Unavailable: the server is shutting down"));
      if (identity !== undefined) identities.set(request, identity);
      return handler.fetch(request, { parsedBody: body });
    },
    async close() {
      closed = true;
      unsubscribe();
      await handler.close();
    },
  };
}

/**
 * Whether a POST body is one message that is not a response, not
 * `initialize`, and carries the envelope claim (the protocol-version key in
 * its params' `_meta`): the SDK's classification never calls such a body
 * 2025-era — it serves it as 2026-07-28 or refuses it on the modern path —
 * so the modern leg takes it without classifying it twice (the SDK's entry
 * classifies again, with zod, ~3 µs a request). Anything else is left to
 * `isLegacyRequest`; test/http-era-route.test.ts pins the agreement.
 */
export function claimsEnvelope(body: unknown): boolean {
  if (!isPlainObject(body) || Object.hasOwn(body, "result") || Object.hasOwn(body, "error") || body.method === "initialize") return false;
  const meta = isPlainObject(body.params) ? body.params._meta : undefined;
  return isPlainObject(meta) && PROTOCOL_VERSION_META_KEY in meta;
}
