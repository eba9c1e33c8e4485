/**
 * A `projects` tool whose `list` defaults a field it never declares (✗),
 * as happens when defaults are copied from another action. Defaults are
 * checked once a tool has no other offence, so this one sits in a tool of
 * its own to show up in the same build as the rest.
 */
import { defineTool } from "wymcp";

export const projects = defineTool({
  name: "projects",
  description: "Projects that group tasks",
  actions: {
    list: {
      description: "List projects",
      properties: { includeArchived: { type: "boolean" } }, // @ts-expect-error -- the types flag the undeclared default "limit" too
      defaults: { includeArchived: false, limit: 20 }, // ✗ "limit" is not declared in properties
    },
  },
  handlers: {
    list: (data) => ({ projects: [], includeArchived: data.includeArchived }),
  },
});
