/**
 * A bundler's aliases of wymcp, read from its configuration — Vite's
 * `resolve.alias`, esbuild's `alias`, webpack's and Rspack's
 * `resolve.alias` — and told to the text prefilter: a module that imports
 * `w` where `w` is wymcp need not name wymcp or `defineTool` in its text
 * (`w["define" + "Tool"](…)`), yet declares a tool. The check itself then
 * follows the alias through the bundler's own resolver.
 */
import path from "node:path";
import { addWymcpAliases } from "../check/wymcp-aliases.js";
import { isInstalledWymcpFile, isWymcpSpecifier, PACKAGE_NAME, wymcpVersion } from "../package.js";

/** An alias as a bundler's configuration holds it: what it replaces, and with what. */
interface AliasEntry {
  readonly find: string | RegExp;
  readonly replacement: unknown;
}

/**
 * Reads the aliases of a bundler's configuration — an object (`{ w: "wymcp" }`,
 * webpack's `{ w$: … }`) or a list (`[{ find, replacement }]`, webpack's
 * `[{ name, alias }]`) — and tells the prefilter those that lead to wymcp.
 * Whether any did.
 *
 * @example
 * ```ts
 * noteWymcpAliases(build.initialOptions.alias); // esbuild
 * noteWymcpAliases(config.resolve.alias); // Vite
 * ```
 */
export function noteWymcpAliases(alias: unknown): boolean {
  const leading = entriesOf(alias).filter(({ replacement }) => leadsToWymcp(replacement));
  const finds = leading
    // `wymcp` itself aliased (to a local build): modules importing it name it in their text already.
    .filter(({ find }) => (typeof find === "string" ? find : find.source).replace(/^\^|\$$/g, "") !== PACKAGE_NAME)
    .map(({ find }) => (typeof find === "string" && find.endsWith("$") ? new RegExp(`^${escape(find.slice(0, -1))}$`) : find));
  const targets = leading
    .flatMap(({ replacement }) => [replacement].flat())
    .filter((target): target is string => typeof target === "string");
  addWymcpAliases(
    finds,
    targets.filter((target) => path.isAbsolute(target)),
  );
  return finds.length > 0;
}

function entriesOf(alias: unknown): AliasEntry[] {
  if (Array.isArray(alias)) {
    return alias.flatMap((entry: unknown) => {
      const { find, replacement, name, alias: target } = (entry ?? {}) as Record<string, unknown>;
      if (typeof find === "string" || find instanceof RegExp) return [{ find, replacement }];
      return typeof name === "string" ? [{ find: name, replacement: target }] : [];
    });
  }
  if (typeof alias !== "object" || alias === null) return [];
  return Object.entries(alias as Record<string, unknown>).map(([find, replacement]) => ({ find, replacement }));
}

/** Whether an alias target is wymcp: the package's name, a subpath of it, or a file of wymcp (installed, or its own sources). */
function leadsToWymcp(target: unknown): boolean {
  if (Array.isArray(target)) return target.some(leadsToWymcp);
  if (typeof target !== "string") return false;
  if (isWymcpSpecifier(target) || isInstalledWymcpFile(target)) return true;
  return path.isAbsolute(target) && wymcpVersion(path.dirname(target)) !== undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
