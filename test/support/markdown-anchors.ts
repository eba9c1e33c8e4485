/** The anchors GitHub gives a Markdown page's headings, for the tests that check links into them. */

/** A Markdown text without its fenced code blocks (a `#` line in a code block is no heading). */
export function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchor of every heading of a Markdown text (outside code blocks). */
export function headingAnchors(markdown: string): Set<string> {
  return new Set([...withoutCodeBlocks(markdown).matchAll(/^#+ (.+)$/gm)].map(([, heading]) => slug(heading!)));
}
