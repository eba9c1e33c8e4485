/**
 * The example's in-memory store: projects, tasks and notes with numeric ids.
 * A real server would talk to a database here; the tools only need these
 * few functions, so swapping the store does not touch a schema.
 */

export type Priority = "low" | "normal" | "high";
export type Status = "open" | "done";

export interface Project {
  id: number;
  name: string;
  description?: string;
  labels: string[];
  archived: boolean;
}

export interface Task {
  id: number;
  project: number;
  name: string;
  status: Status;
  priority: Priority;
  due?: string;
  tags: string[];
  /** Free-form string fields a team adds without a schema change (`{ "estimate": "2h" }`). */
  fields: Record<string, string>;
}

export interface Note {
  id: number;
  text: string;
  /** What the note is attached to: exactly one of the two. */
  task?: number;
  project?: number;
  createdAt: string;
}

/** Every record, by id, plus the next id of each kind. */
export interface Store {
  readonly projects: Map<number, Project>;
  readonly tasks: Map<number, Task>;
  readonly notes: Map<number, Note>;
  nextId(kind: "project" | "task" | "note"): number;
}

/** A store seeded with one project and two tasks, so `list` has something to show. */
export function createStore(): Store {
  const counters = { project: 0, task: 0, note: 0 };
  const store: Store = {
    projects: new Map(),
    tasks: new Map(),
    notes: new Map(),
    nextId: (kind) => ++counters[kind],
  };
  const website = { id: store.nextId("project"), name: "Website", labels: ["marketing"], archived: false };
  store.projects.set(website.id, website);
  for (const [name, priority] of [
    ["Write the launch post", "high"],
    ["Fix the footer links", "low"],
  ] as const) {
    const id = store.nextId("task");
    store.tasks.set(id, { id, project: website.id, name, status: "open", priority, tags: [], fields: {} });
  }
  return store;
}

/** The one store the example's tools share. */
export const store: Store = createStore();
