// 1. `validate` vs Ajv's meta-schema validation (`ajv.validateSchema`) of the same property schemas.
import Ajv from "ajv";
import { validate } from "../dist/src/index.js";
import { compare } from "./compare.mjs";
import { actionRecord, toolOver } from "./workloads.mjs";

export async function run() {
  const ajv = new Ajv({ strict: false });
  for (const [label, actions] of [["20 actions × 8 properties × depth 3", 20], ["one tool with 500 actions", 500]]) {
    const record = actionRecord(actions, 8, 3);
    const tool = toolOver("bench", record);
    const schemas = Object.values(record).map((schema) => ({ type: "object", properties: schema.properties }));
    await compare(`validate (${label})`, () => validate(tool), [
      {
        name: "ajv.validateSchema",
        target: 0.2,
        run: () => {
          for (const schema of schemas) if (!ajv.validateSchema(schema)) throw new Error("invalid");
        },
      },
    ]);
  }
}
