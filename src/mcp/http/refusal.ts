/**
 * A request the HTTP layer answers itself, before or instead of the MCP
 * transport: the status and the JSON-RPC error to send. A plain value, so
 * the Node handler and any other host write it alike.
 */

/** A request refused before the transport: the HTTP status, the JSON-RPC error, and any headers to add. */
export interface Refusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A `Refusal`, without a `headers` key when there are none. */
export function refusal(status: number, code: number, message: string, headers?: Readonly<Record<string, string>>): Refusal {
  return { status, code, message, ...(headers === undefined ? {} : { headers }) };
}

/** The body of a refusal: a JSON-RPC error with no id, as the SDK transport writes them. */
export function refusalBody(refused: Refusal): string {
  return JSON.stringify({ jsonrpc: "2.0", error: { code: refused.code, message: refused.message }, id: null });
}
