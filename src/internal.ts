/**
 * The build side's one door into the runtime. `plugin/` imports the public
 * entry (`index.ts`) and this module, nothing else of `src/`, so every rule
 * it reuses has one definition and the list of what crosses is short and
 * pinned (`test/internal-door.test.ts`). Not a public entry: no `exports`
 * path leads here.
 */

export { actionSchemaOffences } from "./validation/obtaining.js";
export { offenceLine, toolLabel } from "./validation/format.js";
export { isListingMode, type ListingMode } from "./serving/listing-mode.js";
export { actionToolName } from "./serving/listing-actions.js";
export { listedDataSchema, placeText, type SchemaPlace } from "./serving/listing-schema.js";
export { didYouMean } from "./util/suggest.js";
export { markInert } from "./util/inert.js";
