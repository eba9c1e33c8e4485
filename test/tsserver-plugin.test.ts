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
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const CODE = 990001;

interface ProtocolDiagnostic {
  readonly start: { readonly line: number; readonly offset: number };
  readonly end: { readonly line: number; readonly offset: number };
  readonly text: string;
  readonly code: number;
  readonly category: string;
  readonly source?: string;
}

interface Message {
  readonly type: "response" | "event";
  readonly request_seq?: number;
  readonly success?: boolean;
  readonly message?: string;
  readonly body?: unknown;
}

/** A tsserver process speaking its JSON protocol over stdio. */
class TsServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer: Buffer = Buffer.alloc(0);
  private seq = 0;
  private readonly pending = new Map<number, (message: Message) => void>();
  readonly exited: Promise<number | null>;

  constructor(project: string) {
    const server = join(project, "node_modules/typescript/lib/tsserver.js");
    this.child = spawn(
      process.execPath,
      [
        "--preserve-symlinks",
        "--preserve-symlinks-main",
        server,
        "--disableAutomaticTypingAcquisition",
        "--logVerbosity",
        "normal",
        "--logFile",
        join(project, "tsserver.log"),
      ],
      {
        cwd: project,
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    this.child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  /** Sends a request and resolves with its response. */
  request(command: string, args?: object): Promise<Message> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.pending.set(seq, resolve);
      this.child.stdin.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`);
    });
  }

  /** Asks tsserver to exit, and waits for it. */
  async exit(): Promise<number | null> {
    this.child.stdin.write(`${JSON.stringify({ seq: ++this.seq, type: "request", command: "exit" })}\n`);
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  // Messages are `Content-Length: N\r\n\r\n{json}` (N in bytes).
  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString("utf8")) as Message;
      this.buffer = this.buffer.subarray(start + length);
      if (message.type === "response" && message.request_seq !== undefined) {
        this.pending.get(message.request_seq)?.(message);
        this.pending.delete(message.request_seq);
      }
    }
  }
}

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

/** Ours, as `line:offset text` (tsserver counts both from 1). */
function ours(diagnostics: readonly ProtocolDiagnostic[]): string[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.code === CODE)
    .map((diagnostic) => `${diagnostic.start.line}:${diagnostic.start.offset} ${diagnostic.text}`);
}

const TOOLS_OFFENCES = [
  '8:13 actions["create"]: missing mandatory key "description". Fix: add description: "Create a task". (tool "tasks")',
  '9:7 actions["create"]: unknown key "descripton". Fix: did you mean "description"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples. (tool "tasks")',
  // Sits in shared.ts: shown in tools.ts where the imported constant is used, naming where the value is.
  '11:17 actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required. (tool "tasks") The offending value is at src/shared.ts:7:64.',
  '16:30 actions["list"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults. (tool "tasks")',
  '30:20 actions["add"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "notes")',
];

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
