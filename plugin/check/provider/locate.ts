/**
 * Provider warnings at their source, through the offences' own locating
 * (`nodeOf`): a warning names its place as an offence does, so it points at
 * the same node an offence there would. Warnings about the tool itself
 * point at its `name` or `description` in the definition.
 */
import type { Offence } from "../../../src/index.js";
import type { ToolDeclaration } from "../declarations.js";
import { nodeOf } from "../locate.js";
import { positionOf, type Node } from "../../evaluator/ast.js";
import type { ProviderWarning } from "./lint.js";

/** A warning with its file:line:column (1-based). */
export interface LocatedWarning {
  readonly warning: ProviderWarning;
  readonly fileName: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Locates each warning of a declaration.
 *
 * @example
 * ```ts
 * locateWarnings(declaration, providerWarnings(declaration, options)); // [{ fileName, line: 12, column: 7, warning }]
 * ```
 */
export function locateWarnings(declaration: ToolDeclaration, warnings: readonly ProviderWarning[]): LocatedWarning[] {
  return warnings.map((warning) => {
    const { fileName, line, column } = positionOf(warningNode(declaration, warning));
    return { warning, fileName, line, column };
  });
}

function warningNode(declaration: ToolDeclaration, warning: ProviderWarning): Node {
  const { definition, provenance } = declaration;
  if (warning.action === null && (warning.key === "name" || warning.key === "description")) {
    const slot = typeof definition === "object" && definition !== null ? provenance.slotOf(definition, warning.key) : undefined;
    return slot?.value ?? declaration.definitionNode;
  }
  // As an offence of the same place: a key-anchored code points at the key's name (an action name, a property, a keyword).
  const { action, path, key } = warning;
  const place: Offence = {
    action,
    path,
    ...(key === undefined ? {} : { key }),
    code: "unknown_key",
    location: "",
    problem: "",
    fix: "",
    kind: "shape",
  };
  return nodeOf(declaration, place);
}
