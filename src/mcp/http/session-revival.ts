/**
 * Reviving a stored session: a fresh SDK server and transport are brought
 * into the state an `initialize` leaves them in by replaying that
 * `initialize` (and `notifications/initialized`) through the transport's
 * public `handleRequest`, the client's own parameters from the record. The
 * SDK has no supported way to build a transport already initialized (its
 * `sessionId` and `_initialized` are set only by an initialize), and the
 * replay also restores what the SDK server learns there: the client's
 * capabilities (which gate sampling and elicitation), its info, the
 * negotiated protocol version.
 */
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type { WebStandardStreamableHTTPServerTransport, InitializeRequest } from "@modelcontextprotocol/server";
import type { SessionRecord } from "./session-store.js";

/** The record of a session opened by the `initialize` among `messages`, by `owner`. */
export function sessionRecordOf(messages: readonly unknown[], owner: string | undefined): SessionRecord {
  const initialize = messages.find((message): message is InitializeRequest => isInitializeRequest(message));
  if (initialize === undefined) throw new Error("a session opens with an initialize request");
  const { protocolVersion, capabilities, clientInfo } = initialize.params;
  return { owner: owner ?? null, client: { protocolVersion, capabilities, clientInfo } };
}

/**
 * `value` as a session record, or the problem with it — a store returning
 * something else is a fault of the deployment, reported by its path.
 */
export function checkSessionRecord(value: unknown): { record: SessionRecord } | { problem: string } {
  const object = (candidate: unknown): candidate is Record<string, unknown> =>
    typeof candidate === "object" && candidate !== null && !Array.isArray(candidate);
  if (!object(value)) return { problem: "the record is not an object" };
  if (value["owner"] !== null && typeof value["owner"] !== "string") return { problem: "owner is neither a string nor null" };
  const client = value["client"];
  if (!object(client)) return { problem: "client is not an object" };
  if (typeof client["protocolVersion"] !== "string") return { problem: "client.protocolVersion is not a string" };
  if (!object(client["capabilities"])) return { problem: "client.capabilities is not an object" };
  const info = client["clientInfo"];
  if (!object(info) || typeof info["name"] !== "string" || typeof info["version"] !== "string")
    return { problem: "client.clientInfo is not { name, version }" };
  return { record: value as unknown as SessionRecord };
}

/**
 * Replays the session's `initialize` and `notifications/initialized` into a
 * transport connected to a fresh server (whose `sessionIdGenerator` returns
 * the session's id). Throws when the server does not accept them.
 *
 * @example
 * ```ts
 * await server.connect(transport);
 * await replayInitialize(transport, record);
 * ```
 */
export async function replayInitialize(transport: WebStandardStreamableHTTPServerTransport, record: SessionRecord): Promise<void> {
  const initialize = { jsonrpc: "2.0", id: "wymcp-revival", method: "initialize", params: record.client };
  const answer = await transport.handleRequest(post({}, initialize), { parsedBody: initialize });
  const reply = lastMessage(await answer.text());
  const negotiated = (reply as { result?: { protocolVersion?: unknown } } | undefined)?.result?.protocolVersion;
  if (answer.status !== 200 || typeof negotiated !== "string" || transport.sessionId === undefined) {
    throw new Error(
      `the stored session could not be revived: its initialize was answered ${answer.status} ${JSON.stringify(reply ?? null)}`,
    );
  }
  const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
  const heard = await transport.handleRequest(
    post({ "mcp-session-id": transport.sessionId, "mcp-protocol-version": negotiated }, initialized),
    { parsedBody: initialized },
  );
  if (heard.status !== 202)
    throw new Error(`the stored session could not be revived: notifications/initialized was answered ${heard.status}`);
}

/** A POST the transport accepts, its body passed parsed. */
function post(headers: Record<string, string>, body: unknown): Request {
  return new Request("http://localhost/", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

/** The last JSON-RPC message of a JSON body or an SSE stream (its last `data:` line). */
function lastMessage(text: string): unknown {
  const data = text.split("\n").filter((line) => line.startsWith("data: "));
  try {
    return JSON.parse(data.length === 0 ? text : data[data.length - 1]!.slice("data: ".length));
  } catch {
    return undefined;
  }
}
