// The SDK-side equivalents of wymcp tools: one flat tool per action, with a
// zod shape built from the action's JSON Schema properties (`zodShape`, types
// only, as the start-up benchmark registers them) or a zod object that follows
// the value keywords and closes objects as wymcp does (`zodAction`).
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
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, required.includes(name) ? zodOf(schema) : zodOf(schema).optional()]),
  );
}

/** The flat tool an SDK server would list for one action. */
export function flatTool(toolName, actionName, action) {
  return {
    name: `${toolName}_${actionName}`,
    description: action.description,
    inputSchema: { type: "object", properties: action.properties, ...(action.required ? { required: action.required } : {}) },
  };
}

/**
 * A zod schema that follows the value keywords too (`minLength`/`maxLength`,
 * `enum`, `integer`, `minimum`/`maximum`, `minItems`/`maxItems`) and is closed
 * where wymcp's closure is: a strict object for `properties` (unless
 * `additionalProperties` is given), a record for an `additionalProperties`
 * schema — what an `McpServer` author writes for the same contract.
 */
export function zodExact(schema) {
  if (schema.enum) return z.enum(schema.enum);
  switch (schema.type) {
    case "string": {
      let string = z.string();
      if (schema.minLength !== undefined) string = string.min(schema.minLength);
      if (schema.maxLength !== undefined) string = string.max(schema.maxLength);
      return string;
    }
    case "number":
    case "integer": {
      let number = schema.type === "integer" ? z.int() : z.number();
      if (schema.minimum !== undefined) number = number.min(schema.minimum);
      if (schema.maximum !== undefined) number = number.max(schema.maximum);
      return number;
    }
    case "boolean":
      return z.boolean();
    case "array": {
      let array = z.array(schema.items && !Array.isArray(schema.items) ? zodExact(schema.items) : z.unknown());
      if (schema.minItems !== undefined) array = array.min(schema.minItems);
      if (schema.maxItems !== undefined) array = array.max(schema.maxItems);
      return array;
    }
    case "object": {
      const extra = schema.additionalProperties;
      if (schema.properties) {
        const shape = exactShape(schema.properties, schema.required ?? []);
        return extra === undefined || extra === false
          ? z.strictObject(shape)
          : z.object(shape).catchall(extra === true ? z.unknown() : zodExact(extra));
      }
      return z.record(z.string(), typeof extra === "object" ? zodExact(extra) : z.unknown());
    }
    default:
      return z.unknown();
  }
}

function exactShape(properties, required) {
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, required.includes(name) ? zodExact(schema) : zodExact(schema).optional()]),
  );
}

/** The zod object an `McpServer` author writes for an action: strict, its value keywords, `requiredOneOf` as a refinement. */
export function zodAction(action) {
  const object = z.strictObject(exactShape(action.properties, action.required ?? []));
  const groups = action.requiredOneOf ?? [];
  if (groups.length === 0) return object;
  return object.refine((data) => groups.some((group) => group.every((key) => data[key] !== undefined)), {
    message: `one of ${groups.map((group) => group.join(" + ")).join(", ")} is required`,
  });
}
