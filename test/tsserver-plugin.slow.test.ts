/**
 * The language-service plugin in a real tsserver session, installed the way
 * a user's project has it: a copy of the malformed fixture whose tsconfig
 * lists `{ "name": "wymcp/ts-plugin" }`, with `node_modules/typescript` and
 * `node_modules/wymcp` linked in. tsserver runs from the project's own
 * `node_modules/typescript` (symlinks preserved, as for an installed
 * package), so it finds the plugin where it looks for every plugin: the
 * `node_modules` next to its TypeScript — `node_modules/wymcp/ts-plugin`,
 * whose package.json `main` is the built CommonJS entry. Needs `dist/`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EDITOR_OFFENCES as TOOLS_OFFENCES } from "./support/tspc-fixture.js";
import { ours, type ProtocolDiagnostic, TsServer, WYMCP_CODE as CODE } from "./support/tsserver.js";

const repo = fileURLToPath(new URL("..", import.meta.url));

let project: string;
let server: TsServer;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "wymcp-tsserver-"));
  cpSync(join(repo, "test/fixtures/tsc/malformed"), project, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$|\.tsbuildinfo$/.test(source),
  });
  mkdirSync(join(project, "node_modules"));
  symlinkSync(repo, join(project, "node_modules/wymcp"), "dir");
  symlinkSync(join(repo, "node_modules/typescript"), join(project, "node_modules/typescript"), "dir");
  server = new TsServer(project);
});

afterAll(() => {
  server?.kill();
  rmSync(project, { recursive: true, force: true });
});

async function semanticDiagnostics(file: string): Promise<ProtocolDiagnostic[]> {
  const response = await server.request("semanticDiagnosticsSync", { file: join(project, file) });
  expect(response.success).toBe(true);
  return response.body as ProtocolDiagnostic[];
}

describe("the language-service plugin in tsserver", () => {
  test("semantic diagnostics of an open file include every offence at its position, beside TypeScript's own", async () => {
    const open = await server.request("open", { file: join(project, "src/tools.ts"), projectRootPath: project });
    expect(open.success).toBe(true);
    const diagnostics = await semanticDiagnostics("src/tools.ts");
    expect(ours(diagnostics)).toEqual(TOOLS_OFFENCES);
    expect(
      diagnostics
        .filter((diagnostic) => diagnostic.code === CODE)
        .every((diagnostic) => diagnostic.category === "error" && diagnostic.source === "wymcp"),
    ).toBe(true);
    expect(
      diagnostics
        .filter((diagnostic) => diagnostic.code !== CODE)
        .map((diagnostic) => `${diagnostic.start.line}:${diagnostic.start.offset} TS${diagnostic.code}`),
    ).toEqual(["9:7 TS2322", "16:30 TS2322"]);
    // The span covers the key the offence names.
    const unknownKey = diagnostics.find((diagnostic) => diagnostic.text.includes('unknown key "descripton"'))!;
    expect(unknownKey.end).toEqual({ line: 9, offset: 17 });
    // tsserver found the plugin through node_modules/wymcp/ts-plugin.
    expect(readFileSync(join(project, "tsserver.log"), "utf8")).toContain("[wymcp] language-service plugin enabled");
  });

  test("the imported module shows the offence that sits in it", async () => {
    await server.request("open", { file: join(project, "src/shared.ts"), projectRootPath: project });
    expect(ours(await semanticDiagnostics("src/shared.ts"))).toEqual([
      '7:64 actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required. (tool "tasks")',
    ]);
  });

  test("an edit is checked again: fixing a default removes its offence", async () => {
    // `colour: "red"` → `cursor: "red"` (cursor is declared, through the spread constant).
    const change = await server.request("change", {
      file: join(project, "src/tools.ts"),
      line: 16,
      offset: 30,
      endLine: 16,
      endOffset: 36,
      insertString: "cursor",
    });
    expect(change.success).toBe(true);
    expect(ours(await semanticDiagnostics("src/tools.ts"))).toEqual(TOOLS_OFFENCES.filter((line) => !line.includes("colour")));
  });

  test("tsserver exits cleanly", async () => {
    expect(await server.exit()).toBe(0);
  });
});
