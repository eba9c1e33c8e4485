/**
 * A tsserver process speaking its JSON protocol over stdio, run from a
 * project's own `node_modules/typescript` with symlinks preserved (as for an
 * installed package), so it finds plugins where it looks for every plugin:
 * the `node_modules` next to its TypeScript. It logs to `tsserver.log` in
 * the project.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";

/** wymcp's diagnostic code. */
export const WYMCP_CODE = 990001;

/** wymcp's diagnostics among a file's, as `line:offset text` (tsserver counts both from 1). */
export function ours(diagnostics: readonly ProtocolDiagnostic[]): string[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.code === WYMCP_CODE)
    .map((diagnostic) => `${diagnostic.start.line}:${diagnostic.start.offset} ${diagnostic.text}`);
}

export interface ProtocolDiagnostic {
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
export class TsServer {
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
