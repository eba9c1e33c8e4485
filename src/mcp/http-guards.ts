/**
 * The checks an HTTP request passes before it reaches the MCP transport, in
 * this order: DNS-rebinding protection (the `Host` and `Origin` allowlists),
 * authentication (a bearer token and/or any hook), then — for a POST — a
 * bounded body that is a well-formed JSON-RPC message. Every refusal is a
 * JSON-RPC error body (`id: null`) with the HTTP status its specification
 * names: 403, 401 with `WWW-Authenticate: Bearer` (RFC 6750), 413, 415, 406,
 * and 400 with -32700 (not JSON) or -32600 (not a JSON-RPC message).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** What the guards take (part of `HttpHandlerOptions` and `ServeHttpOptions`). */
export interface HttpGuardOptions {
  /**
   * `Host` header values served: names (`"localhost"`, `"[::1]"`, any port)
   * or `name:port` pairs, compared case-insensitively; `"any"` turns the check
   * off. Default: on a connection that arrived at a loopback address, only
   * `localhost`, `127.0.0.1` and `[::1]` — so a web page cannot reach a local
   * server through a rebound DNS name — and any host elsewhere (list your
   * public names for a server reachable from other machines).
   */
  readonly allowedHosts?: readonly string[] | "any";
  /**
   * `Origin` header values served (`"https://app.example.com"`, compared as
   * URL origins); `"any"` turns the check off. A request without `Origin`
   * (every non-browser client) always passes this check. Default: on a
   * loopback connection, only origins on `localhost`, `127.0.0.1` or `[::1]`
   * (any port); any origin elsewhere.
   */
  readonly allowedOrigins?: readonly string[] | "any";
  /**
   * Requires `Authorization: Bearer <token>`: the token itself (compared in
   * constant time) or a function deciding on it. A missing or wrong token is
   * answered 401 with `WWW-Authenticate: Bearer …` (RFC 6750).
   */
  readonly bearerToken?: string | ((token: string, request: IncomingMessage) => boolean | Promise<boolean>);
  /**
   * Any other authentication: `false` answers 401 with `WWW-Authenticate:
   * Bearer realm="mcp"`. Runs after `bearerToken` when both are given (both
   * must pass), before the body is read.
   */
  readonly authenticate?: (request: IncomingMessage) => boolean | Promise<boolean>;
  /**
   * The largest request body read, in bytes; 1 MiB by default. A larger body
   * is answered 413 without reading the rest. (A body parser that read the
   * body before `handle` applies its own limit.)
   */
  readonly maxBodyBytes?: number;
}

/** A request refused before the transport: the HTTP status and the JSON-RPC error to answer. */
export interface Refusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REALM = 'realm="mcp"';

/**
 * The guards of one handler, with its options checked once (a bad option
 * throws here, at start-up, rather than at the first request).
 *
 * @example
 * ```ts
 * const guards = httpGuards({ bearerToken: process.env.MCP_TOKEN });
 * const refusal = (await guards.admit(req)) ?? (await guards.readBody(req));
 * ```
 */
export function httpGuards(options: HttpGuardOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) throw new RangeError(`maxBodyBytes must be a positive whole number of bytes, got ${String(maxBodyBytes)}`);
  if (options.bearerToken === "") throw new RangeError("bearerToken must not be empty");
  const hosts = options.allowedHosts === undefined || options.allowedHosts === "any" ? options.allowedHosts : new Set(options.allowedHosts.map((host) => host.toLowerCase()));
  const origins = options.allowedOrigins === undefined || options.allowedOrigins === "any" ? options.allowedOrigins : new Set(options.allowedOrigins.map(originOf));
  return {
    maxBodyBytes,
    /** DNS-rebinding protection, then authentication: a refusal, or `undefined` to go on. */
    async admit(req: IncomingMessage): Promise<Refusal | undefined> {
      const loopback = isLoopbackConnection(req);
      if (!hostAllowed(hosts, req.headers.host, loopback)) return { status: 403, code: -32000, message: "Forbidden: host not allowed" };
      if (!originAllowed(origins, req.headers.origin, loopback)) return { status: 403, code: -32000, message: "Forbidden: origin not allowed" };
      return authenticate(req, options);
    },
    /** Reads a POST body (bounded) and checks it is JSON-RPC: the parsed body, or a refusal. */
    readBody: (req: IncomingMessage) => readMessage(req, maxBodyBytes),
  };
}

/** What `httpGuards` returns. */
export type HttpGuards = ReturnType<typeof httpGuards>;

/**
 * Whether the request arrived at a loopback address (`127.0.0.0/8`, `::1`,
 * or an IPv4-mapped `::ffff:127.x.y.z`): the connections DNS rebinding
 * targets. An unknown local address counts as not loopback.
 *
 * @example
 * ```ts
 * isLoopbackConnection(req); // true for a request to http://127.0.0.1:3000/mcp
 * ```
 */
export function isLoopbackConnection(req: IncomingMessage): boolean {
  const address = req.socket?.localAddress;
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function hostAllowed(hosts: ReadonlySet<string> | "any" | undefined, header: string | undefined, loopback: boolean): boolean {
  if (hosts === "any" || (hosts === undefined && !loopback)) return true;
  if (header === undefined) return false;
  const full = header.toLowerCase();
  const name = hostName(full);
  return hosts === undefined ? LOOPBACK_NAMES.has(name) : hosts.has(full) || hosts.has(name);
}

function originAllowed(origins: ReadonlySet<string> | "any" | undefined, header: string | undefined, loopback: boolean): boolean {
  if (header === undefined || origins === "any" || (origins === undefined && !loopback)) return true;
  const origin = originOf(header);
  if (origins !== undefined) return origins.has(origin);
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_NAMES.has(url.hostname);
  } catch {
    return false; // "null" (a sandboxed or file: page) and anything unparsable
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

/** The host name of a Host header, without its port. */
function hostName(header: string): string {
  return header.startsWith("[") ? header.slice(0, header.indexOf("]") + 1) : header.split(":")[0]!;
}

async function authenticate(req: IncomingMessage, options: HttpGuardOptions): Promise<Refusal | undefined> {
  const { bearerToken, authenticate: hook } = options;
  if (bearerToken === undefined && hook === undefined) return undefined;
  const header = req.headers.authorization;
  const presented = header === undefined ? undefined : /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)?.[1];
  try {
    if (bearerToken !== undefined) {
      // No bearer token (no header, or another scheme): a bare challenge; a token that fails: invalid_token (RFC 6750 §3, §3.1).
      if (presented === undefined) return unauthorized(REALM);
      const valid = typeof bearerToken === "string" ? sameSecret(presented, bearerToken) : (await bearerToken(presented, req)) === true;
      if (!valid) return unauthorized(`${REALM}, error="invalid_token", error_description="the access token is not valid"`);
    }
    if (hook !== undefined && (await hook(req)) !== true) return unauthorized(presented === undefined ? REALM : `${REALM}, error="invalid_token"`);
  } catch {
    // A failing hook refuses the request; its reason stays on the server.
    return { status: 500, code: -32603, message: "Internal error: authentication failed" };
  }
  return undefined;
}

function unauthorized(challenge: string): Refusal {
  return { status: 401, code: -32000, message: "Unauthorized: a valid bearer token is required", headers: { "www-authenticate": `Bearer ${challenge}` } };
}

/** Constant-time comparison, independent of the lengths too (both sides hashed). */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

type ReadMessage = { readonly body: unknown } | { readonly refusal: Refusal };

/** The media type of a Content-Type header, lowercased, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * Reads a POST body: the Accept and Content-Type checks the MCP transport
 * makes (so they come before any parse error), at most `limit` bytes, JSON,
 * then the JSON-RPC shape of every message.
 */
async function readMessage(req: IncomingMessage, limit: number): Promise<ReadMessage> {
  const accept = req.headers.accept ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return refuse(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
  }
  if (mediaType(req.headers["content-type"]) !== "application/json") return refuse(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  const tooLarge = () => refuse(413, -32000, `Payload Too Large: the request body must not exceed ${limit} bytes`, { connection: "close" });
  if (Number(req.headers["content-length"]) > limit) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return tooLarge();
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return refuse(400, -32700, "Parse error: Invalid JSON");
  }
  return checkMessage(body);
}

/**
 * A parsed body that is one JSON-RPC message or a non-empty batch of them
 * whose requests have distinct ids (answers to a shared id could not be told
 * apart, and the transport would deliver only one); anything else is -32600
 * Invalid Request (JSON-RPC 2.0 §5.1).
 *
 * @example
 * ```ts
 * checkMessage({ jsonrpc: "2.0", id: 1, method: "ping" }); // { body: … }
 * checkMessage([]); // { refusal: { status: 400, code: -32600, … } }
 * ```
 */
export function checkMessage(body: unknown): ReadMessage {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return refuse(400, -32600, "Invalid Request: an empty batch");
  const bad = messages.findIndex((message) => !JSONRPCMessageSchema.safeParse(message).success);
  if (bad !== -1) return refuse(400, -32600, Array.isArray(body) ? `Invalid Request: batch entry ${bad} is not a JSON-RPC 2.0 message` : "Invalid Request: not a JSON-RPC 2.0 message");
  const ids = new Set<unknown>();
  for (const message of messages as { id?: unknown; method?: unknown }[]) {
    if (message.method === undefined || message.id === undefined) continue;
    if (ids.has(message.id)) return refuse(400, -32600, `Invalid Request: the batch uses the request id ${JSON.stringify(message.id)} twice`);
    ids.add(message.id);
  }
  return { body };
}

function refuse(status: number, code: number, message: string, headers?: Record<string, string>): { refusal: Refusal } {
  return { refusal: { status, code, message, ...(headers === undefined ? {} : { headers }) } };
}
