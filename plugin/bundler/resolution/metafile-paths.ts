/**
 * esbuild's metafile names each file by its path relative to the working
 * directory, written with `/`. A build turns every input's name into a file
 * name once, and a kept build does little else: `path.resolve` and
 * `path.relative` normalize character by character, ~15 ms over 1,000 inputs
 * in a process whose code is not yet optimised. A plain path (no `.` or `..`
 * segment, no `\`, no empty segment) is joined or cut as it stands; any
 * other goes through `node:path`, as every path does on Windows.
 */
import path from "node:path";

/** A `.` or `..` segment, an empty one, a leading `/`, or a backslash: a path to normalize. */
const NOT_PLAIN = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|^\/|\/$|\\/;
const POSIX = path.sep === "/";

/**
 * The absolute file name of a metafile path (relative to `cwd`).
 *
 * @example
 * ```ts
 * metafileFile("/project", "src/tools.ts"); // "/project/src/tools.ts"
 * ```
 */
export function metafileFile(cwd: string, input: string): string {
  return POSIX && input !== "" && !NOT_PLAIN.test(input) && isPlainFolder(cwd)
    ? `${cwd === "/" ? "" : cwd}/${input}`
    : path.resolve(cwd, input);
}

/**
 * The name esbuild's metafile gives a file: its path relative to the working
 * directory, with `/`.
 *
 * @example
 * ```ts
 * metafileInput("/project", "/project/src/tools.ts"); // "src/tools.ts"
 * ```
 */
export function metafileInput(cwd: string, fileName: string): string {
  if (POSIX && isPlainFolder(cwd) && cwd !== "/" && fileName.startsWith(cwd) && fileName[cwd.length] === "/") {
    const rest = fileName.slice(cwd.length + 1);
    if (rest !== "" && !NOT_PLAIN.test(rest)) return rest;
  }
  return path.relative(cwd, fileName).split(path.sep).join("/");
}

/** An absolute folder with no segment to normalize (the working directory, as a rule). */
function isPlainFolder(folder: string): boolean {
  return folder === "/" || (folder.startsWith("/") && !NOT_PLAIN.test(folder.slice(1)));
}
