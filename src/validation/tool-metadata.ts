/**
 * What a tool shows clients' interfaces — its `annotations` and `icons` —
 * checked as MCP defines them at registration, so a misspelt hint is named
 * instead of read as absent (a client takes a tool without `readOnlyHint`
 * as one that may write), and an icon a client must not load (a
 * `javascript:` or `file:` source) is never listed.
 */
import { describeType, isArray, isPlainObject, ownKeys, read, isUnreadable } from "../util/inspect.js";
import { didYouMean } from "../util/suggest.js";
import { echo } from "../util/echo.js";

/** One fault of a tool's metadata: a problem naming its place, and its fix. */
export interface MetadataFault {
  readonly problem: string;
  readonly fix: string;
}

/** The MCP tool annotations and the type each takes. */
const ANNOTATIONS: Readonly<Record<string, "string" | "boolean">> = {
  title: "string",
  readOnlyHint: "boolean",
  destructiveHint: "boolean",
  idempotentHint: "boolean",
  openWorldHint: "boolean",
};

/** What an MCP icon may carry. */
const ICON_KEYS = ["src", "mimeType", "sizes", "theme"];

/** Icon sources a client may load: a web address, or the image itself as a data URI. */
const ICON_SOURCE = /^(?:https?:\/\/[^\s]+|data:image\/[a-z0-9.+-]+(?:;[^,\s]*)?,[^\s]*)$/i;
const ICON_SIZE = /^(?:\d+x\d+|any)$/;

/**
 * The faults of a tool's `annotations` (a plain object): a key MCP does not
 * define, or a hint of the wrong type.
 *
 * @example
 * ```ts
 * annotationFaults({ readonlyHint: true });
 * // [{ problem: 'annotations has "readonlyHint", which MCP does not define (did you mean "readOnlyHint"?)', fix: … }]
 * ```
 */
export function annotationFaults(annotations: object): MetadataFault[] {
  const keys = ownKeys(annotations);
  if (isUnreadable(keys))
    return [{ problem: "annotations cannot be read", fix: "write annotations as a plain object of data properties." }];
  const known = Object.keys(ANNOTATIONS);
  const faults: MetadataFault[] = [];
  for (const key of keys.strings) {
    const expected = Object.hasOwn(ANNOTATIONS, key) ? ANNOTATIONS[key] : undefined;
    const value = read(annotations, key);
    if (expected === undefined) {
      faults.push({
        problem: `annotations has ${JSON.stringify(echo(key))}, which MCP does not define${didYouMean(key, known)}`,
        fix: `write only ${known.join(", ")}.`,
      });
    } else if (typeof value !== expected) {
      faults.push({
        problem: `annotations.${key} is ${describeType(value)}`,
        fix: expected === "boolean" ? "write true or false, or leave it out." : "write a string, or leave it out.",
      });
    }
  }
  return faults;
}

/**
 * The faults of a tool's `icons`: an array of `{ src, mimeType?, sizes?,
 * theme? }`, each `src` an `https:`/`http:` address or a `data:image/…` URI.
 *
 * @example
 * ```ts
 * iconFaults([{ src: "javascript:alert(1)" }]);
 * // [{ problem: 'icons[0].src "javascript:alert(1)" is not an http(s) address or a data:image URI', fix: … }]
 * ```
 */
export function iconFaults(icons: unknown): MetadataFault[] {
  if (!isArray(icons))
    return [{ problem: `icons is ${describeType(icons)}`, fix: "write an array of { src, mimeType?, sizes?, theme? }, or leave it out." }];
  const faults: MetadataFault[] = [];
  icons.forEach((icon: unknown, index: number) => faults.push(...oneIconFaults(icon, `icons[${index}]`)));
  return faults;
}

function oneIconFaults(icon: unknown, place: string): MetadataFault[] {
  if (!isPlainObject(icon))
    return [{ problem: `${place} is ${describeType(icon)}`, fix: 'write { src: "https://…/icon.png", mimeType?, sizes?, theme? }.' }];
  const faults: MetadataFault[] = [];
  const keys = ownKeys(icon);
  for (const key of isUnreadable(keys) ? [] : keys.strings) {
    if (!ICON_KEYS.includes(key))
      faults.push({
        problem: `${place} has ${JSON.stringify(echo(key))}, which an MCP icon does not define${didYouMean(key, ICON_KEYS)}`,
        fix: `write only ${ICON_KEYS.join(", ")}.`,
      });
  }
  const src = read(icon, "src");
  if (typeof src !== "string" || !ICON_SOURCE.test(src))
    faults.push({
      problem:
        typeof src === "string"
          ? `${place}.src ${JSON.stringify(echo(src, 64))} is not an http(s) address or a data:image URI`
          : `${place}.src is ${describeType(src)}`,
      fix: 'write the address of the image ("https://example.com/icon.png") or a data:image URI; clients load no other source.',
    });
  const mimeType = read(icon, "mimeType");
  if (mimeType !== undefined && (typeof mimeType !== "string" || !/^image\/[a-z0-9.+-]+$/i.test(mimeType)))
    faults.push({ problem: `${place}.mimeType is ${quoted(mimeType)}`, fix: 'write an image type such as "image/png", or leave it out.' });
  const sizes = read(icon, "sizes");
  if (sizes !== undefined && (!isArray(sizes) || !sizes.every((size) => typeof size === "string" && ICON_SIZE.test(size))))
    faults.push({
      problem: `${place}.sizes is ${quoted(sizes)}`,
      fix: 'write an array of sizes such as ["48x48", "96x96"] or ["any"], or leave it out.',
    });
  const theme = read(icon, "theme");
  if (theme !== undefined && theme !== "light" && theme !== "dark")
    faults.push({
      problem: `${place}.theme is ${quoted(theme)}`,
      fix: 'write "light" or "dark" (the background it is drawn for), or leave it out.',
    });
  return faults;
}

function quoted(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(echo(value, 64));
  if (isArray(value)) return "an array holding something other than a size";
  return describeType(value);
}
