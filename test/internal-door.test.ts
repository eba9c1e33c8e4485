/** What crosses the build side's one door into the runtime (`src/internal.ts`): a change to this list is a change to the layering. */
import { expect, test } from "vitest";
import * as door from "../src/internal.js";

test("src/internal.ts re-exports exactly what plugin/ reuses of the runtime", () => {
  expect(Object.keys(door).sort()).toEqual([
    "actionSchemaOffences",
    "actionToolName",
    "didYouMean",
    "isListingMode",
    "listedDataSchema",
    "markInert",
    "offenceLine",
    "placeText",
    "toolLabel",
  ]);
});
