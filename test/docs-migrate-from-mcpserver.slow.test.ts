/**
 * docs/migrate-from-mcpserver.md holds: every TypeScript block in it is cut
 * from examples/migrate/before.ts or after.ts (so the guide cannot drift
 * from the files), both servers build (after.ts with the wymcp plugin) and
 * start over stdio, and the SDK's own `Client` gets the same answers from
 * both for each of the three operations; what the guide says changes for the
 * model does; the mistakes it shows compile and fail the build as printed.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readAnswer } from "../src/testing/index.js";
import { repo, runNode } from "./support/scratch-project.js";

const guide = readFileSync(join(repo, "docs/migrate-from-mcpserver.md"), "utf8");
const sources = {
  "before.ts": readFileSync(join(repo, "examples/migrate/before.ts"), "utf8"),
  "after.ts": readFileSync(join(repo, "examples/migrate/after.ts"), "utf8"),
};
type File = keyof typeof sources;

/** The guide's TypeScript blocks: the file the first line names, how (an excerpt, or the file with mistakes), the code. */
const blocks = [...guide.matchAll(/^```ts\n\/\/ (before\.ts|after\.ts)(, with .*)?\n([\s\S]*?)^```$/gm)].map(
  ([, file, mistakes, code]) => ({
    file: file as File,
    mistakes: mistakes !== undefined,
    code: code!,
  }),
);

/** The guide's `text` block: what the build prints for the mistakes. */
const printedInGuide = /^```text\n([\s\S]*?)^```$/m.exec(guide)![1]!.trimEnd().split("\n");

/** after.ts with the guide's mistakes: its block replaces the lines from its first line to the next line equal to its last. */
function afterWithMistakes(): string {
  const lines = blocks
    .find((block) => block.mistakes)!
    .code.trimEnd()
    .split("\n");
  const file = sources["after.ts"].split("\n");
  const from = file.indexOf(lines[0]!);
  const to = file.indexOf(lines.at(-1)!, from);
  expect(from, `after.ts has no line ${lines[0]}`).toBeGreaterThanOrEqual(0);
  file.splice(from, to - from + 1, ...lines);
  return file.join("\n");
}

describe("the guide's code", () => {
  test("has the excerpts of both files, and one block of mistakes", () => {
    expect(blocks.filter((block) => !block.mistakes).map((block) => block.file)).toEqual(expect.arrayContaining(["before.ts", "after.ts"]));
    expect(blocks.filter((block) => block.mistakes)).toHaveLength(1);
    expect(guide.match(/^```ts$/gm)?.length).toBe(blocks.length);
  });

  test("every excerpt is cut from its file: each piece between `// …` lines appears there, in order", () => {
    for (const { file, code } of blocks.filter((block) => !block.mistakes)) {
      let from = 0;
      for (const piece of code.split(/^\/\/ …\n/m)) {
        const at = sources[file].indexOf(piece, from);
        expect(at, `${file} has no\n${piece}`).toBeGreaterThanOrEqual(0);
        from = at + piece.length;
      }
    }
  });
});

// Both servers built the way a user builds them, in a folder of the repository (so `wymcp` resolves to this package's dist/).
const scratch = join(repo, "test/.tmp", `migrate-${process.pid}`);
const BUILD = `import { build } from "esbuild";
import wymcp from "wymcp/esbuild";
const [entry, outfile, plugin] = process.argv.slice(2);
await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", packages: "external", outfile, plugins: plugin === "wymcp" ? [wymcp()] : [] })
  .catch(() => process.exit(1));
`;

/** Builds `file` (written as `source`) in the scratch folder; what the build printed. */
function built(file: string, source: string, plugin: "wymcp" | "none"): { code: number | null; printed: string } {
  writeFileSync(join(scratch, file), source);
  const run = runNode(scratch, ["build.mjs", file, file.replace(/\.ts$/, ".mjs"), plugin]);
  return { code: run.code, printed: run.stdout + run.stderr };
}

async function started(file: string): Promise<Client> {
  const client = new Client({ name: "migration-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(scratch, file)], cwd: scratch, stderr: "pipe" }));
  return client;
}

interface Step {
  readonly action: "create" | "list" | "close";
  readonly data: Record<string, unknown>;
}

/** One session's calls, valid and refused, in order: both servers start empty, so ids and lists must agree. */
const SCRIPT: readonly Step[] = [
  { action: "create", data: { name: "Buy milk", due: "2026-12-24" } },
  { action: "create", data: { name: "Write the guide" } },
  { action: "create", data: { name: "" } },
  { action: "create", data: { name: "Call Ada", due: "tomorrow" } },
  { action: "list", data: {} },
  { action: "close", data: { id: 1 } },
  { action: "close", data: { id: 1 } },
  { action: "close", data: { id: 1.5 } },
  { action: "list", data: {} },
  { action: "list", data: { status: "closed" } },
  { action: "list", data: { status: "done" } },
];
const OLD_NAMES = { create: "create_task", list: "list_tasks", close: "close_task" } as const;

describe("before.ts and after.ts, built and started", () => {
  let before: Client;
  let after: Client;
  const answers: { step: Step; before: Awaited<ReturnType<Client["callTool"]>>; after: Awaited<ReturnType<Client["callTool"]>> }[] = [];

  beforeAll(async () => {
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, "build.mjs"), BUILD);
    const old = built("before.ts", sources["before.ts"], "none");
    expect(old.code, old.printed).toBe(0);
    const moved = built("after.ts", sources["after.ts"], "wymcp");
    expect(moved.code, moved.printed).toBe(0);
    expect(moved.printed).toContain("wymcp: 1 tool in 1 file checked");
    [before, after] = await Promise.all([started("before.mjs"), started("after.mjs")]);
    for (const step of SCRIPT) {
      answers.push({
        step,
        before: await before.callTool({ name: OLD_NAMES[step.action], arguments: step.data }),
        after: await after.callTool({ name: "tasks", arguments: { action: step.action, data: step.data } }),
      });
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all([before?.close(), after?.close()]);
    rmSync(scratch, { recursive: true, force: true });
  });

  test("three tools become help and one tool whose action enum names the three, each with its description", async () => {
    expect((await before.listTools()).tools.map((tool) => tool.name)).toEqual(["create_task", "list_tasks", "close_task"]);
    const { tools } = await after.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["help", "tasks"]);
    expect(tools[1]!.inputSchema.properties?.["action"]).toEqual({
      type: "string",
      enum: ["close", "create", "list"],
      description: "close: Close a task\ncreate: Create a task\nlist: List tasks",
    });
  });

  test.each(["create", "list", "close"] as const)(
    "%s: the same answers for valid calls; the same calls refused, naming the same key",
    (action) => {
      const steps = answers.filter(({ step }) => step.action === action);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      for (const { step, before: old, after: moved } of steps) {
        const label = JSON.stringify(step);
        expect(moved.isError === true, label).toBe(old.isError === true);
        if (old.isError !== true) {
          expect(moved, label).toEqual(old);
          continue;
        }
        const oldText = (old.content as { text: string }[])[0]!.text;
        const refused = readAnswer(moved);
        if (refused.ok) throw new Error(`${label}: after.ts answered`);
        if (refused.error === "not_found") {
          // The handler's own refusal: the same message, now with a hint.
          expect(oldText).toBe(JSON.stringify({ error: refused.report.message }));
          expect(refused.report.hint).toBe('Call tasks {action: "list"} to see the open tasks.');
        } else {
          // zod's text names the key (`name: Too small…`); wymcp's problem is at its data path.
          expect(oldText).toMatch(/^Input validation error: /);
          expect(refused.problems).toHaveLength(1);
          const key = Object.keys(step.data).find((name) => refused.problems[0]!.at === `data[${JSON.stringify(name)}]`);
          expect(key, `${label}: ${refused.problems[0]!.at}`).toBeDefined();
          expect(oldText).toContain(`${key}: `);
        }
      }
    },
  );

  test("what changes: zod drops an unknown key and creates the task; wymcp refuses it, naming the declared keys", async () => {
    const old = await before.callTool({ name: "create_task", arguments: { name: "Pay rent", dueDate: "2026-12-31" } });
    expect(JSON.parse((old.content as { text: string }[])[0]!.text)).toEqual({ id: 3, name: "Pay rent", status: "open" });
    const moved = readAnswer(
      await after.callTool({ name: "tasks", arguments: { action: "create", data: { name: "Pay rent", dueDate: "2026-12-31" } } }),
    );
    expect(moved).toMatchObject({
      ok: false,
      error: "invalid_data",
      problems: [{ code: "unknown_key", at: "data", key: "dueDate", problem: 'unknown key "dueDate"; declared here: due, name' }],
    });
  });

  test("the data schemas are one help call away", async () => {
    const help = readAnswer(await after.callTool({ name: "help", arguments: { tool: "tasks", action: "create" } }));
    expect(help).toMatchObject({
      ok: true,
      value: { tool: "tasks", action: "create", description: "Create a task", required: ["name"], properties: { due: { format: "date" } } },
    });
  });
});

describe("what the build now catches", () => {
  beforeAll(() => {
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, "build.mjs"), BUILD);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("the guide's mistakes type-check: they are values no type sees", () => {
    const file = join(scratch, "mistakes.ts");
    writeFileSync(file, afterWithMistakes());
    const options = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ["node"],
    };
    const program = ts.createProgram([file], options);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  }, 60_000);

  test("the build fails on them, printing the lines the guide shows", () => {
    const { code, printed } = built("after.ts", afterWithMistakes(), "wymcp");
    expect(code).toBe(1);
    expect(printedInGuide.length).toBeGreaterThan(0);
    for (const line of printedInGuide) expect(printed, line).toContain(line);
  });
});
