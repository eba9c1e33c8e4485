/**
 * Raw HTTP exchanges with an MCP endpoint, for what the SDK client never
 * sends: foreign Host or Origin headers, missing tokens, oversize and
 * malformed bodies. Loopback only.
 */
import { request, type Agent, type IncomingHttpHeaders } from "node:http";

export interface Exchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface ExchangeInit {
  readonly method?: string;
  /** Merged over JSON content type and the Accept header MCP requires; `null` removes one. */
  readonly headers?: Readonly<Record<string, string | null>>;
  readonly body?: string | Buffer;
  /** Send the body in several chunks without a Content-Length. */
  readonly chunked?: boolean;
  readonly agent?: Agent;
}

/** The headers every MCP POST carries. */
export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" } as const;

/** One request; resolves with the status, headers and body text (never rejects on an HTTP error status). */
export function exchange(url: URL, init: ExchangeInit = {}): Promise<Exchange> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...MCP_HEADERS, ...init.headers })) if (value !== null) headers[name] = value;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "POST", headers, agent: init.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (init.chunked === true && init.body !== undefined) {
      const body = Buffer.from(init.body);
      const step = Math.max(1, Math.ceil(body.length / 8));
      for (let offset = 0; offset < body.length; offset += step) req.write(body.subarray(offset, offset + step));
      req.end();
    } else {
      req.end(init.body);
    }
  });
}

/** The JSON-RPC messages of a response: a JSON body, or every `data:` line of an SSE stream. */
export function messagesOf(response: Exchange): unknown[] {
  const type = String(response.headers["content-type"] ?? "");
  if (type.startsWith("text/event-stream")) {
    return response.body
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line.length > 6)
      .map((line) => JSON.parse(line.slice(6)) as unknown);
  }
  if (response.body === "") return [];
  const parsed = JSON.parse(response.body) as unknown;
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** A JSON-RPC request body. */
export function rpc(id: number | string, method: string, params: unknown = {}): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

export const INITIALIZE = rpc(1, "initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "raw", version: "1" },
});

/** Opens a stateful session by hand: initialize, then the initialized notification. Returns the session headers. */
export async function openSession(url: URL, headers: Readonly<Record<string, string>> = {}): Promise<Record<string, string>> {
  const opened = await exchange(url, { headers, body: INITIALIZE });
  if (opened.status !== 200) throw new Error(`initialize answered ${opened.status}: ${opened.body}`);
  const session = { ...headers, "mcp-session-id": String(opened.headers["mcp-session-id"]), "mcp-protocol-version": "2025-06-18" };
  const initialized = await exchange(url, {
    headers: session,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return session;
}
