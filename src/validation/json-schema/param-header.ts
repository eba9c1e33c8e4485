/**
 * `x-mcp-header` (2026-07-28, SEP-2243): a property schema may ask a client
 * to mirror an argument into an `Mcp-Param-<Name>` HTTP header. The
 * specification makes the whole tool definition invalid when one
 * declaration breaks its rules, and a 2026-07-28 client then drops the tool
 * from its list: the rules are checked here, at the build and at
 * registration, so a declaration is refused with its fix rather than
 * listed and silently lost. The rules, as the SDK's client applies them:
 *
 * - it sits on a property reached from the input through `properties` alone
 *   (never under `items`, `anyOf`, `$defs`, …: a header mirrors one value);
 * - its value is a non-empty RFC 9110 token (a header name);
 * - the property's `type` is `"string"`, `"integer"` or `"boolean"`;
 * - no two declarations of one action share a name, compared without case.
 */
import type { PathSegment } from "../offence.js";

/** The annotation's keyword. */
export const PARAM_HEADER = "x-mcp-header";

/** RFC 9110 §5.1 `token`: the characters of a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const MIRRORED_TYPES = new Set(["string", "integer", "boolean"]);

/**
 * What is wrong with the `x-mcp-header` of the subschema at `at` (from the
 * property schema) whose `type` is `type`, or `undefined` when it is sound.
 *
 * @example
 * ```ts
 * paramHeaderFault("Region", "string", []);             // undefined
 * paramHeaderFault("Region", "string", ["items"])?.fix; // 'move it to a property reached through "properties" alone …'
 * ```
 */
export function paramHeaderFault(value: unknown, type: unknown, at: readonly PathSegment[]): { problem: string; fix: string } | undefined {
  if (!reachedThroughProperties(at))
    return {
      problem: `"${PARAM_HEADER}" sits where no argument is mirrored (only a property reached through "properties" alone may carry it)`,
      fix: `move it to a property reached through "properties" alone, or remove it: a 2026-07-28 client drops the whole tool.`,
    };
  if (typeof value !== "string" || !TOKEN.test(value))
    return {
      problem: `"${PARAM_HEADER}" is ${value === undefined ? "undefined" : JSON.stringify(value)}, not a header name`,
      fix: 'write a header name of letters, digits and "-", such as "Region" (it becomes "Mcp-Param-Region").',
    };
  if (typeof type !== "string" || !MIRRORED_TYPES.has(type)) {
    const written = type === undefined ? "missing" : JSON.stringify(type);
    return {
      problem: `"${PARAM_HEADER}" sits on a property whose "type" is ${written} (a header mirrors a string, an integer or a boolean)`,
      fix: 'give the property "type": "string", "integer" or "boolean", or remove the annotation.',
    };
  }
  return undefined;
}

/** Whether `at` is the property schema itself or a chain of `properties` → name below it. */
function reachedThroughProperties(at: readonly PathSegment[]): boolean {
  if (at.length % 2 !== 0) return false;
  for (let index = 0; index < at.length; index += 2) if (at[index] !== "properties" || typeof at[index + 1] !== "string") return false;
  return true;
}

/** One declared header: where it sits in its property schema, and its name. */
export interface ParamHeaderDeclaration {
  readonly at: readonly PathSegment[];
  readonly name: string;
}

/**
 * The `x-mcp-header` names a sound property schema declares, through its
 * `properties` chains (the only places one may sit), in order.
 *
 * @example
 * ```ts
 * paramHeaderDeclarations({ type: "string", "x-mcp-header": "Region" }); // [{ at: [], name: "Region" }]
 * ```
 */
export function paramHeaderDeclarations(schema: object): ParamHeaderDeclaration[] {
  const found: ParamHeaderDeclaration[] = [];
  const pending: { at: readonly PathSegment[]; schema: unknown }[] = [{ at: [], schema }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.schema !== "object" || next.schema === null) continue;
    const holder = next.schema as Record<string, unknown>;
    const name = Object.hasOwn(holder, PARAM_HEADER) ? holder[PARAM_HEADER] : undefined;
    if (typeof name === "string") found.push({ at: next.at, name });
    const properties = Object.hasOwn(holder, "properties") ? holder["properties"] : undefined;
    if (typeof properties !== "object" || properties === null) continue;
    for (const key of Object.keys(properties).reverse())
      pending.push({ at: [...next.at, "properties", key], schema: (properties as Record<string, unknown>)[key] });
  }
  return found;
}
