/**
 * Offences at their source: the node an offence's location and key name,
 * and its file:line:column in the original TypeScript source (computed from
 * the SourceFile of the file's own text, never from transformed code).
 */
import { positionOf, type Node } from "../evaluator/ast.js";
import type { Offence, OffenceCode, PathSegment } from "../../src/index.js";
import type { ToolDeclaration } from "./declarations.js";
import { offencePath, walkPath } from "./offence-path.js";

/** An offence with the node it names and that node's position (1-based line and column). */
export interface LocatedOffence {
  readonly offence: Offence;
  readonly node: Node;
  readonly fileName: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Maps each offence to a node: an unknown (or undeclared default) key to the
 * key's property name; a wrong-typed value to the value; an array entry to
 * the element; a missing mandatory key to the action's object literal;
 * anything else to the literal of the object holding it.
 *
 * @example
 * ```ts
 * for (const { fileName, line, column, offence } of locateOffences(declaration, offences)) {
 *   console.log(`${fileName}:${line}:${column}  ${offence.location}`);
 * }
 * ```
 */
export function locateOffences(declaration: ToolDeclaration, offences: readonly Offence[]): LocatedOffence[] {
  return offences.map((offence) => {
    const node = nodeOf(declaration, offence);
    const { fileName, line, column } = positionOf(node);
    return { offence, node, fileName, line, column };
  });
}

/** The node an offence is about (see `locateOffences`). */
export function nodeOf(declaration: ToolDeclaration, offence: Offence): Node {
  const { provenance, record } = declaration;
  const actionsSlot = isObject(declaration.definition) ? provenance.slotOf(declaration.definition, "actions") : undefined;
  // Walk to the holder, remembering the node of the last slot passed, for holders that are not objects.
  const walk = walkPath(record, offencePath(offence), provenance);
  let holderNode: Node = objectNode(declaration, record) ?? actionsSlot?.value ?? declaration.definitionNode;
  for (const step of walk.steps) holderNode = objectNode(declaration, step.value) ?? step.slot?.value ?? holderNode;
  const holder = walk.value;
  const slot = (key: PathSegment | undefined) => (key !== undefined && isObject(holder) ? provenance.slotOf(holder, key) : undefined);
  switch (ANCHORS[offence.code]) {
    case "key":
      return slot(offence.key)?.key ?? holderNode;
    case "holder":
      return holderNode;
    case "entry": {
      const entry = offence.index !== undefined && Array.isArray(holder) ? slot(offence.index) : slot(offence.key);
      return entry?.value ?? holderNode;
    }
  }
}

/**
 * What each code's offence points at: the offending key's name (`key`), the
 * object literal holding it (`holder`), or the offending entry's value —
 * the array element or the keyed value — falling back to the holder
 * (`entry`). A code without an entry does not compile.
 */
const ANCHORS: Readonly<Record<OffenceCode, "key" | "holder" | "entry">> = {
  unknown_key: "key",
  symbol_key: "key",
  non_enumerable_key: "key",
  invalid_action_name: "key",
  undeclared_default: "key",
  missing_key: "holder",
  actions_not_function: "entry",
  actions_threw: "entry",
  actions_not_object: "entry",
  schema_not_object: "entry",
  wrong_type: "entry",
  line_break: "entry",
  duplicate_entry: "entry",
  undeclared_name: "entry",
  empty_group: "entry",
  duplicate_group: "entry",
  superset_group: "entry",
  cycle: "entry",
  too_large: "entry",
  unreadable: "entry",
  invalid_schema: "entry",
  unsatisfiable_required: "entry",
  invalid_default: "entry",
  invalid_example: "entry",
  flat_tool: "entry",
  // Located by `surface.ts` at the definition's own parts, never through the record.
  invalid_tool_name: "entry",
  missing_handler: "entry",
  handler_without_action: "key",
};

function objectNode(declaration: ToolDeclaration, value: unknown): Node | undefined {
  return isObject(value) ? declaration.provenance.nodeOf(value) : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
