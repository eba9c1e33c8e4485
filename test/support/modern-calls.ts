/**
 * Hand-made 2026-07-28 `tools/call` requests to a fetch handler, for the
 * multi-round-trip tests that must send what no SDK client sends: tampered
 * or foreign `requestState`, malformed `inputResponses`, undeclared
 * capabilities.
 */
import type { FetchHandler } from "../../src/mcp/index.js";

/** What a round may carry besides the tool's arguments. */
export interface RoundExtras {
  readonly inputResponses?: unknown;
  /** `inputResponses` as JSON text, sent as is (for values `JSON.stringify` cannot write, such as nesting past its stack). */
  readonly inputResponsesJson?: string;
  readonly requestState?: unknown;
  /** The client capabilities the request declares (every kind of question by default). */
  readonly capabilities?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** The tool called (`asking` by default). */
  readonly name?: string;
}

/** A JSON-RPC reply with its HTTP status. */
export interface RoundReply {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary result and error fields
  readonly result?: any;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: Record<string, unknown> };
}

let nextId = 1;
const RAW = "[inputResponses written as given]";

/** Sends a `tools/call` (of `asking` unless `extras.name` says otherwise) with the 2026-07-28 envelope and the standard headers. */
export async function modernCall(handler: FetchHandler, args: Record<string, unknown>, extras: RoundExtras = {}): Promise<RoundReply> {
  const {
    capabilities = { elicitation: {}, sampling: {}, roots: {} },
    headers = {},
    inputResponsesJson,
    name = "asking",
    ...retry
  } = extras;
  const body = {
    jsonrpc: "2.0",
    id: nextId++,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": capabilities },
      ...retry,
      ...(inputResponsesJson === undefined ? {} : { inputResponses: RAW }),
    },
  };
  const request = new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      host: "localhost",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
      ...headers,
    },
    body: JSON.stringify(body).replace(JSON.stringify(RAW), () => inputResponsesJson ?? "null"),
  });
  const response = await handler.handle(request, { loopback: true });
  const reply = (await response.json()) as { result?: unknown; error?: RoundReply["error"] };
  return { status: response.status, ...reply };
}

/** What a complete call answered: its first text block, read as JSON when it is JSON. */
export function answerOf(reply: RoundReply): unknown {
  const first = (reply.result as { content?: { type: string; text: string }[] } | undefined)?.content?.[0];
  if (first?.type !== "text") throw new Error(`not a complete answer: ${JSON.stringify(reply)}`);
  try {
    return JSON.parse(first.text);
  } catch {
    return first.text;
  }
}
