/** Every tool of the example server, in the order `tools/list` shows them. */
import { notes } from "./notes.js";
import { projects } from "./projects.js";
import { tasks } from "./tasks.js";

export const tools = [tasks, projects, notes];
