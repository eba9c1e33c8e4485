/**
 * The SDK's own refusals, with the caller's text in them cut to what an
 * answer quotes. The SDK words some refusals around what the request said —
 * a 2026-07-28 request whose body and headers disagree is answered with the
 * body's value twice (in `message` and in `data`), so a 1 MiB method name
 * made a 2 MB answer. Every JSON error response the transports make passes
 * here: a short one as it is, a long one with each string cut (`echoWords`).
 */
import { echoWords } from "../../util/echo.js";

/** A JSON error response under this many characters is never read: nothing in it is long enough to cut. */
const SHORT_BODY = 2048;

/**
 * `response`, or — for a JSON error response whose body is long — the same
 * status and headers with every string of its body cut.
 *
 * @example
 * ```ts
 * return cappedRefusal(await modern.handle(request, body));
 * ```
 */
export async function cappedRefusal(response: Response): Promise<Response> {
  if (response.status < 400 || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const length = Number(response.headers.get("content-length"));
  if (Number.isFinite(length) && length > 0 && length <= SHORT_BODY) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const init = { status: response.status, statusText: response.statusText, headers };
  if (text.length <= SHORT_BODY) return new Response(text, init);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(echoWords(text), init);
  }
  const cut = cutStrings(body);
  // The request id is the client's to match its answer by: JSON-RPC has it sent back as it came.
  if (isRecord(body) && isRecord(cut) && Object.hasOwn(body, "id"))
    Object.defineProperty(cut, "id", { value: body["id"], enumerable: true });
  return new Response(JSON.stringify(cut), init);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deeper than this, what the SDK echoed is said to be there, not copied: no refusal needs it, and no stack overflows. */
const MAX_DEPTH = 16;

/** A parsed JSON value with every string cut; the SDK's error bodies are a few levels deep. */
function cutStrings(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return echoWords(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) return "…(nested deeper)";
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, depth + 1));
  const copy: Record<string, unknown> = {};
  // Keys as JSON.parse made them, each defined (never assigned: "__proto__" stays a key).
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(copy, echoWords(key), {
      value: cutStrings(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}
