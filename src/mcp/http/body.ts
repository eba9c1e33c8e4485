/**
 * A POST body, read within a limit and checked to be JSON-RPC before the MCP
 * transport sees it. The body arrives as chunks of bytes from any host (a
 * Node request, a fetch `Request`'s stream); `checkMessage` judges an
 * already-parsed body.
 */
import { isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResponse } from "@modelcontextprotocol/server";
import { refusal, type Refusal } from "./refusal.js";
import { echo } from "../../util/echo.js";

/** The body of a POST, or the refusal to answer instead. */
export type ReadMessage = { readonly body: unknown } | { readonly refusal: Refusal };

/** The headers a POST body is judged by before it is read. */
export interface BodyHeaders {
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  readonly contentLength: string | undefined;
}

/** The media type of a Content-Type header, lowercased, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * Reads a POST body: the Accept and Content-Type checks the MCP transport
 * makes (so they come before any parse error), at most `limit` bytes, JSON,
 * then the JSON-RPC shape of every message.
 */
export async function readMessage(headers: BodyHeaders, source: AsyncIterable<Uint8Array> | null, limit: number): Promise<ReadMessage> {
  const accept = headers.accept ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return refuse(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
  }
  if (mediaType(headers.contentType) !== "application/json")
    return refuse(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  const tooLarge = () => refuse(413, -32000, `Payload Too Large: the request body must not exceed ${limit} bytes`, { connection: "close" });
  if (Number(headers.contentLength) > limit) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (too large) returns the iterator, which stops reading the rest.
  for await (const chunk of source ?? []) {
    size += chunk.byteLength;
    if (size > limit) return tooLarge();
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(concat(chunks, size)));
  } catch {
    return refuse(400, -32700, "Parse error: Invalid JSON");
  }
  return checkMessage(body);
}

const decoder = new TextDecoder();

/** The chunks as one array (the one chunk itself when there is one). */
function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/** The longest batch the SDK's Streamable HTTP transport accepts. */
const MAX_BATCH = 100;

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
  // The SDK's transport refuses longer batches anyway: refusing first spares validating 33,000 entries of a 1 MiB batch.
  if (messages.length > MAX_BATCH) return refuse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`);
  const bad = messages.findIndex((message) => !isJsonRpcMessage(message));
  if (bad !== -1)
    return refuse(
      400,
      -32600,
      Array.isArray(body)
        ? `Invalid Request: batch entry ${bad} is not a JSON-RPC 2.0 message`
        : "Invalid Request: not a JSON-RPC 2.0 message",
    );
  const ids = new Set<unknown>();
  for (const message of messages as { id?: unknown; method?: unknown }[]) {
    if (message.method === undefined || message.id === undefined) continue;
    if (ids.has(message.id))
      return refuse(400, -32600, `Invalid Request: the batch uses the request id ${echo(JSON.stringify(message.id))} twice`);
    ids.add(message.id);
  }
  return { body };
}

function refuse(status: number, code: number, message: string, headers?: Record<string, string>): { refusal: Refusal } {
  return { refusal: refusal(status, code, message, headers) };
}

/** A JSON-RPC request, notification or response, as the SDK's guards judge one. */
function isJsonRpcMessage(message: unknown): boolean {
  return isJSONRPCRequest(message) || isJSONRPCNotification(message) || isJSONRPCResponse(message);
}
