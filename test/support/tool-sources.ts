/**
 * Tool sources for the TypeScript routes' tests (`wymcp tsc`, the ESLint
 * plugin): type-correct files whose action schemas hold offences only the
 * check sees — a line break in a description, a bad `pattern`, a minimum
 * given as a string — and a clean one.
 */

/** Type-correct, but three offences only the check sees (lines 7, 8 and 12). */
export const CHECK_ONLY_OFFENCES = `import { defineTool } from "wymcp";
import { CODE } from "#shared/codes";

export const lookups = defineTool({
  name: "lookups",
  description: "Lookups",
  actions: {
    find: { description: "Find\\none", properties: { code: CODE } },
    count: { description: "Count", properties: { n: { type: "integer", minimum: "1" as unknown as number } } },
  },
  handlers: { find: async () => 1, count: async () => 2 },
});
`;

/** Imported through a \`paths\` alias: the bad pattern sits here. */
export const SHARED_CODES = `export const CODE = { type: "string", pattern: "([a-z" } as const;
`;

/** A clean tool. */
export const CLEAN_TOOL = `import { defineTool } from "wymcp";

export const echo = defineTool({
  name: "echo",
  description: "Echo",
  actions: { say: { description: "Say it", properties: { text: { type: "string" } }, required: ["text"] } },
  handlers: { say: async ({ text }) => text },
});
`;

/** A tsconfig over \`src\` with a \`paths\` alias. */
export function tsconfig(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      paths: { "#shared/*": ["./src/shared/*.ts"] },
    },
    include: ["src"],
    ...extra,
  });
}
