// Generated workloads shared by the benchmarks: deterministic, sized as BENCHMARKS.md states.

/** A property schema nested `depth` levels, using items and additionalProperties along the way. */
export function propertySchema(depth, seed) {
  if (depth === 0) return { type: seed % 2 ? "string" : "number", description: `leaf ${seed}` };
  return {
    type: "object",
    description: `level ${depth}`,
    properties: {
      name: { type: "string", minLength: 1 },
      list: { type: "array", items: propertySchema(depth - 1, seed + 1) },
      map: { type: "object", additionalProperties: propertySchema(depth - 1, seed + 2) },
    },
    required: ["name"],
  };
}

/** An action schema with `width` properties of depth `depth`. */
export function actionSchema(width, depth, seed = 0) {
  const properties = {};
  for (let index = 0; index < width; index++) properties[`p${index}`] = propertySchema(depth - 1, seed + index);
  return {
    description: `Action ${seed}`,
    properties,
    required: ["p0"],
    requiredOneOf: [["p1"], ["p2", "p3"]],
    defaults: { p1: { name: "x" } },
    notes: "Generated for the benchmark.",
    related: ["a0"],
    examples: [{ p0: { name: "example" }, p1: { name: "one" } }],
  };
}

/** An action record of `actions` actions. */
export function actionRecord(actions, width, depth) {
  const record = {};
  for (let index = 0; index < actions; index++) record[`a${index}`] = actionSchema(width, depth, index);
  return record;
}

/** A tool-like value over a record. */
export function toolOver(name, record) {
  return { name, description: name, actions: () => record, handlers: {} };
}
