/**
 * What bundlers told the check about their aliases of wymcp
 * (`resolve.alias`, `alias`, read by `../bundler/alias-config.ts`): the
 * specifiers they map to wymcp, for the text prefilter — a module importing
 * `w` reaches wymcp without naming it — and the files they map them to, so
 * a specifier resolving to one names wymcp (an alias to wymcp's own
 * sources). Kept for the process: another build's alias can only make the
 * check read more.
 */

const finds: (string | RegExp)[] = [];
const files = new Set<string>();

/**
 * Records a bundler's aliases of wymcp: what each replaces (`"w"`, `/^w$/`)
 * and the absolute files they lead to.
 *
 * @example
 * ```ts
 * addWymcpAliases(["w"], ["/repo/wymcp/src/index.ts"]); // from Vite's [{ find: "w", replacement: "/repo/wymcp/src/index.ts" }]
 * ```
 */
export function addWymcpAliases(aliasFinds: readonly (string | RegExp)[], targets: readonly string[]): void {
  for (const find of aliasFinds)
    if (!finds.some((known) => String(known) === String(find) && typeof known === typeof find)) finds.push(find);
  for (const target of targets) files.add(target);
}

/** What has been recorded, for a check worker to record too (its module state is its own). */
export function wymcpAliases(): { readonly finds: readonly (string | RegExp)[]; readonly files: readonly string[] } {
  return { finds: [...finds], files: [...files] };
}

/**
 * Whether a bundler maps a specifier other than `wymcp` to wymcp: a module
 * may then reach wymcp's own sources under another name, which a build's
 * import graph shows as a local module like any other.
 *
 * @example
 * ```ts
 * isWymcpAliased(); // true after the call above
 * ```
 */
export function isWymcpAliased(): boolean {
  return finds.length > 0;
}

/**
 * Whether a file is one a bundler's alias maps to wymcp.
 *
 * @example
 * ```ts
 * isAliasedWymcpFile("/repo/wymcp/src/index.ts"); // true after the call above
 * ```
 */
export function isAliasedWymcpFile(fileName: string): boolean {
  return files.has(fileName);
}

/** The specifiers a module's text imports, requires or re-exports from. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*["'`]([^"'`\n]+)["'`]/g;

/**
 * Whether a module's text imports a specifier a bundler maps to wymcp.
 *
 * @example
 * ```ts
 * importsAnAlias('import * as w from "w";'); // true once "w" is recorded
 * ```
 */
export function importsAnAlias(text: string): boolean {
  if (finds.length === 0) return false;
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? "";
    for (const find of finds) {
      if (typeof find === "string" ? specifier === find || specifier.startsWith(`${find}/`) : find.test(specifier)) return true;
    }
  }
  return false;
}
