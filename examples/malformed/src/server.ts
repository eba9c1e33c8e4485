/** The entry the bundlers start from: the build stops before it is written. */
import { createRouter } from "wymcp";
import { serveStdio } from "wymcp/mcp";
import { labels } from "./tools/labels.js";
import { notes } from "./tools/notes.js";
import { projects } from "./tools/projects.js";
import { tasks } from "./tools/tasks.js";

await serveStdio(createRouter({ tools: [tasks, projects, labels, notes] }), { serverInfo: { name: "malformed", version: "0.0.0" } });
