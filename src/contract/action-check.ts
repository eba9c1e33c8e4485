/**
 * Compile-time checks of a tool's action schemas, so TypeScript itself — in
 * any editor, with no plugin — flags the commonest mistakes at the offending
 * line: an unknown action-schema key, a `required` / `requiredOneOf` entry or
 * a `defaults` key not declared in that action's `properties`, and a value of
 * the wrong shape for its key (`items: "string"`). The build-time plugin and
 * the registration check still run every rule; these types are the part a
 * type checker can see as you type.
 *
 * How it stays out of inference's way: `defineTool` infers the record `A`
 * from the `actions` argument as written (only the loose constraint `object`,
 * so one malformed action never collapses `A` to its constraint and the
 * other handlers keep precise `data`). The parameter is built of conditional
 * types: TypeScript infers from an argument into both branches of a
 * conditional, and the checking branches read `A` only through `NoInfer`, so
 * inference sees `A` alone. Once `A` is fixed, a well-formed record is
 * checked against itself (no change from plain inference); a malformed one
 * against `CheckedActions<A>`, which mirrors it with each offending place
 * replaced by what the place must be — a message type for names, the
 * vocabulary's own type for shapes — so the error lands on that property or
 * array element. Both ways of writing `actions` (an object, a function
 * returning one) are checked.
 *
 * @module
 */
import type { ActionSchema, ActionSchemaKey, MandatoryActionSchemaKey } from "./vocabulary.js";

/**
 * The `actions` parameter of `defineTool`: the record as written (an object,
 * or a function returning one) when it passes `CheckedActions`, else the
 * checked mirror — as an object that is also a function returning it, so an
 * error is placed inside whichever form the author wrote (TypeScript
 * elaborates an arrow function's returned literal only against a function
 * type, not a union of an object and a function type).
 *
 * The shape matters, found by experiment on TypeScript 5.9: the verdict
 * must be a type alias (`Wellformed`), each form needs a conditional of its
 * own, and `() => A` must sit directly in a branch — a conditional return
 * type, or any extra type parameter in the union, loses the `const` context
 * of an arrow function's returned literal (its `required: ["id"]` widens to
 * `string[]`). The conditionals ask "malformed?" rather than "well-formed?"
 * so that a still-generic `A` (a wrapper `function wrap<A extends
 * ActionRecord>(actions: A)`) is accepted: TypeScript relates a value to an
 * unresolved conditional through the branch its permissive instantiation
 * picks, and `Wellformed<any>` is `true`. `test/action-schema-compile-errors.test-d.ts`
 * pins both forms and the wrapper.
 *
 * @example
 * ```ts
 * declare function define<const A extends object>(actions: ActionsArgument<A>): A;
 * define({ a: { description: "A", properties: {}, requried: [] } });
 * //                                              ~~~~~~~~ unknown key 'requried'. Fix: did you mean 'required'? …
 * ```
 */
export type ActionsArgument<A> =
  | (Wellformed<A> extends false ? CheckedActions<NoInfer<A>> & (() => CheckedActions<NoInfer<A>>) : A)
  | (Wellformed<A> extends false ? never : () => A);

/** Whether a record passes its own checks; reads `A` only through `NoInfer`, so it never drives inference. */
type Wellformed<A> = [NoInfer<A>] extends [CheckedActions<NoInfer<A>>] ? true : false;

/**
 * An action record with every offending place replaced by what it must be.
 * A well-formed record is assignable to its own `CheckedActions`.
 *
 * @example
 * ```ts
 * type Checked = CheckedActions<{ list: { description: "List"; properties: {}; defaults: { limit: 20 } } }>;
 * // { readonly list: { description: "List"; properties: {};
 * //   defaults: { limit: "default key 'limit' is not declared in this action's properties." } } }
 * ```
 */
export type CheckedActions<A> = { readonly [Action in keyof A]: CheckedAction<A[Action]> };

/** One action schema: each key checked, and the mandatory keys it lacks demanded. */
type CheckedAction<S> = S extends object
  ? { [Key in keyof S]: CheckedKey<S, Key, DeclaredNames<S>> } & Pick<ActionSchema, Exclude<MandatoryActionSchemaKey, keyof S>>
  : ActionSchema;

/** The names an action declares; every name when its `properties` cannot be read (its own error says why). */
type DeclaredNames<S> = S extends { readonly properties: infer Properties extends object }
  ? string extends keyof Properties
    ? string
    : Extract<keyof Properties, string>
  : string;

type CheckedKey<S, Key extends keyof S, Declared> = Key extends ActionSchemaKey
  ? Key extends "required"
    ? CheckedNames<S[Key], Declared>
    : Key extends "requiredOneOf"
      ? CheckedGroups<S[Key], Declared>
      : Key extends "defaults"
        ? CheckedDefaults<S[Key], Declared>
        : Conform<S[Key], ActionSchema[Key]>
  : UnknownKey<Key>;

/**
 * A list of names, each declared (`required`, a `requiredOneOf` group). A
 * name typed only `string` (a `string[]` variable) cannot be checked here:
 * it passes, and the build and registration checks read its value.
 */
type CheckedNames<List, Declared> = List extends readonly unknown[]
  ? { [I in keyof List]: CheckedName<List[I], Declared> }
  : Conform<List, readonly string[] | undefined>;

type CheckedName<Name, Declared> = Name extends Declared
  ? Name
  : string extends Name
    ? Name
    : Name extends string
      ? NotDeclared<Name, Declared>
      : string;

type CheckedGroups<Groups, Declared> = Groups extends readonly unknown[]
  ? { [G in keyof Groups]: CheckedNames<Groups[G], Declared> }
  : Conform<Groups, ActionSchema["requiredOneOf"]>;

type CheckedDefaults<Defaults, Declared> = Defaults extends object
  ? Defaults extends readonly unknown[]
    ? ActionSchema["defaults"]
    : {
        [Key in keyof Defaults]: Key extends Declared
          ? Defaults[Key]
          : string extends Key
            ? Defaults[Key]
            : NotDeclaredDefault<Key, Declared>;
      }
  : Conform<Defaults, ActionSchema["defaults"]>;

/**
 * `Value` where it fits `Wanted`; otherwise, descending into arrays and
 * objects, `Wanted` at the deepest place that does not fit — so the error
 * names that place (`items` inside a property schema, not `properties`).
 */
type Conform<Value, Wanted> = [Value] extends [Wanted]
  ? Value
  : Value extends readonly unknown[]
    ? ConformElements<Value, Extract<Wanted, readonly unknown[]>, Wanted>
    : Value extends object
      ? ConformMembers<Value, Exclude<Extract<Wanted, object>, readonly unknown[]>, Wanted>
      : Wanted;

type ConformElements<Value, Arrays, Wanted> = [Arrays] extends [never]
  ? Wanted
  : Arrays extends readonly (infer Element)[]
    ? { [I in keyof Value]: Conform<Value[I], Element> }
    : Wanted;

type ConformMembers<Value, Objects, Wanted> = [Objects] extends [never]
  ? Wanted
  : { [Key in keyof Value]: Conform<Value[Key], MemberOf<Objects, Key>> };

/** A member's wanted type, through an index signature too; `unknown` (anything goes) when no object type names it. */
type MemberOf<Objects, Key> = Objects extends unknown ? (Key extends keyof Objects ? Objects[Key] : unknown) : never;

// ── messages ──────────────────────────────────────────────────────────────

/**
 * The vocabulary in catalogue order, for messages. A restatement of
 * `actionSchemaKeys()`, pinned to it: `KeyListIsTheVocabulary` fails to
 * compile if the two differ, and a type test compares them.
 */
type KeyList = ["description", "properties", "required", "requiredOneOf", "defaults", "notes", "related", "examples"];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only while `KeyList` lists exactly the vocabulary (exported for the type test that pins it). */
export type KeyListIsTheVocabulary<Check extends true = Same<KeyList[number], ActionSchemaKey>> = Check;

type Join<List> = List extends [infer Only extends string]
  ? Only
  : List extends [infer First extends string, ...infer More]
    ? `${First}, ${Join<More>}`
    : "";

/**
 * The value an unknown key must have: a message no value matches, worded as
 * the build-time check words it.
 *
 * @example
 * ```ts
 * type Message = UnknownKey<"note">;
 * // "unknown key 'note'. Fix: did you mean 'notes'? Known keys: description, properties, …, examples."
 * ```
 */
export type UnknownKey<Key> = `unknown key '${Spelled<Key>}'.${Fix<Key, ActionSchemaKey>} Known keys: ${Join<KeyList>}.`;

/** What a `required` / `requiredOneOf` entry must be when it names an undeclared key. */
export type NotDeclared<Name, Declared> = `'${Spelled<Name>}' is not declared in this action's properties.${Fix<Name, Declared>}`;

/** What a `defaults` value must be when its key is undeclared. */
export type NotDeclaredDefault<Key, Declared> =
  `default key '${Spelled<Key>}' is not declared in this action's properties.${Fix<Key, Declared>}`;

type Spelled<Key> = Key extends string | number ? `${Key}` : "(a symbol)";

/** `" Fix: did you mean '…'?"` for a close candidate, else nothing. */
type Fix<Word, Candidates> = string extends Candidates
  ? ""
  : Word extends string
    ? [CloseTo<Word, Candidates>] extends [never]
      ? ""
      : ` Fix: did you mean '${CloseTo<Word, Candidates>}'?`
    : "";

type CloseTo<Word extends string, Candidates> = Candidates extends string
  ? Close<Lowercase<Word>, Lowercase<Candidates>> extends true
    ? Candidates
    : never
  : never;

/**
 * A cheap type-level "did you mean": the two words differ by at most one
 * letter each way, ignoring order — catches a swap (`requried`), a missing or
 * extra letter (`note`, `exampless`) and one wrong letter.
 */
type Close<Word extends string, Candidate extends string> =
  Leftover<Word, Candidate> extends [infer Rest extends string, infer Missing extends number]
    ? Missing extends 0 | 1
      ? AtMostOneLetter<Rest>
      : false
    : false;

/** Takes `Word`'s letters out of `Candidate` one by one: `[what is left of Candidate, how many of Word's letters it lacked]`. */
type Leftover<Word extends string, Candidate extends string, Missing extends unknown[] = []> = Missing["length"] extends 2
  ? ["", 2]
  : Word extends `${infer Letter}${infer More}`
    ? Candidate extends `${infer Before}${Letter}${infer After}`
      ? Leftover<More, `${Before}${After}`, Missing>
      : Leftover<More, Candidate, [...Missing, Letter]>
    : [Candidate, Missing["length"]];

type AtMostOneLetter<Text extends string> = Text extends ""
  ? true
  : Text extends `${string}${infer More}`
    ? More extends ""
      ? true
      : false
    : false;
