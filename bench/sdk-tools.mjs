// The SDK-side equivalents of wymcp tools: one flat tool per action, with a
// zod shape built from the action's JSON Schema properties.
import { z } from "zod";

/** A zod schema for a JSON Schema property (the keywords the workloads use). */
export function zodOf(schema) {
  if (schema.enum) return z.enum(schema.enum);
  switch (schema.type) {
    case "string":
      return z.string();
    case "number":
    case "integer":
      return z.number();
    case "boolean":
      return z.boolean();
    case "array":
      return z.array(schema.items && !Array.isArray(schema.items) ? zodOf(schema.items) : z.unknown());
    case "object":
      return schema.properties ? z.object(zodShape(schema.properties, schema.required ?? [])).strict() : z.record(z.string(), z.unknown());
    default:
      return z.unknown();
  }
}

/** A zod raw shape for an action's properties. */
export function zodShape(properties, required) {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, required.includes(name) ? zodOf(schema) : zodOf(schema).optional()]));
}

/** The flat tool an SDK server would list for one action. */
export function flatTool(toolName, actionName, action) {
  return {
    name: `${toolName}_${actionName}`,
    description: action.description,
    inputSchema: { type: "object", properties: action.properties, ...(action.required ? { required: action.required } : {}) },
  };
}
