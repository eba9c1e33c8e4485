/**
 * The action-schema vocabulary as a type: what an action declares. The key
 * list itself lives in `actionSchemaKeys()` (src/tool.ts), which a compile
 * check there and the invariant test hold equal to this type's keys.
 */
import type { PropertyMap } from "./tool-parts.js";

/** The declaration of one action. See "Action schema format" in src/tool.ts. */
export interface ActionSchema {
  readonly description: string;
  readonly properties: PropertyMap;
  readonly required?: readonly string[];
  readonly requiredOneOf?: readonly (readonly string[])[];
  readonly defaults?: Readonly<Record<string, unknown>>;
  readonly notes?: string;
  readonly related?: readonly string[];
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
}

/** A key of the action-schema vocabulary. */
export type ActionSchemaKey = keyof ActionSchema;

/** A key every action schema must carry. */
export type MandatoryActionSchemaKey = { [Key in ActionSchemaKey]-?: {} extends Pick<ActionSchema, Key> ? never : Key }[ActionSchemaKey];
