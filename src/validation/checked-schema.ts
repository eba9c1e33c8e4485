/**
 * The brand of an obtained schema. Only the obtaining functions in
 * src/validation/obtaining.ts hand it out (help and dispatch accept nothing else);
 * it lives here, as a type alone, so the modules that read a checked schema
 * need not import the module that checks it.
 */
import type { ActionSchema } from "../contract/vocabulary.js";

declare const checked: unique symbol;

/** An action schema that passed the mandatory-pair check where it was obtained. */
export type CheckedActionSchema = ActionSchema & { readonly [checked]: true };
