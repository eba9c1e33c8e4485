/** esbuild's metafile paths and file names: the plain-path shortcut answers exactly what `node:path` answers. */
import path from "node:path";
import { describe, expect, test } from "vitest";
import { metafileFile, metafileInput } from "../plugin/bundler/resolution/metafile-paths.js";

const folders = ["/project", "/", "/a/b-c/d.e", "/project/", "/a/./b", "/a/../b", "/a//b"];
const inputs = [
  "src/tools.ts",
  "tools.ts",
  "src/a..b/c.ts",
  ".hidden/x.ts",
  "./src/tools.ts",
  "../outside/x.ts",
  "src/../x.ts",
  "src/./x.ts",
  "src//x.ts",
  "src/",
  ".",
  "..",
  "/abs/x.ts",
  "src\\x.ts",
  "",
];

describe.each(folders)("working directory %j", (cwd) => {
  test.each(inputs)("metafileFile(cwd, %j) is path.resolve's answer", (input) => {
    expect(metafileFile(cwd, input)).toBe(path.resolve(cwd, input));
  });

  test.each(inputs)("metafileInput(cwd, file of %j) is path.relative's answer, with /", (input) => {
    const fileName = path.resolve(cwd, input);
    expect(metafileInput(cwd, fileName)).toBe(path.relative(cwd, fileName).split(path.sep).join("/"));
  });

  test.each(["/projectX/src/x.ts", "/project", "/other/src/x.ts", "/project/src/../x.ts", "/project/src//x.ts"])(
    "metafileInput(cwd, %j) is path.relative's answer for a file name outside or not normalized",
    (fileName) => {
      expect(metafileInput(cwd, fileName)).toBe(path.relative(cwd, fileName).split(path.sep).join("/"));
    },
  );
});

test("a metafile path and its file name round-trip", () => {
  expect(metafileInput("/project", metafileFile("/project", "src/lib/m1.ts"))).toBe("src/lib/m1.ts");
});
