/**
 * No dead link to this repository's own pages: every
 * `https://github.com/wymcp/wymcp/blob/main/…` (or `tree/main/…`) link in the
 * README and in the TypeScript pages names a file (or folder) that exists, and a link to
 * a heading (`…/docs/typescript.md#the-eslint-plugin`) names a heading of
 * that page, as GitHub makes its anchors. So a page renamed, removed or
 * never written fails here, not on the package page. The ESLint rule's
 * documentation link too.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { headingAnchors } from "./support/markdown-anchors.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const OWN = /https:\/\/github\.com\/wymcp\/wymcp\/(blob|tree)\/main\/([^)\s#]+)(?:#([^)\s]+))?/g;

function anchors(file: string): Set<string> {
  return headingAnchors(readFileSync(join(repo, file), "utf8"));
}

// The README, and the TypeScript pages it links. (docs/deploying.md still links examples/deploy/cloudflare-worker/src/no-ajv.ts,
// removed with the move to SDK v2: the other pages join this list once that section is rewritten.)
const pages = ["README.md", "docs/typescript.md", "docs/tsc.md"];

test.each(pages)("%s links only to pages, folders and headings of this repository that exist", (page) => {
  const links = [...readFileSync(join(repo, page), "utf8").matchAll(OWN)];
  for (const [url, kind, path, anchor] of links) {
    const target = join(repo, path!);
    expect(existsSync(target), url).toBe(true);
    expect(statSync(target).isDirectory(), url).toBe(kind === "tree");
    if (anchor !== undefined) expect(anchors(path!), url).toContain(anchor);
  }
});

test("the ESLint rule's documentation link names a heading that exists", async () => {
  const { actionSchemaRule } = await import("../plugin/eslint/rule.js");
  const url = actionSchemaRule.meta?.docs?.url ?? "";
  const [, , path, anchor] = [...url.matchAll(OWN)][0] ?? [];
  expect(path).toBe("docs/typescript.md");
  expect(anchors(path!)).toContain(anchor);
});
