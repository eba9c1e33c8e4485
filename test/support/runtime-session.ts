/**
 * One client session against the tasks example served somewhere over HTTP
 * (workerd, Bun, Deno, several instances behind a proxy): the SDK's own
 * Client initializes, lists, calls (valid and refused), and asks for help.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect } from "vitest";

function textOf(answer: unknown): string {
  return (answer as { content: { type: string; text: string }[] }).content[0]!.text;
}

/**
 * Runs the session; `calls` valid creates after the first. Returns the
 * created task ids in order.
 */
export async function exerciseTasksExample(url: URL, calls = 3): Promise<number[]> {
  const client = new Client({ name: "runtime-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    expect(client.getServerVersion()).toMatchObject({ name: "wymcp-tasks-example" });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);
    const ids: number[] = [];
    for (let index = 0; index < calls; index++) {
      // listTools made the client cache the outputSchema: it checks structuredContent against it.
      const created = await client.callTool({
        name: "tasks",
        arguments: { action: "create", data: { project: 1, name: `Task ${index}`, opts: { tags: ["release"] } } },
      });
      expect(created.isError, textOf(created)).toBeFalsy();
      const task = (created.structuredContent as { task: { id: number; name: string } }).task;
      expect(task.name).toBe(`Task ${index}`);
      ids.push(task.id);
    }
    const refused = await client.callTool({
      name: "tasks",
      arguments: { action: "create", data: { project: 1, name: "x", opts: { prority: "high" } } },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(textOf(refused))).toMatchObject({
      error: "invalid_data",
      problems: [{ key: "prority", problem: expect.stringContaining('did you mean "priority"?') }],
      help: 'help {tool: "tasks", action: "create"}',
    });
    const help = await client.callTool({ name: "help", arguments: { tool: "tasks", action: "create" } });
    expect(help.isError).toBeFalsy();
    expect(textOf(help)).toContain("create");
    return ids;
  } finally {
    await client.close();
  }
}
