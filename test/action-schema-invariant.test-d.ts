import { expectTypeOf, test } from "vitest";
import type { KeyListIsTheVocabulary, UnknownKey } from "../src/contract/action-check.js";
import {
  actionSchemaKeys,
  mandatoryActionSchemaKeys,
  type ActionSchema,
  type ActionSchemaKey,
  type MandatoryActionSchemaKey,
} from "../src/index.js";

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

test("the compile-time check's key list (its messages) is the vocabulary, in catalogue order", () => {
  // KeyListIsTheVocabulary fails to compile if the set differs; the message pins the order.
  expectTypeOf<KeyListIsTheVocabulary>().toEqualTypeOf<true>();
  expectTypeOf<
    UnknownKey<"x">
  >().toEqualTypeOf<"unknown key 'x'. Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.">();
});
