/**
 * MCP content a handler returns as it is, instead of a value written as
 * JSON text: text, image, audio, an embedded resource, a resource link, or
 * several of them (`content`). Each helper checks its arguments at once and
 * returns a frozen block that the result answer recognises; any other value
 * a handler returns is still written as one JSON text block.
 */

/** An MCP text content block. */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImageContent {
  readonly type: "image";
  readonly data: string;
  readonly mimeType: string;
}

/** Audio, base64-encoded. */
export interface AudioContent {
  readonly type: "audio";
  readonly data: string;
  readonly mimeType: string;
}

/** A resource's contents: text or a base64 `blob`. */
export type ResourceContents =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/** A resource embedded in the result. */
export interface EmbeddedResource {
  readonly type: "resource";
  readonly resource: ResourceContents;
}

/** A link to a resource the client may read (`resources/read`). */
export interface ResourceLink {
  readonly type: "resource_link";
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** Every content block a tool result may carry. */
export type ContentBlock = TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink;

/** What `content` returns: the blocks, and the structured result a declared `outputSchema` checks. */
export interface ContentResult {
  readonly content: readonly ContentBlock[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/** Values made by the helpers: only these are sent as content, never a look-alike plain object. */
const made = new WeakSet<object>();

function mark<T extends object>(value: T): T {
  made.add(Object.freeze(value));
  return value;
}

/** A block or a `content(...)` result made by the helpers of this module. */
export function isMadeContent(value: unknown): value is ContentBlock | ContentResult {
  return typeof value === "object" && value !== null && made.has(value);
}

function needString(helper: string, field: string, value: unknown): string {
  if (typeof value !== "string") throw new TypeError(`${helper}: ${field} must be a string, not ${value === null ? "null" : typeof value}`);
  return value;
}

/**
 * A text block.
 *
 * @example
 * ```ts
 * handlers: { greet: ({ name }) => text(`Hello, ${name}`) }
 * ```
 */
export function text(value: string): TextContent {
  return mark({ type: "text", text: needString("text", "the text", value) });
}

/**
 * An image block from base64 data.
 *
 * @example
 * ```ts
 * return image(png.toString("base64"), "image/png");
 * ```
 */
export function image(data: string, mimeType: string): ImageContent {
  return mark({ type: "image", data: needString("image", "data (base64)", data), mimeType: needString("image", "mimeType", mimeType) });
}

/**
 * An audio block from base64 data.
 *
 * @example
 * ```ts
 * return audio(wav.toString("base64"), "audio/wav");
 * ```
 */
export function audio(data: string, mimeType: string): AudioContent {
  return mark({ type: "audio", data: needString("audio", "data (base64)", data), mimeType: needString("audio", "mimeType", mimeType) });
}

/**
 * An embedded resource: its `uri` with `text`, or with a base64 `blob`.
 *
 * @example
 * ```ts
 * return resource({ uri: "notes://today", mimeType: "text/plain", text: "Buy milk" });
 * ```
 */
export function resource(contents: ResourceContents): EmbeddedResource {
  // A JavaScript caller may pass anything: what it passed is checked as such.
  const given: unknown = contents;
  if (typeof given !== "object" || given === null)
    throw new TypeError("resource: pass { uri, mimeType?, text } or { uri, mimeType?, blob }");
  const uri = needString("resource", "uri", contents.uri);
  const mimeType = contents.mimeType === undefined ? {} : { mimeType: needString("resource", "mimeType", contents.mimeType) };
  const loose = given as { readonly text?: unknown; readonly blob?: unknown };
  const hasText = "text" in loose && loose.text !== undefined;
  const hasBlob = "blob" in loose && loose.blob !== undefined;
  if (hasText === hasBlob) throw new TypeError("resource: give exactly one of text and blob (base64)");
  const body = hasText
    ? { text: needString("resource", "text", (contents as { text: unknown }).text) }
    : { blob: needString("resource", "blob", (contents as { blob: unknown }).blob) };
  return mark({ type: "resource", resource: Object.freeze({ uri, ...mimeType, ...body }) });
}

/**
 * A link to a resource the client can read later.
 *
 * @example
 * ```ts
 * return resourceLink({ uri: "file:///logs/today.txt", name: "today.txt", mimeType: "text/plain" });
 * ```
 */
export function resourceLink(link: Omit<ResourceLink, "type">): ResourceLink {
  const given: unknown = link; // a JavaScript caller may pass anything
  if (typeof given !== "object" || given === null) throw new TypeError("resourceLink: pass { uri, name, title?, description?, mimeType? }");
  const block: { -readonly [K in keyof ResourceLink]: ResourceLink[K] } = {
    type: "resource_link",
    uri: needString("resourceLink", "uri", link.uri),
    name: needString("resourceLink", "name", link.name),
  };
  for (const key of ["title", "description", "mimeType"] as const) {
    if (link[key] !== undefined) block[key] = needString("resourceLink", key, link[key]);
  }
  return mark(block);
}

/**
 * Several blocks as one result, with the `structuredContent` a declared
 * `outputSchema` checks (required when the tool declares one).
 *
 * @example
 * ```ts
 * return content([text("Chart of today's sales:"), image(png, "image/png")]);
 * return content([text("3 open tasks")], { structuredContent: { open: 3 } });
 * ```
 */
export function content(
  blocks: readonly ContentBlock[],
  options: { readonly structuredContent?: Readonly<Record<string, unknown>> } = {},
): ContentResult {
  if (!Array.isArray(blocks)) throw new TypeError("content: pass an array of blocks made by text, image, audio, resource or resourceLink");
  blocks.forEach((block, index) => {
    if (!isMadeContent(block) || "content" in block)
      throw new TypeError(`content: block ${index} was not made by text, image, audio, resource or resourceLink`);
  });
  const { structuredContent } = options;
  const given: unknown = structuredContent; // a JavaScript caller may pass anything
  if (given !== undefined && (typeof given !== "object" || given === null || Array.isArray(given))) {
    throw new TypeError("content: structuredContent must be a plain object");
  }
  return mark({
    content: Object.freeze([...(blocks as readonly ContentBlock[])]),
    ...(structuredContent === undefined ? {} : { structuredContent }),
  });
}
