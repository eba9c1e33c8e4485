// The action and data the value-checking benchmarks share (gate, round-trip,
// validators): properties that carry real value constraints — strings with
// minLength, an enum, an integer with bounds, a string array, a nested closed
// object, an additionalProperties map of numbers — and the equivalent closed
// JSON Schema an Ajv-compiled validator checks.

/** The action every value benchmark declares, on every side. */
export const taskAction = {
  description: "Create a task",
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    status: { type: "string", enum: ["open", "doing", "done"] },
    priority: { type: "integer", minimum: 0, maximum: 5 },
    tags: { type: "array", items: { type: "string", minLength: 1 } },
    owner: { type: "object", properties: { id: { type: "string", minLength: 1 }, team: { type: "string" } }, required: ["id"] },
    scores: { type: "object", additionalProperties: { type: "number", minimum: 0 } },
    due: { type: "string", minLength: 10 },
  },
  required: ["name"],
  requiredOneOf: [["due"], ["priority"]],
};

/** Data every check accepts. */
export const validTask = {
  name: "Write docs",
  status: "doing",
  priority: 2,
  due: "2026-12-01",
  tags: ["docs", "p1", "q3"],
  owner: { id: "u1", team: "core" },
  scores: { impact: 3, effort: 1.5 },
};

/** Data with value problems (wrong types, out-of-range numbers, an unknown enum value, too short) and unknown keys at the top and nested. */
export const invalidTask = {
  name: "",
  status: "later",
  priority: 9,
  due: 20261201,
  tags: ["docs", 3, ""],
  owner: { id: "u1", role: "lead" },
  scores: { impact: "high", effort: -1 },
  colour: "red",
};

/**
 * The closed JSON Schema equivalent to an action's gate: every value keyword
 * kept, `additionalProperties: false` wherever wymcp's closure refuses (an
 * object with `properties` and no `additionalProperties`, and the action's
 * top level), `required`, and `anyOf` of the `requiredOneOf` groups.
 */
export function closedJsonSchema(action) {
  const root = { type: "object", properties: closeAll(action.properties), additionalProperties: false };
  if (action.required?.length) root.required = action.required;
  if (action.requiredOneOf?.length) root.anyOf = action.requiredOneOf.map((group) => ({ required: group }));
  return root;
}

/** A property schema with every object that declares `properties` closed, at every depth. */
export function closed(schema) {
  if (typeof schema !== "object" || schema === null) return schema;
  const out = { ...schema };
  if (schema.properties) {
    out.properties = closeAll(schema.properties);
    if (schema.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (typeof schema.additionalProperties === "object") out.additionalProperties = closed(schema.additionalProperties);
  if (typeof schema.items === "object" && !Array.isArray(schema.items)) out.items = closed(schema.items);
  return out;
}

function closeAll(properties) {
  return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, closed(child)]));
}
