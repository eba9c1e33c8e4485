/**
 * Writing a Web-standard `Response` to Node's `ServerResponse`, streaming
 * its body chunk by chunk (SSE events go out as they come) and cancelling
 * the body when the client goes away, so the transport forgets the stream.
 */
import type { ServerResponse } from "node:http";

/**
 * Sends `response` on `res`; resolves once it is sent or the connection
 * closed.
 *
 * @example
 * ```ts
 * await writeResponse(new Response("ok"), res);
 * ```
 */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  const body = response.body;
  if (body === null) {
    res.end();
    return;
  }
  // Headers first: a client waiting on an SSE stream learns it is open before the first event.
  if (response.headers.get("content-type")?.startsWith("text/event-stream") === true) res.flushHeaders();
  const reader = body.getReader();
  let finished = false;
  const onClose = () => {
    if (!finished) void reader.cancel().catch(() => {});
  };
  res.once("close", onClose);
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (res.destroyed) break;
      if (!res.write(next.value)) await drained(res);
    }
  } catch {
    // The body failed mid-stream: all that can still be done is to end the response.
  } finally {
    finished = true;
    res.off("close", onClose);
    if (res.destroyed) void reader.cancel().catch(() => {});
    res.end();
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
