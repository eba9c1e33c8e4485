/**
 * Web-standard responses the HTTP core makes itself: refusals, and a
 * transport's response watched to its end (a session is busy, and a
 * stateless server alive, until its response has been sent or dropped).
 */
import { refusal, refusalBody, type Refusal } from "./refusal.js";

/** A refusal as a `Response`: its status, headers and JSON-RPC error body. */
export function refusalResponse(refused: Refusal): Response {
  return new Response(refusalBody(refused), {
    status: refused.status,
    headers: { "content-type": "application/json", ...refused.headers },
  });
}

/** A JSON-RPC error response with no id, as the SDK transport writes them. */
export function rpcErrorResponse(status: number, code: number, message: string, headers?: Readonly<Record<string, string>>): Response {
  return refusalResponse(refusal(status, code, message, headers));
}

/**
 * The same response, calling `done` once when its body has been read to
 * the end, failed, or been cancelled (the client went away) — at once for a
 * response without a body.
 */
export function whenBodyEnds(response: Response, done: () => void): Response {
  const source = response.body;
  if (source === null) {
    done();
    return response;
  }
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    done();
  };
  const reader = (source as ReadableStream<Uint8Array>).getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          end();
        } else {
          controller.enqueue(next.value);
        }
      } catch (error) {
        controller.error(error);
        end();
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
