// 2. The call gate (every data check, nested unknown keys included) vs an
// Ajv-compiled validator of the equivalent closed JSON Schema, on the same data.
import Ajv from "ajv";
import { dataProblems, defineTool, fetchSchema } from "../dist/src/index.js";
import { compare } from "./compare.mjs";

/** The closed JSON Schema equivalent to an action schema's gate: the same keys refused, the same keys required. */
function closedSchema(schema) {
  const close = (node) => {
    const out = {};
    if (node.properties) {
      out.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, close(child)]));
      out.additionalProperties = node.additionalProperties === undefined ? false : typeof node.additionalProperties === "object" ? close(node.additionalProperties) : node.additionalProperties;
    } else if (typeof node.additionalProperties === "object") out.additionalProperties = close(node.additionalProperties);
    else if (node.additionalProperties === false) out.additionalProperties = false;
    if (node.items && !Array.isArray(node.items)) out.items = close(node.items);
    return out;
  };
  const root = close({ properties: schema.properties });
  root.additionalProperties = false;
  root.required = schema.required;
  root.anyOf = schema.requiredOneOf.map((group) => ({ required: group }));
  return root;
}

const action = {
  description: "Create a task",
  properties: {
    name: { type: "string" },
    owner: { type: "object", properties: { id: { type: "string" }, team: { type: "string" } } },
    tags: { type: "array", items: { type: "object", properties: { label: { type: "string" }, colour: { type: "string" } } } },
    meta: { type: "object", additionalProperties: { type: "object", properties: { value: {}, source: {} } } },
    due: { type: "string" },
    priority: { type: "number" },
  },
  required: ["name"],
  requiredOneOf: [["due"], ["priority"]],
};

export async function run() {
  const tool = defineTool({ name: "tasks", description: "Tasks", actions: { create: action }, handlers: { create: () => null } });
  const ajv = new Ajv({ allErrors: true, strict: false });
  const ajvValidate = ajv.compile(closedSchema(action));
  const cases = {
    "valid data": {
      name: "Write docs", owner: { id: "u1", team: "core" }, due: "2026-12-01",
      tags: [{ label: "docs", colour: "blue" }, { label: "p1" }, { label: "q3", colour: "red" }],
      meta: { origin: { value: 1, source: "web" }, import: { value: 2 } },
    },
    "data with nested unknown keys": {
      name: "Write docs", owner: { id: "u1", role: "x" }, extra: 1,
      tags: [{ label: "docs", size: 3 }], meta: { origin: { value: 1, weight: 2 } },
    },
  };
  for (const [label, data] of Object.entries(cases)) {
    await compare(`call gate (${label})`, () => {
      const found = fetchSchema(tool, "create");
      return dataProblems(found.schema, data);
    }, [{ name: "ajv compiled (allErrors)", target: 1.0, run: () => ajvValidate(data) }]);
  }
}
