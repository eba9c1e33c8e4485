/**
 * The package.json `imports` entries that name wymcp (`"#w": "wymcp"`): a
 * module importing `#w` reaches wymcp without its text naming it, so the
 * text prefilter (`prefilter.ts`) asks for these names too. Read from the
 * nearest package.json above a module, again whenever it changes.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isWymcpSpecifier } from "../package.js";

interface Manifest {
  readonly file: string | undefined;
  readonly stamp: number;
  readonly names: readonly string[];
}

const manifests = new Map<string, Manifest>();

/**
 * The `imports` names of the package.json nearest to `fileName` whose
 * target is wymcp (`"wymcp"`, `"wymcp/…"`, or a path into an installed
 * wymcp), under any condition.
 *
 * @example
 * ```ts
 * wymcpImportNames("/project/src/tools.ts"); // ["#w"] for { "imports": { "#w": "wymcp" } }
 * ```
 */
export function wymcpImportNames(fileName: string): readonly string[] {
  const folder = path.dirname(fileName);
  const file = nearestManifest(folder);
  const stamp = file === undefined ? 0 : (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  const kept = manifests.get(folder);
  if (kept !== undefined && kept.file === file && kept.stamp === stamp) return kept.names;
  const names = file === undefined ? [] : namesIn(file);
  manifests.set(folder, { file, stamp, names });
  return names;
}

function nearestManifest(folder: string): string | undefined {
  for (let current = folder; ; current = path.dirname(current)) {
    const candidate = path.join(current, "package.json");
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile() === true) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

function namesIn(file: string): string[] {
  let imports: unknown;
  try {
    imports = (JSON.parse(readFileSync(file, "utf8")) as { imports?: unknown }).imports;
  } catch {
    return [];
  }
  if (typeof imports !== "object" || imports === null) return [];
  return Object.entries(imports).flatMap(([name, target]) => (namesWymcp(target) ? [name.replace(/\*.*$/, "")] : []));
}

/** Whether an `imports` target (a string, or conditions and fallbacks holding strings) names wymcp. */
function namesWymcp(target: unknown): boolean {
  if (typeof target === "string") return isWymcpSpecifier(target) || /(?:^|\/)node_modules\/wymcp\//.test(target);
  if (typeof target !== "object" || target === null) return false;
  return Object.values(target).some(namesWymcp);
}
