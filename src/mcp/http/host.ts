/**
 * The `Host` header, read as RFC 9110 §7.2 defines it — `uri-host [ ":"
 * port ]`, the grammar of RFC 3986 §3.2.2 and §3.2.3 — and nothing more.
 * Reading it loosely let `localhost:80@evil.com` pass the loopback check as
 * `localhost`: a userinfo, a path or any other character no host may hold
 * makes the header no host at all, answered 400 (RFC 9110 §7.2: a server
 * MUST answer 400 to a Host field with an invalid value).
 */

/** A host read from a `Host` header: its name (lowercased; an IPv6 literal keeps its brackets) and its port, if it names one. */
export interface HostHeader {
  readonly name: string;
  readonly port: string | undefined;
}

/** An IP-literal (RFC 3986: an IPv6 address or an IPvFuture, bracketed). */
const IP_LITERAL = String.raw`\[(?:[0-9a-f:.]+|v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]`;
/** A reg-name or an IPv4 address: unreserved, percent-encoded and sub-delims characters, at least one. */
const REG_NAME = String.raw`(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})+`;
const HOST = new RegExp(String.raw`^(${IP_LITERAL}|${REG_NAME})(?::(\d*))?$`, "i");

/**
 * `header` as a host and port, or `undefined` when it is not `host[:port]`.
 *
 * @example
 * ```ts
 * parseHost("LocalHost:3000"); // { name: "localhost", port: "3000" }
 * parseHost("localhost:80@evil.com"); // undefined
 * ```
 */
export function parseHost(header: string): HostHeader | undefined {
  const match = HOST.exec(header);
  if (match === null) return undefined;
  const port = match[2];
  return { name: match[1]!.toLowerCase(), port: port === undefined || port === "" ? undefined : port };
}
