/**
 * What the meta-schema check reads of a property schema: one plain copy per
 * subschema, each with its own subschemas replaced by `true`. Checking
 * subschema by subschema keeps the validator's recursion shallow whatever
 * the nesting (a deep schema never overflows the stack), lets identical
 * small subschemas share one cached verdict, and never runs an author's
 * getter twice. On the way:
 *
 * - a schema nested more than `MAX_SCHEMA_LEVELS` subschemas deep, a cycle,
 *   a read that throws, or values (`enum`, `const`, `default`, …) adding up
 *   to more than `MAX_VALUE_SIZE` values and characters — a shared value
 *   counted at every place, as a copy, a cache key or a listing holds it —
 *   stops the check with one fault;
 * - every keyword outside the supported vocabulary (`vocabulary.ts`) is a
 *   fault of its own, beside the meta-schema's (the legacy tuple `items`
 *   included, whose entries are still checked so every offence is named),
 *   and so is an `x-mcp-header` a 2026-07-28 client would refuse;
 * - a copy made of JSON values alone gets a cache key (its JSON text).
 */
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";
import { defineOwn } from "../../util/deep-copy.js";
import { CYCLE_PROBLEM, dataFaults, describeType, reasonText } from "../../util/inspect.js";
import type { PathSegment } from "../offence.js";
import { PARAM_HEADER, paramHeaderFault } from "./param-header.js";
import { keywordFault } from "./vocabulary.js";

/** What is wrong with one keyword of a schema, ready to become an offence. */
export interface SchemaFault {
  /** From the checked schema to the object holding the keyword. */
  readonly holder: readonly PathSegment[];
  /** The keyword (or property name) at fault, when the fault sits under a key. */
  readonly key?: string;
  /** The array index at fault, when the fault is an entry of an array keyword. */
  readonly index?: number;
  readonly problem: string;
  readonly fix: string;
  /** The offence code when it is not `invalid_schema`: a schema too deep to check, a cycle, a read that throws. */
  readonly code?: "too_large" | "cycle" | "unreadable";
}

/** One subschema to check against the meta-schema, and where it sits in the property schema. */
export interface ViewedSchema {
  readonly at: readonly PathSegment[];
  readonly copy: unknown;
  /** The copy's JSON text, when it is made of JSON values alone. */
  readonly key?: string;
}

/** How many subschemas deep a property schema may nest: far beyond real schemas, well within what the validator can recurse through. */
export const MAX_SCHEMA_LEVELS = 300;

/** How deep a value inside a schema (an `enum` entry, a `default`) may nest. */
const MAX_VALUE_DEPTH = 256;

/**
 * How many values and string characters the values of one property schema
 * may hold in all, a shared value counted at every place: `w1 = [w0, w0]`
 * forty times over is a few objects, and 2^40 values to copy, key and list.
 */
export const MAX_VALUE_SIZE = 2 ** 20;

class Stop {
  constructor(readonly fault: SchemaFault) {}
}

interface Root {
  readonly at: PathSegment[];
  readonly value: unknown;
  readonly level: number;
  /** The subschemas enclosing this one, innermost first: meeting one of them again is a cycle. */
  readonly enclosing: Enclosing | null;
}

interface Enclosing {
  readonly schema: object;
  readonly outer: Enclosing | null;
}

/** How many subschemas one check may visit: far beyond real schemas, short of a hang on exponential sharing. */
const MAX_SUBSCHEMAS = 100_000;

/**
 * The subschemas to check, or the one fault that stops the check.
 *
 * @example
 * ```ts
 * metaView({ type: "array", items: { type: "string" } });
 * // { schemas: [{ at: [], copy: { type: "array", items: true }, key: … }, { at: ["items"], copy: { type: "string" }, key: … }] }
 * ```
 */
export function metaView(
  schema: unknown,
  options: { readonly vocabulary?: boolean } = {},
):
  { readonly schemas: ViewedSchema[]; readonly references: boolean; readonly vocabulary: SchemaFault[] } | { readonly fault: SchemaFault } {
  const schemas: ViewedSchema[] = [];
  const vocabulary: SchemaFault[] = [];
  let references = false;
  const roots: Root[] = [{ at: [], value: schema, level: 0, enclosing: null }];
  const size = { left: MAX_VALUE_SIZE };
  try {
    for (let root = roots.pop(); root !== undefined; root = roots.pop()) {
      if (schemas.length >= MAX_SUBSCHEMAS) {
        throw new Stop({
          holder: [],
          code: "too_large",
          problem: `the schema holds more than ${MAX_SUBSCHEMAS} subschemas (a shared one counts at every place)`,
          fix: "split the schema, or share definitions through $defs and $ref.",
        });
      }
      if (root.level > MAX_SCHEMA_LEVELS) {
        throw new Stop({
          holder: root.at,
          code: "too_large",
          problem: `the schema nests more than ${MAX_SCHEMA_LEVELS} subschemas deep`,
          fix: "flatten the schema, or reuse a definition through $defs and $ref.",
        });
      }
      const copier = new Copier(root, roots, options.vocabulary === true ? vocabulary : undefined, size);
      const copy = copier.copySchema(root.value);
      schemas.push(copier.pure ? { at: root.at, copy, key: JSON.stringify(copy) } : { at: root.at, copy });
      references ||= copier.references;
    }
  } catch (error) {
    if (error instanceof Stop) return { fault: error.fault };
    return {
      fault: {
        holder: [],
        code: "unreadable",
        problem: `it cannot be read (${reasonText(error)})`,
        fix: "write the schema as plain data.",
      },
    };
  }
  return { schemas, references, vocabulary };
}

/** Keywords that name or reach another schema: where they appear, compiling can fail or a reference dangle. */
const REFERENCES = new Set(["$ref", "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"]);

class Copier {
  pure = true;
  references = false;

  private enclosing: Enclosing | null;

  constructor(
    private readonly root: Root,
    private readonly roots: Root[],
    private readonly vocabulary: SchemaFault[] | undefined,
    /** What is left of the check's `MAX_VALUE_SIZE`, shared by every subschema's copy. */
    private readonly size: { left: number },
  ) {
    this.enclosing = root.enclosing;
  }

  /** The root subschema, its own subschemas queued as roots and replaced by `true`. */
  copySchema(schema: unknown): unknown {
    if (!isPlain(schema)) return this.copyValue(schema, () => this.root.at, 0);
    if (encloses(this.root.enclosing, schema)) {
      const last = this.root.at.at(-1);
      throw new Stop({
        holder: this.root.at.slice(0, -1),
        ...(typeof last === "number" ? { index: last } : last === undefined ? {} : { key: last }),
        code: "cycle",
        problem: "it refers back to an enclosing schema (a cycle)",
        fix: "make the schema a tree; for a recursive shape use $defs and $ref.",
      });
    }
    this.enclosing = { schema, outer: this.root.enclosing };
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(schema)) {
      this.references ||= REFERENCES.has(key);
      const value = this.read(schema, key, this.root.at);
      if (this.vocabulary !== undefined) {
        const refused = keywordFault(key, value, this.root.at.length === 0);
        if (refused !== undefined) this.vocabulary.push({ holder: this.root.at, key, ...refused });
      }
      // Paths are built only where a subschema is queued or a fault is reported: most values are strings and numbers.
      const at = () => [...this.root.at, key];
      let copied: unknown;
      const kind = subschemaKind(key, value);
      if (kind === "one") copied = this.queue(at(), value);
      else if (kind === "list") copied = (value as unknown[]).map((entry: unknown, index) => this.queue([...at(), index], entry));
      else if (kind === "map")
        copied = Object.fromEntries(
          Object.keys(value as object).map((name) => [name, this.queue([...at(), name], this.read(value as object, name, at()))]),
        );
      else copied = this.copyValue(value, at, 0);
      // A tuple `items` is checked entry by entry; in the copy it stays meta-valid.
      if (key === "items" && Array.isArray(value)) copied = true;
      defineOwn(copy, key, copied);
    }
    if (this.vocabulary !== undefined && Object.hasOwn(copy, PARAM_HEADER)) {
      const refused = paramHeaderFault(copy[PARAM_HEADER], copy["type"], this.root.at);
      if (refused !== undefined) this.vocabulary.push({ holder: this.root.at, key: PARAM_HEADER, ...refused });
    }
    return copy;
  }

  private queue(at: PathSegment[], value: unknown): true {
    this.roots.push({ at, value, level: this.root.level + 1, enclosing: this.enclosing });
    return true;
  }

  /** A value that is not a subschema (a keyword's value, an enum entry): copied plainly, bounded in depth. */
  private copyValue(value: unknown, at: () => readonly PathSegment[], depth: number): unknown {
    this.size.left -= typeof value === "string" ? 1 + value.length : 1;
    if (this.size.left < 0) {
      // Named at the subschema: the place deep inside a shared value where the count ran out says nothing.
      throw new Stop({
        holder: this.root.at,
        code: "too_large",
        problem: `its values add up to more than ${MAX_VALUE_SIZE} values and characters (a shared value counts at every place)`,
        fix: "write smaller const, enum, default or examples values, or stop nesting one shared value inside another.",
      });
    }
    if (typeof value !== "object" || value === null) {
      if (
        typeof value === "number" ? !Number.isFinite(value) : !(typeof value === "string" || typeof value === "boolean" || value === null)
      )
        this.pure = false;
      return value;
    }
    if (depth > MAX_VALUE_DEPTH) {
      // A value inside itself reaches the bound too: named as the cycle it is, at the keyword holding it (the object at
      // this depth lies on the cycle, so a scan from it meets it again). Only here, off the common path.
      const keyword = at()[this.root.at.length];
      if (typeof keyword === "string" && dataFaults(value, { reading: "data" }).some((fault) => fault.problem.endsWith(CYCLE_PROBLEM)))
        throw new Stop({
          holder: this.root.at,
          key: keyword,
          code: "cycle",
          problem: `${JSON.stringify(keyword)} holds a value that contains itself (a cycle)`,
          fix: "write the value as a tree: copy a shared part instead of referring back to an enclosing object.",
        });
      throw new Stop({
        holder: at(),
        code: "too_large",
        problem: `a value nests more than ${MAX_VALUE_DEPTH} objects and arrays deep`,
        fix: "flatten the value.",
      });
    }
    if (Array.isArray(value)) return value.map((entry: unknown, index) => this.copyValue(entry, () => [...at(), index], depth + 1));
    if (!isPlain(value)) {
      this.pure = false;
      return value;
    }
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      defineOwn(
        copy,
        key,
        this.copyValue(this.read(value, key, at()), () => [...at(), key], depth + 1),
      );
    return copy;
  }

  private read(object: object, key: string, at: readonly PathSegment[]): unknown {
    try {
      return (object as Record<string, unknown>)[key];
    } catch (error) {
      throw new Stop({
        holder: at,
        key,
        code: "unreadable",
        problem: `reading ${JSON.stringify(key)} threw (${reasonText(error)})`,
        fix: `write ${describeType(object)} of plain data.`,
      });
    }
  }
}

/** Where a keyword's value holds subschemas: itself (`one`), its entries (`list`), its values (`map`), or none (`value`). */
type SubschemaKind = "one" | "list" | "map" | "value";

/**
 * How the meta-schema check reads a keyword's value: the subschemas it
 * holds are checked on their own, each standing as `true` in its holder's
 * copy; anything else is a plain value of the holder.
 *
 * @example
 * ```ts
 * subschemaKind("items", { type: "string" }); // "one"
 * subschemaKind("anyOf", [{}, {}]);           // "list"
 * subschemaKind("minimum", 1);                 // "value"
 * ```
 */
function subschemaKind(key: string, value: unknown): SubschemaKind {
  if (schemaKeyword[key] === true && !(key === "items" && Array.isArray(value))) return "one";
  if ((schemaArrayKeyword[key] === true || key === "items") && Array.isArray(value)) return "list";
  if (schemaMapKeyword[key] === true && isPlain(value)) return "map";
  return "value";
}

function encloses(enclosing: Enclosing | null, schema: object): boolean {
  for (let at = enclosing; at !== null; at = at.outer) if (at.schema === schema) return true;
  return false;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
