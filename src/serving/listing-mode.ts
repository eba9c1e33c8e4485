/**
 * Listing modes: what a tool's `inputSchema` in `tools/list` carries.
 *
 * - `compact` (the default): the action names and an open `data`; each
 *   action's schema is one `help` call away. Smallest.
 * - `complete`: `data` is an `anyOf` of every action's data schema, closed
 *   as the gate closes it (`additionalProperties: false`), optional keys
 *   left out of `required`, value keywords as written. Plain JSON Schema.
 * - `strict`: `complete` reshaped for OpenAI `strict: true` and Anthropic
 *   strict tool use — every object closed, every key required, optional
 *   keys nullable (the gate reads their `null` as absent), keywords those
 *   providers do not enforce moved into the description.
 * - `gemini`: `complete` in the OpenAPI subset Gemini function declarations
 *   read — no `additionalProperties`, no type arrays (`nullable` instead),
 *   every object with at least one property.
 */

/** A listing mode; see the module comment. */
export type ListingMode = "compact" | "complete" | "strict" | "gemini";

/** Every listing mode, the default first. */
export const LISTING_MODES: readonly ListingMode[] = Object.freeze(["compact", "complete", "strict", "gemini"]);

/** Whether a value names a listing mode. */
export function isListingMode(value: unknown): value is ListingMode {
  return typeof value === "string" && (LISTING_MODES as readonly string[]).includes(value);
}

/** Whether the gate of a tool listed in this mode reads `null` for an optional key as absent (the listing told the model to send it). */
export function readsNullAsAbsent(mode: ListingMode): boolean {
  return mode === "strict" || mode === "gemini";
}
