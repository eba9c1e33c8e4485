/**
 * Type-level inference of a handler's `data` from its action schema: keys in
 * `required` or `defaults` are present, the rest optional; property types
 * follow `type`, `enum`, `const`, `items` and nested `properties`. Anything
 * the types cannot see stays `unknown`, so authoring is never harder.
 */

interface JsonTypes {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  null: null;
  array: unknown[];
  object: { [key: string]: unknown };
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Names<List> = List extends readonly (infer Name)[] ? Extract<Name, string> : never;

/** The TypeScript type of the values a property schema describes. */
export type InferSchema<S> = S extends { readonly enum: readonly (infer Member)[] }
  ? Member
  : S extends { readonly const: infer Constant }
    ? Constant
    : S extends { readonly type: "array" }
      ? InferArray<S>
      : S extends { readonly type: "object" }
        ? InferObject<S>
        : S extends { readonly type: infer Name extends keyof JsonTypes }
          ? JsonTypes[Name]
          : S extends { readonly type: readonly (infer Name extends keyof JsonTypes)[] }
            ? JsonTypes[Name]
            : S extends { readonly properties: object }
              ? InferObject<S>
              : unknown;

type InferArray<S> = S extends { readonly items: infer Items }
  ? Items extends readonly unknown[]
    ? unknown[]
    : InferSchema<Items>[]
  : unknown[];

type InferObject<S> = S extends { readonly properties: infer Properties }
  ? ObjectOf<Properties, Names<S extends { readonly required: infer R } ? R : never>>
  : S extends { readonly additionalProperties: infer Extra extends object }
    ? { [key: string]: InferSchema<Extra> }
    : { [key: string]: unknown };

/** An object with the given property schemas, the `Present` names required. */
export type ObjectOf<Properties, Present extends PropertyKey> = Simplify<
  { -readonly [K in keyof Properties as K extends Present ? K : never]: InferSchema<Properties[K]> } & {
    -readonly [K in keyof Properties as K extends Present ? never : K]?: InferSchema<Properties[K]>;
  }
>;

/**
 * The `data` a handler receives for an action schema: after the gate and the
 * defaults merge, `required` and defaulted keys are always present.
 *
 * @example
 * ```ts
 * type Data = ActionData<{
 *   description: "Create";
 *   properties: { name: { type: "string" }; due: { type: "string" } };
 *   required: ["name"];
 * }>; // { name: string; due?: string }
 * ```
 */
export type ActionData<S> = S extends { readonly properties: infer Properties }
  ? ObjectOf<
      Properties,
      | Names<S extends { readonly required: infer R } ? R : never>
      | (S extends { readonly defaults: infer D } ? keyof D : never)
    >
  : { [key: string]: unknown };
