/**
 * Node's request as the HTTP core reads it: the Web-standard `Request` the
 * SDK transport reads (method, URL, headers — the body goes to the guards as
 * Node's own chunks), and whether the connection arrived at a loopback
 * address.
 */
import type { IncomingMessage } from "node:http";
import { parseHost } from "./host.js";

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
  // A framework's request object, or one whose socket was detached, may have no socket.
  const address = (req.socket as IncomingMessage["socket"] | null | undefined)?.localAddress;
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A bodiless `Request` with the method, URL and headers of Node's request.
 * The URL is built on the `Host` header, or on `localhost` when that is no
 * host (the guards judge the header itself, not this URL).
 */
export function webRequestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header value fetch refuses (a control character) is one the transport never needs.
    }
  }
  return new Request(urlOf(req), { method: req.method ?? "GET", headers });
}

function urlOf(req: IncomingMessage): string {
  const target = req.url ?? "/";
  const path = target.startsWith("/") ? target : "/";
  const host = req.headers.host;
  // A Host with userinfo would make a URL with credentials, which a Request refuses to carry: the guards answer it 400.
  const base = host !== undefined && parseHost(host) !== undefined ? `http://${host}` : "http://localhost";
  try {
    return new URL(path, base).href;
  } catch {
    return new URL(path, "http://localhost").href;
  }
}
