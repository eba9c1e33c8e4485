/**
 * `defineTool` imported from a specifier that resolves to nothing here — a
 * bundler's alias seen by `wymcp check`, which reads no bundler
 * configuration, or a package.json `imports` entry to a wymcp that is not
 * installed — or to a module outside the project, which the check does not
 * read: if it is wymcp's, the declarations made with it are not checked, so
 * the file says so. A specifier naming an installed package, or a module
 * of the project, is followed (another module's `defineTool` says nothing).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { SourceFile } from "../evaluator/ast.js";
import { moduleExportName } from "../evaluator/scope.js";
import type { UnfollowedUse } from "./unfollowed.js";
import type { WymcpReferences } from "./wymcp-references.js";

/**
 * Every import of a `defineTool` (by its name or under it) whose specifier
 * the check cannot resolve, nor find installed as a package, or resolves
 * outside the project.
 *
 * @example
 * ```ts
 * unresolvedImports(sourceFile, wymcp); // [{ node, message: 'defineTool is imported from "w", which does not resolve here: …' }]
 * ```
 */
export function unresolvedImports(sourceFile: SourceFile, wymcp: WymcpReferences): UnfollowedUse[] {
  const found: UnfollowedUse[] = [];
  for (const statement of sourceFile.program.body) {
    if (statement.type !== "ImportDeclaration" || statement.importKind === "type") continue;
    const specifier = statement.source.value;
    const importsDefineTool = statement.specifiers.some(
      (entry) =>
        entry.type === "ImportSpecifier" &&
        entry.importKind !== "type" &&
        (moduleExportName(entry.imported) === "defineTool" || entry.local.name === "defineTool"),
    );
    if (!importsDefineTool || wymcp.isWymcp(specifier, sourceFile.fileName)) continue;
    const file = wymcp.resolved(specifier, sourceFile.fileName);
    if (file !== undefined && !file.split(/[\\/]/).includes("node_modules") && !wymcp.isReadable(file)) {
      found.push({
        node: statement,
        message:
          `defineTool is imported from "${specifier}", a module outside the project, which the check does not read: ` +
          "declarations made with it are not checked at build time; move the module into the project",
      });
    } else if (file === undefined && !/^\.\.?(\/|$)/.test(specifier) && !isInstalled(specifier, sourceFile.fileName)) {
      found.push({
        node: statement,
        message:
          `defineTool is imported from "${specifier}", which does not resolve here: if it names wymcp (a bundler alias), ` +
          "declarations made with it are not checked at build time; " +
          "add it to tsconfig paths or package.json imports, or check with the bundler's plugin",
      });
    }
  }
  return found;
}

/** Whether a bare specifier's package folder exists in a `node_modules` above the importer. */
function isInstalled(specifier: string, importer: string): boolean {
  if (specifier.startsWith("#")) return false;
  const name = specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
  for (let folder = path.dirname(importer); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "node_modules", name))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}
