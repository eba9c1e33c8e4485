/**
 * Offences at their source: the node an offence's location and key name,
 * and its file:line:column in the original TypeScript source (computed from
 * the SourceFile of the file's own text, never from transformed code).
 */
import type ts from "typescript";
import type { Offence, PathSegment } from "../src/index.js";
import type { ToolDeclaration } from "./evaluator/declarations.js";

/** An offence with the node it names and that node's position (1-based line and column). */
export interface LocatedOffence {
  readonly offence: Offence;
  readonly node: ts.Node;
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
    const sourceFile = node.getSourceFile();
    const position = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return { offence, node, fileName: sourceFile.fileName, line: position.line + 1, column: position.character + 1 };
  });
}

/** The node an offence is about (see `locateOffences`). */
export function nodeOf(declaration: ToolDeclaration, offence: Offence): ts.Node {
  const { provenance, record } = declaration;
  const actionsSlot = isObject(declaration.definition) ? provenance.slotOf(declaration.definition, "actions") : undefined;
  // Walk to the holder, remembering the node of the last slot passed, for holders that are not objects.
  let holder: unknown = record;
  let holderNode: ts.Node = objectNode(declaration, record) ?? actionsSlot?.value ?? declaration.definitionNode;
  const steps: readonly PathSegment[] = offence.action === null ? [] : [offence.action, ...offence.path];
  for (const step of steps) {
    const slot = isObject(holder) ? provenance.slotOf(holder, step) : undefined;
    holder = isObject(holder) && Object.hasOwn(holder, step) ? (holder as Record<PathSegment, unknown>)[step] : undefined;
    holderNode = objectNode(declaration, holder) ?? slot?.value ?? holderNode;
  }
  const slot = (key: PathSegment | undefined) => (key !== undefined && isObject(holder) ? provenance.slotOf(holder, key) : undefined);
  switch (offence.code) {
    case "unknown_key":
    case "symbol_key":
    case "invalid_action_name":
    case "undeclared_default":
      return slot(offence.key)?.key ?? holderNode;
    case "missing_key":
      return holderNode;
    default: {
      const entry = offence.index !== undefined && Array.isArray(holder) ? slot(offence.index) : slot(offence.key);
      return entry?.value ?? holderNode;
    }
  }
}

function objectNode(declaration: ToolDeclaration, value: unknown): ts.Node | undefined {
  return isObject(value) ? declaration.provenance.nodeOf(value) : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
