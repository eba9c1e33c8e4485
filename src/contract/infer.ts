/**
 * Type-level inference of a handler's `data` from its action schema, keyword
 * by keyword as the call gate checks it (JSON Schema draft 2020-12 plus the
 * closure). The rule is soundness: every value the gate admits has the
 * inferred type, so a keyword the types do not read only makes a type wider,
 * never wrong, and anything unseen stays `unknown` — authoring is never
 * harder. At the top level, keys in `required` or `defaults` are present (the
 * gate merges defaults before the handler runs), the others optional.
 *
 * Keyword by keyword:
 * - `type`: `string`, `number` and `integer` (→ `number`), `boolean`, `null`;
 *   a list of types is the union (`["string", "null"]` → `string | null`).
 *   Without `type` a schema admits every JSON type, so only `enum`, `const`,
 *   `$ref` and the combinators narrow it: `{ properties: … }` alone is
 *   `unknown` (the gate lets a string through it) — write `type: "object"`.
 * - `enum` / `const`: the listed values, narrowed by `type` when both are
 *   given (`{ type: "string", enum: ["a", null] }` → `"a"`).
 * - `type: "array"`: a single-schema `items` → an array of it; `prefixItems`
 *   (or the legacy `items: [...]`) → a tuple whose first `minItems` elements
 *   are present and the rest optional (a shorter array passes the gate),
 *   followed by a rest of the `items` schema (legacy: `additionalItems`),
 *   none for `false`, `unknown` when absent. A boolean `items` is read as
 *   JSON Schema means it (`false` → `[]`), though wymcp's shape check
 *   currently refuses it, as `PropertySchema` does.
 * - `type: "object"`: `properties` with nested `required` (present) and the
 *   rest optional. Extra keys follow the closure: `properties` without
 *   `additionalProperties` (or with `false`) admits only the declared names;
 *   `additionalProperties: true` or a schema adds an index signature (of the
 *   schema, and of any `patternProperties` schemas, whose keys skip it).
 *   TypeScript requires every declared property to fit the index signature,
 *   so the signature is the union of the extra type and the declared types,
 *   `undefined` included when a declared key is optional — the type one would
 *   write by hand: `{ [key: string]: boolean | number | string | undefined;
 *   id: number; note?: string }`. Declared keys keep their own types; an
 *   arbitrary key reads as the union. A nested `required` name that only the
 *   extra schema admits is present with the extra type. Neither `properties`
 *   nor `additionalProperties`: an open `{ [key: string]: unknown }`.
 * - `anyOf` / `oneOf`: the union of the branches; `allOf`: the intersection
 *   (object intersections flattened into one object). Each is intersected
 *   with what the schema's own keywords say, so a branch that only adds
 *   constraints (`{ minLength: 1 }`) keeps the outer type.
 * - `$ref`: a JSON pointer into the top-level property schema the reference
 *   sits in — the gate compiles each property schema as a document of its
 *   own — so `"#/$defs/Name"` resolves against that property's `$defs`
 *   (`"#"`, `"#/definitions/…"` and any other local pointer too). Recursive
 *   references are followed `REF_DEPTH` deep, then `unknown`; a remote or
 *   unresolvable reference is `unknown`.
 * - Every other keyword (`format`, `minimum`, `pattern`, `not`, `if`, …)
 *   only narrows what the gate admits, so it is not read.
 */

/** The JSON types whose TypeScript type needs no other keyword. */
interface Scalars {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  null: null;
}

/** What a value of each JSON type is at least, to narrow `enum` and `const` by `type`. */
interface Bases {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  null: null;
  array: readonly unknown[];
  object: object;
}

/** How many `$ref`s one path of the inference follows before the rest is `unknown` (recursive schemas). */
type REF_DEPTH = 8;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Names<List> = List extends readonly (infer Name)[] ? Extract<Name, string> : never;

/**
 * The TypeScript type of the values a property schema describes: the type
 * of every value the gate admits for it. See the module comment for what
 * each keyword contributes.
 *
 * @example
 * ```ts
 * type Tags = InferSchema<{ type: "array"; items: { type: "string" } }>; // string[]
 * type Maybe = InferSchema<{ type: ["integer", "null"] }>; // number | null
 * ```
 */
export type InferSchema<S> = Infer<S, S, []>;

/**
 * One schema at any depth: `Root` is the top-level property schema that
 * `$ref`s resolve against, `Refs` counts the references followed so far.
 */
type Infer<S, Root, Refs extends unknown[]> = 0 extends 1 & S
  ? unknown
  : S extends true
    ? unknown
    : S extends false
      ? never
      : S extends object
        ? Intersect<Intersect<Own<S, Root, Refs>, Ref<S, Root, Refs>>, Combined<S, Root, Refs>>
        : unknown;

/** What `enum`, `const` and `type` say. */
type Own<S, Root, Refs extends unknown[]> = S extends { readonly enum: readonly (infer Member)[] }
  ? OfType<Member, S>
  : S extends { readonly const: infer Constant }
    ? OfType<Constant, S>
    : S extends { readonly type: infer Type }
      ? ByType<Type extends readonly (infer Name)[] ? Name : Type, S, Root, Refs>
      : unknown;

/** Listed values narrowed by the schema's `type`, when it has one. */
type OfType<Values, S> = S extends { readonly type: infer Type }
  ? NarrowTo<Values, Base<Type extends readonly (infer Name)[] ? Name : Type>>
  : Values;

type Base<Name> = Name extends keyof Bases ? Bases[Name] : unknown;

/** Distributes over `Values`. */
type NarrowTo<Values, To> = Values extends To ? Values : never;

/** Distributes over the type names of a `type` list. */
type ByType<Name, S, Root, Refs extends unknown[]> = Name extends "array"
  ? ArrayOf<S, Root, Refs>
  : Name extends "object"
    ? ObjectShape<S, Root, Refs>
    : Name extends keyof Scalars
      ? Scalars[Name]
      : unknown;

// ── arrays ────────────────────────────────────────────────────────────────

type ArrayOf<S, Root, Refs extends unknown[]> = S extends { readonly prefixItems: infer Prefix extends readonly unknown[] }
  ? TupleOf<Prefix, S extends { readonly items: infer Rest } ? Rest : undefined, MinItems<S>, Root, Refs>
  : S extends { readonly items: infer Items }
    ? Items extends readonly unknown[]
      ? TupleOf<Items, S extends { readonly additionalItems: infer Rest } ? Rest : undefined, MinItems<S>, Root, Refs>
      : Items extends false
        ? []
        : Infer<Items, Root, Refs>[]
    : unknown[];

type MinItems<S> = S extends { readonly minItems: infer Min extends number } ? Min : 0;

/** The prefix elements (the first `Min` present), then the rest: `undefined` (absent) → `unknown`, `false` → none. */
type TupleOf<Prefix, Rest, Min, Root, Refs extends unknown[]> = Rest extends false
  ? Elements<Prefix, Min, Root, Refs>
  : [...Elements<Prefix, Min, Root, Refs>, ...(Rest extends undefined | true ? unknown : Infer<Rest, Root, Refs>)[]];

/** `Seen` is every length `Out` has had: an element is present while `Min` is not among them. */
type Elements<Prefix, Min, Root, Refs extends unknown[], Out extends unknown[] = [], Seen = 0> = Prefix extends readonly [
  infer Element,
  ...infer More,
]
  ? Min extends Seen
    ? Elements<More, Min, Root, Refs, [...Out, Infer<Element, Root, Refs>?], Seen | [...Out, unknown]["length"]>
    : Elements<More, Min, Root, Refs, [...Out, Infer<Element, Root, Refs>], Seen | [...Out, unknown]["length"]>
  : Out;

// ── objects ───────────────────────────────────────────────────────────────

type RequiredOf<S> = Names<S extends { readonly required: infer List } ? List : never>;

type ObjectShape<S, Root, Refs extends unknown[]> = WithExtra<
  S extends { readonly properties: infer Properties } ? ObjectOf<Properties, RequiredOf<S>, Root, Refs> : {},
  Extra<S, Root, Refs>,
  Exclude<RequiredOf<S>, S extends { readonly properties: infer Properties } ? keyof Properties : never>
>;

/**
 * The type of undeclared keys' values, as the closure reads the place:
 * `never` when it admits none.
 */
type Extra<S, Root, Refs extends unknown[]> = S extends { readonly additionalProperties: infer Additional }
  ? Additional extends false
    ? never
    : Infer<Additional, Root, Refs> | Patterns<S, Root, Refs>
  : S extends { readonly properties: object }
    ? never
    : unknown;

/** `patternProperties` schemas: keys they match skip `additionalProperties`. */
type Patterns<S, Root, Refs extends unknown[]> = S extends { readonly patternProperties: infer Map }
  ? { [Pattern in keyof Map]: Infer<Map[Pattern], Root, Refs> }[keyof Map]
  : never;

/** Declared keys, plus an index signature wide enough for them when extra keys are admitted. */
type WithExtra<Declared, ExtraValue, RequiredExtra extends PropertyKey> = [ExtraValue] extends [never]
  ? Declared
  : Simplify<Declared & Record<RequiredExtra, ExtraValue> & Record<string, ExtraValue | Declared[keyof Declared]>>;

/**
 * An object with the given property schemas, the `Present` names required.
 *
 * @example
 * ```ts
 * type Point = ObjectOf<{ x: { type: "number" }; label: { type: "string" } }, "x">; // { x: number; label?: string }
 * ```
 */
export type ObjectOf<Properties, Present extends PropertyKey, Root = never, Refs extends unknown[] = []> = Simplify<
  {
    -readonly [K in keyof Properties as K extends Present ? K : never]: Infer<Properties[K], RootOf<Root, Properties[K]>, Refs>;
  } & {
    -readonly [K in keyof Properties as K extends Present ? never : K]?: Infer<Properties[K], RootOf<Root, Properties[K]>, Refs>;
  }
>;

/** A top-level property schema is its own `$ref` root; below it, the root is passed down. */
type RootOf<Root, S> = [Root] extends [never] ? S : Root;

// ── combinators and references ────────────────────────────────────────────

type Combined<S, Root, Refs extends unknown[]> = Intersect<
  Intersect<AnyOf<S, "anyOf", Root, Refs>, AnyOf<S, "oneOf", Root, Refs>>,
  S extends { readonly allOf: infer Branches } ? AllOf<Branches, Root, Refs> : unknown
>;

type AnyOf<S, Keyword extends string, Root, Refs extends unknown[]> = S extends {
  readonly [K in Keyword]: infer Branches extends readonly unknown[];
}
  ? { [I in keyof Branches]: Infer<Branches[I], Root, Refs> }[number]
  : unknown;

type AllOf<Branches, Root, Refs extends unknown[]> = Branches extends readonly [infer First, ...infer More]
  ? Intersect<Infer<First, Root, Refs>, AllOf<More, Root, Refs>>
  : unknown;

type Ref<S, Root, Refs extends unknown[]> = S extends { readonly $ref: infer Pointer extends string }
  ? Refs["length"] extends REF_DEPTH
    ? unknown
    : Infer<Resolve<Pointer, Root>, Root, [...Refs, Pointer]>
  : unknown;

/** The schema a local JSON pointer names, or `true` (any value) when it names none. */
type Resolve<Pointer, Root> = Pointer extends "#" | "" ? Root : Pointer extends `#/${infer Path}` ? Walk<Root, Path> : true;

type Walk<Schema, Path> = Path extends `${infer Segment}/${infer More}`
  ? Walk<Step<Schema, Unescape<Segment>>, More>
  : Step<Schema, Unescape<Path>>;

type Step<Schema, Segment> = Schema extends object ? (Segment extends keyof Schema ? Schema[Segment] : true) : true;

/** JSON pointer escapes: `~1` is `/`, `~0` is `~`. */
type Unescape<Segment> = Segment extends `${infer Head}~1${infer Tail}`
  ? Unescape<`${Head}/${Tail}`>
  : Segment extends `${infer Head}~0${infer Tail}`
    ? `${Head}~${Unescape<Tail>}`
    : Segment;

/**
 * `A & B`, where `unknown` changes nothing, unions distribute and two plain
 * object types are flattened into one (`{ a: 1 } & { b: 2 }` → `{ a: 1; b: 2 }`).
 */
type Intersect<A, B> = unknown extends A ? B : unknown extends B ? A : A extends unknown ? (B extends unknown ? Meet<A, B> : never) : never;

type Meet<A, B> = [A, B] extends [object, object]
  ? A extends readonly unknown[]
    ? A & B
    : B extends readonly unknown[]
      ? A & B
      : Simplify<A & B>
  : A & B;

// ── the action ────────────────────────────────────────────────────────────

/**
 * The `data` a handler receives for an action schema: after the gate and the
 * defaults merge, `required` and defaulted keys are always present, the rest
 * optional; each value typed by its property schema (`InferSchema`).
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
  ? ObjectOf<Properties, RequiredOf<S> | (S extends { readonly defaults: infer D } ? keyof D : never)>
  : Record<string, unknown>;
