/**
 * The checks an HTTP request passes before it reaches the MCP transport, in
 * this order: DNS-rebinding protection (the `Host` and `Origin` checks),
 * authentication (a bearer token and/or any hook, giving the identity a
 * session is bound to), then — for a POST — a bounded body that is a
 * well-formed JSON-RPC message. Every refusal is a JSON-RPC error body
 * (`id: null`) with the HTTP status its specification names: 403, 401 with
 * `WWW-Authenticate: Bearer` (RFC 6750), 413, 415, 406, and 400 with -32700
 * (not JSON) or -32600 (not a JSON-RPC message).
 *
 * Everything here takes header values and the request a hook is handed, never
 * a Node or fetch object of its own, so the Node handler and the fetch
 * handler share one implementation (`core.ts`).
 */
import { authenticate, type Authentication, type AuthVerdict } from "./auth.js";
import { readMessage, type BodyHeaders } from "./body.js";
import { refusal, type Refusal } from "./refusal.js";
import { parseHost } from "./host.js";

export { checkMessage } from "./body.js";
export type { Refusal } from "./refusal.js";

/**
 * What the guards take (part of `HttpHandlerOptions`, `ServeHttpOptions` and
 * `FetchHandlerOptions`). `R` is the request the hooks are handed: Node's
 * `IncomingMessage` for `createHttpHandler`, the fetch `Request` for
 * `createFetchHandler`.
 */
export interface HttpGuardOptions<R> {
  /**
   * `Host` header values served: names (`"localhost"`, `"[::1]"`, any port)
   * or `name:port` pairs, compared case-insensitively; `"any"` turns the check
   * off. Default: on a connection that arrived at a loopback address, only
   * `localhost`, `127.0.0.1` and `[::1]` — so a web page cannot reach a local
   * server through a rebound DNS name — and any host elsewhere (list your
   * public names for a server reachable from other machines: the `Origin`
   * check alone does not stop DNS rebinding, whose `Origin` is its own `Host`).
   *
   * @example
   * ```ts
   * allowedHosts: ["mcp.example.com", "mcp.internal:8443"]
   * ```
   */
  readonly allowedHosts?: readonly string[] | "any";
  /**
   * `Origin` header values served (`"https://app.example.com"`, compared as
   * URL origins); `"any"` turns the check off. A request without `Origin`
   * (every non-browser client) always passes this check. Default — the MCP
   * specification requires servers to validate `Origin` — only the server's
   * own host: an `http(s)` origin whose host and port are the request's
   * `Host` (the scheme is not compared: behind a TLS proxy the server cannot
   * know it), plus, on a loopback connection, origins on `localhost`,
   * `127.0.0.1` or `[::1]` (any port). List the origins of the web apps that
   * call a deployed server, or a proxy that rewrites `Host` refuses them.
   *
   * @example
   * ```ts
   * allowedOrigins: ["https://app.example.com", "http://localhost:5173"]
   * ```
   */
  readonly allowedOrigins?: readonly string[] | "any";
  /**
   * Requires `Authorization: Bearer <token>`: the token itself (compared in
   * constant time) or a function deciding on it — `true` to serve, a user
   * name to serve as that user, anything else to refuse. A missing or wrong
   * token is answered 401 with `WWW-Authenticate: Bearer …` (RFC 6750).
   *
   * A session answers only to the identity that opened it (404 to anyone
   * else): the user name the function returned — so a refreshed token keeps
   * its sessions — or else the token.
   *
   * @example
   * ```ts
   * bearerToken: async (token) => (await verifyJwt(token))?.sub ?? false
   * ```
   */
  readonly bearerToken?: string | ((token: string, request: R) => AuthVerdict | Promise<AuthVerdict>);
  /**
   * Any other authentication: `false` answers 401 with `WWW-Authenticate:
   * Bearer realm="mcp"`. Runs after `bearerToken` when both are given (both
   * must pass), before the body is read.
   *
   * Return the user's name rather than `true` to bind sessions to the user:
   * `true` binds them to the `Authorization` header (or, beside
   * `bearerToken`, to the token), and with neither a name nor that header
   * sessions are bound to no one.
   *
   * @example
   * ```ts
   * authenticate: (request) => apiKeys.get(String(request.headers["x-api-key"])) ?? false
   * ```
   */
  readonly authenticate?: (request: R) => AuthVerdict | Promise<AuthVerdict>;
  /**
   * The largest request body read, in bytes; 1 MiB by default. A larger body
   * is answered 413 without reading the rest. (A body parser that read the
   * body before `handle` applies its own limit.)
   *
   * @example
   * ```ts
   * maxBodyBytes: 4 * 1024 * 1024 // tools that take large documents
   * ```
   */
  readonly maxBodyBytes?: number;
}

/** The default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The headers and connection the guards decide on. */
export interface RequestHead extends RequestOrigin {
  /** The `Authorization` header. */
  readonly authorization: string | undefined;
}

/** The headers and connection DNS-rebinding protection decides on. */
export interface RequestOrigin {
  /** The `Host` header. */
  readonly host: string | undefined;
  /** The `Origin` header. */
  readonly origin: string | undefined;
  /** Whether the connection arrived at a loopback address. */
  readonly loopback: boolean;
}

/** The `Host` and `Origin` allowlists, normalized once. */
export interface RebindingRules {
  readonly hosts: ReadonlySet<string> | "any" | undefined;
  readonly origins: ReadonlySet<string> | "any" | undefined;
}

/**
 * The guards of one handler, with its options checked once (a bad option
 * throws here, at start-up, rather than at the first request).
 *
 * @example
 * ```ts
 * const guards = httpGuards({ bearerToken: process.env.MCP_TOKEN });
 * const admission = await guards.admit(req); // { identity } or { refusal }
 * ```
 */
export function httpGuards<R>(options: HttpGuardOptions<R> = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0)
    throw new RangeError(`maxBodyBytes must be a positive whole number of bytes, got ${String(maxBodyBytes)}`);
  if (options.bearerToken === "") throw new RangeError("bearerToken must not be empty");
  const rules = rebindingRules(options);
  return {
    maxBodyBytes,
    /** DNS-rebinding protection, then authentication: the caller's identity, or a refusal. */
    async admit(head: RequestHead, request: R): Promise<Authentication> {
      const refused = checkRebinding(rules, head);
      if (refused !== undefined) return { refusal: refused };
      return authenticate(head.authorization, request, options);
    },
    /** Reads a POST body (bounded) and checks it is JSON-RPC: the parsed body, or a refusal. */
    readBody: (headers: BodyHeaders, chunks: AsyncIterable<Uint8Array> | null) => readMessage(headers, chunks, maxBodyBytes),
  };
}

/** What `httpGuards` returns. */
export type HttpGuards<R> = ReturnType<typeof httpGuards<R>>;

/** The allowlists of `options`, normalized for `checkRebinding`. */
export function rebindingRules(options: Pick<HttpGuardOptions<unknown>, "allowedHosts" | "allowedOrigins">): RebindingRules {
  const { allowedHosts, allowedOrigins } = options;
  return {
    hosts: allowedHosts === undefined || allowedHosts === "any" ? allowedHosts : new Set(allowedHosts.map((host) => host.toLowerCase())),
    origins: allowedOrigins === undefined || allowedOrigins === "any" ? allowedOrigins : new Set(allowedOrigins.map(originOf)),
  };
}

/**
 * DNS-rebinding protection: a 400 refusal for a `Host` that is not
 * `host[:port]`, a 403 refusal for a `Host` or `Origin` the rules do not
 * serve, `undefined` to go on.
 *
 * @example
 * ```ts
 * checkRebinding(rebindingRules({}), { host: "mcp.lan:8080", origin: "http://evil.example", loopback: false }); // 403
 * ```
 */
export function checkRebinding(rules: RebindingRules, request: RequestOrigin): Refusal | undefined {
  // A Host that is no host[:port] is malformed whatever the rules: taken loosely, `localhost:80@evil.com` was `localhost`.
  if (request.host !== undefined && parseHost(request.host) === undefined)
    return refusal(400, -32000, "Bad Request: the Host header is not host[:port] (RFC 9110 §7.2)");
  if (!hostAllowed(rules.hosts, request)) return refusal(403, -32000, "Forbidden: host not allowed");
  if (!originAllowed(rules.origins, request)) return refusal(403, -32000, "Forbidden: origin not allowed");
  return undefined;
}

function hostAllowed(hosts: RebindingRules["hosts"], { host, loopback }: RequestOrigin): boolean {
  if (hosts === "any" || (hosts === undefined && !loopback)) return true;
  const parsed = host === undefined ? undefined : parseHost(host);
  if (parsed === undefined) return false;
  const { name, port } = parsed;
  return hosts === undefined ? LOOPBACK_NAMES.has(name) : hosts.has(port === undefined ? name : `${name}:${port}`) || hosts.has(name);
}

function originAllowed(origins: RebindingRules["origins"], { host, origin, loopback }: RequestOrigin): boolean {
  if (origin === undefined || origins === "any") return true;
  if (origins !== undefined) return origins.has(originOf(origin));
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed or file: page) and anything unparsable
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return sameHost(url, host) || (loopback && LOOPBACK_NAMES.has(url.hostname));
}

/**
 * Whether an origin is the request's own `Host`: host and port equal once
 * the `Host` is read under the origin's scheme (so `Host: mcp.lan` matches
 * `https://mcp.lan`, both on the default port).
 */
function sameHost(origin: URL, host: string | undefined): boolean {
  if (host === undefined || host === "") return false;
  try {
    const own = new URL(`${origin.protocol}//${host}`);
    // A Host that is more than host[:port] (userinfo, a path) is no host to compare.
    if (own.username !== "" || own.password !== "" || own.pathname !== "/" || own.search !== "" || own.hash !== "" || /[/?#@\\]/.test(host))
      return false;
    return own.host === origin.host;
  } catch {
    return false;
  }
}

/** An origin's normalized form (`HTTP://LocalHost:80` → `http://localhost`); the text itself when it is no URL. */
function originOf(text: string): string {
  try {
    const { origin } = new URL(text);
    return origin === "null" ? text.toLowerCase() : origin;
  } catch {
    return text.toLowerCase();
  }
}
