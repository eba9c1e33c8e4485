/**
 * What a package entry exports, read by the TypeScript checker from its
 * source: each name (types included) with its TSDoc, and whether it is a
 * function with an `@example` — the export-list tests pin these.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** One exported name as the checker sees it. */
export interface EntryExport {
  readonly name: string;
  readonly doc: string;
  readonly function: boolean;
  readonly example: boolean;
}

/** Every export of the entry at `entry` (a path from the repository root). */
export function exportsOf(entry: string): EntryExport[] {
  const file = fileURLToPath(new URL(`../../${entry}`, import.meta.url));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol;
    return {
      name: symbol.name,
      doc: ts.displayPartsToString(target.getDocumentationComment(checker)),
      function: (target.flags & ts.SymbolFlags.Function) !== 0,
      example: target.getJsDocTags(checker).some((tag) => tag.name === "example"),
    };
  });
}
