/**
 * What an expression stands for with respect to wymcp: its `defineTool`, the
 * package itself (a namespace: `import * as w`, `require("wymcp")`,
 * `await import("wymcp")`), or a local module that re-exports them. Aliases
 * (`const dt = defineTool`), destructuring (`const { defineTool } = w`),
 * local re-exports (`export { defineTool } from "wymcp"` in a module of the
 * project), `(0, defineTool)`, escaped specifiers, computed keys that
 * evaluate (`w["define" + "Tool"]`) and aliases of the package (a specifier
 * that resolves into an installed wymcp, or to the file `wymcp` itself
 * resolves to: a package.json `imports` entry, a tsconfig path, a bundler
 * alias) are followed; a name of another package or module is not wymcp's.
 */
import type { CallExpression, MemberExpression } from "oxc-parser";
import type { Node } from "../evaluator/ast.js";
import { exportBinding, exportsDeclaredFunction } from "../evaluator/exports.js";
import type { References } from "../evaluator/references.js";
import { resolveIdentifier, type Binding } from "../evaluator/scope.js";
import { unwrap } from "../evaluator/wrappers.js";
import { isInstalledWymcpFile, isInWymcpPackage, PACKAGE_NAME } from "../package.js";
import { isAliasedWymcpFile } from "./wymcp-aliases.js";

/** What an expression stands for: wymcp's `defineTool`, the wymcp package, a local module (by file), or nothing of wymcp's. */
export type Meaning = "defineTool" | "package" | { readonly module: string } | undefined;

/** The most links (aliases, re-exports) followed from one expression. */
const MAX_LINKS = 32;

/**
 * Follows expressions to wymcp's exports, reading local modules through an
 * evaluation session's references (so their reads are recorded).
 *
 * @example
 * ```ts
 * new WymcpReferences(evaluator.references).meaning(call.callee); // "defineTool"
 * ```
 */
export class WymcpReferences {
  constructor(private readonly references: References) {}

  /** What an expression stands for. */
  meaning(node: Node, links = 0): Meaning {
    if (links > MAX_LINKS) return undefined;
    const expression = unwrap(node);
    switch (expression.type) {
      case "SequenceExpression": {
        const last = expression.expressions.at(-1);
        return last === undefined ? undefined : this.meaning(last, links + 1);
      }
      case "Identifier":
        return this.bindingMeaning(resolveIdentifier(expression), links + 1);
      case "MemberExpression": {
        const holder = this.meaning(expression.object, links + 1);
        if (holder === undefined) return undefined;
        const key = this.memberKey(expression);
        return key === undefined ? undefined : this.memberMeaning(holder, key, links + 1);
      }
      case "AwaitExpression":
        return dynamicImportOf(expression.argument) === PACKAGE_NAME ? "package" : undefined;
      case "CallExpression":
        return requireOf(expression) === PACKAGE_NAME ? "package" : undefined;
      default:
        return undefined;
    }
  }

  /** The key a member reads: as written, or what a computed key evaluates to; `undefined` when it cannot be known. */
  memberKey(member: MemberExpression): string | undefined {
    return staticKey(member) ?? (member.computed ? this.references.keyOf(member.property) : undefined);
  }

  /**
   * Whether a module specifier names wymcp: `"wymcp"` itself, or a
   * specifier the host resolves into an installed wymcp, or to the very
   * file `"wymcp"` resolves to from the same module, or to a file a
   * bundler's alias maps to wymcp (a local build of wymcp, aliased). A
   * relative specifier names a module of the project.
   */
  isWymcp(specifier: string, importer: string): boolean {
    if (specifier === PACKAGE_NAME) return true;
    if (/^\.\.?(\/|$)/.test(specifier)) return false;
    const file = this.references.resolveAny(specifier, importer);
    if (file === undefined) return false;
    if (file.split(/[\\/]/).includes("node_modules")) return isInstalledWymcpFile(file);
    // Asked of the bundler only for a file of wymcp's own package: most local specifiers are the project's path aliases.
    return isAliasedWymcpFile(file) || (isInWymcpPackage(file) && file === this.references.resolveAny(PACKAGE_NAME, importer));
  }

  /** The file a specifier resolves to (a local module, or a package's file), if any. */
  resolved(specifier: string, importer: string): string | undefined {
    return this.references.resolveAny(specifier, importer);
  }

  /** Whether the check reads a module: one in the checked file's project (`EvaluatorOptions.project`). */
  isReadable(fileName: string): boolean {
    return this.references.isReadable(fileName);
  }

  private memberMeaning(holder: Meaning, key: string, links: number): Meaning {
    if (holder === "package") return key === "defineTool" ? "defineTool" : undefined;
    if (typeof holder === "object") return this.exportMeaning(holder.module, key, links);
    return undefined;
  }

  private bindingMeaning(binding: Binding, links: number): Meaning {
    switch (binding.kind) {
      case "import": {
        if (this.isWymcp(binding.specifier, binding.sourceFile.fileName))
          return binding.name === "*" ? "package" : binding.name === "defineTool" ? "defineTool" : undefined;
        const file = this.references.resolve(binding.specifier, binding.sourceFile.fileName);
        if (file === undefined) return undefined;
        return binding.name === "*" ? { module: file } : this.exportMeaning(file, binding.name, links);
      }
      case "const": {
        let meaning = this.meaning(binding.init, links);
        for (const step of binding.access) meaning = this.memberMeaning(meaning, String(step), links);
        return meaning;
      }
      case "expression":
        return this.meaning(binding.expression, links);
      case "global":
      case "other":
        return undefined;
    }
  }

  /** What the module `file` exports as `name` (`"default"` for its default export). */
  exported(file: string, name: string): Meaning {
    return this.exportMeaning(file, name, 0);
  }

  /**
   * What a local module exports as `name`, following re-exports and `export *`.
   * Each module is asked once per name and question (`asked`): modules that
   * `export *` each other would otherwise be walked along every path.
   */
  private exportMeaning(file: string, name: string, links: number, asked = new Set<string>()): Meaning {
    // A module the bundler's graph shows never reaching wymcp is not read: most callees of a handler are the project's own functions.
    if (links > MAX_LINKS || this.references.isWymcpFree(file)) return undefined;
    const key = `${file}\0${name}`;
    if (asked.has(key)) return undefined;
    asked.add(key);
    const sourceFile = this.references.sourceFile(file);
    if (typeof sourceFile === "string" || exportsDeclaredFunction(sourceFile, name)) return undefined;
    const lookup = exportBinding(sourceFile, name);
    if (lookup.binding !== undefined) return this.bindingMeaning(lookup.binding, links + 1);
    for (const specifier of lookup.starSpecifiers) {
      if (this.isWymcp(specifier, file)) {
        if (name === "defineTool") return "defineTool";
        continue;
      }
      const target = this.references.resolve(specifier, file);
      const meaning = target === undefined ? undefined : this.exportMeaning(target, name, links + 1, asked);
      if (meaning !== undefined) return meaning;
    }
    return undefined;
  }
}

/** The key of `a.b` or `a["b"]`; `undefined` for a computed key that is not a string literal. */
export function staticKey(member: MemberExpression): string | undefined {
  if (!member.computed) return member.property.type === "Identifier" ? member.property.name : undefined;
  const property = unwrap(member.property);
  if (property.type === "Literal" && typeof property.value === "string") return property.value;
  if (property.type === "TemplateLiteral" && property.expressions.length === 0) return property.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}

/** The specifier of `import("x")` (a string literal), if `node` is one. */
export function dynamicImportOf(node: Node | null | undefined): string | undefined {
  if (node === null || node === undefined) return undefined;
  const expression = unwrap(node);
  return expression.type === "ImportExpression" && expression.source.type === "Literal" && typeof expression.source.value === "string"
    ? expression.source.value
    : undefined;
}

/** The specifier of `require("x")` (the global `require`), if `call` is one. */
export function requireOf(call: CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== "Identifier" || callee.name !== "require" || resolveIdentifier(callee).kind !== "global") return undefined;
  const [argument] = call.arguments;
  return argument?.type === "Literal" && typeof argument.value === "string" && call.arguments.length === 1 ? argument.value : undefined;
}
