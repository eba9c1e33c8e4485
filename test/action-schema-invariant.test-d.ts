import { expectTypeOf, test } from "vitest";
import { actionSchemaKeys, mandatoryActionSchemaKeys, type ActionSchema, type ActionSchemaKey, type MandatoryActionSchemaKey } from "../src/index.js";

type MandatoryKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, MandatoryKeys<T>>;

test("the ActionSchema type's keys are the runtime vocabulary's", () => {
  expectTypeOf<keyof ActionSchema>().toEqualTypeOf<ActionSchemaKey>();
  expectTypeOf(actionSchemaKeys()).toEqualTypeOf<ActionSchemaKey[]>();
});

test("the mandatory/optional split matches mandatoryActionSchemaKeys()", () => {
  expectTypeOf<MandatoryKeys<ActionSchema>>().toEqualTypeOf<MandatoryActionSchemaKey>();
  expectTypeOf<MandatoryActionSchemaKey>().toEqualTypeOf<"description" | "properties">();
  expectTypeOf<OptionalKeys<ActionSchema>>().toEqualTypeOf<Exclude<ActionSchemaKey, MandatoryActionSchemaKey>>();
  expectTypeOf(mandatoryActionSchemaKeys()).toEqualTypeOf<MandatoryActionSchemaKey[]>();
});
