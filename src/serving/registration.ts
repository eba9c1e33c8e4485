/**
 * The runtime registration moment: every problem of every tool being
 * registered, gathered into one `ToolRegistrationError` — callback-surface
 * offences (including duplicate names and the reserved name `help`) and each
 * tool's `ActionSchemaError` — so a bad tool fails in the registering code
 * path, all at once, never at its first request.
 */
import { obtainForRegistration, toolName, type CheckedActionSchema } from "../validation/obtaining.js";
import { callbackSurfaceOffences, surfaceLine, type SurfaceOffence } from "../validation/callback-surface.js";
import { ActionSchemaError } from "../validation/action-schema-error.js";
import { toolLabel } from "../validation/format.js";

/** A tool name registered twice, or already taken on the router. */
export interface DuplicateNameOffence extends Omit<SurfaceOffence, "code"> {
  readonly code: "duplicate_name";
}

/** A registration problem outside the action schemas. */
export type RegistrationOffence = SurfaceOffence | DuplicateNameOffence;

/**
 * Thrown by `createRouter` and `router.register`: every problem of every
 * tool, as data — `surfaceOffences` and one `ActionSchemaError` per tool
 * with malformed action schemas — and as one message. It is itself an
 * `ActionSchemaError` (the registration moment runs `validate`): its
 * `offences` are every tool's action-schema offences, `tool` the tool's name
 * when one tool is at fault.
 *
 * @example
 * ```ts
 * try {
 *   createRouter({ tools: [tasks, notes] });
 * } catch (error) {
 *   if (error instanceof ToolRegistrationError) console.error(error.schemaErrors.flatMap((e) => e.offences));
 *   throw error;
 * }
 * ```
 */
export class ToolRegistrationError extends ActionSchemaError {
  override readonly name = "ToolRegistrationError";
  declare readonly surfaceOffences: readonly RegistrationOffence[];
  declare readonly schemaErrors: readonly ActionSchemaError[];

  constructor(surfaceOffences: readonly RegistrationOffence[], schemaErrors: readonly ActionSchemaError[]) {
    const tools = toolsAtFault(surfaceOffences, schemaErrors);
    super(
      tools.size === 1 ? [...tools][0] : undefined,
      schemaErrors.flatMap((error) => error.offences),
    );
    // Read-only and not enumerable, as ActionSchemaError's: uncaught at start-up, the message's list is printed once.
    Object.defineProperties(this, {
      message: { value: formatRegistration(tools, surfaceOffences, schemaErrors), writable: true, configurable: true },
      surfaceOffences: { value: surfaceOffences },
      schemaErrors: { value: schemaErrors },
    });
  }
}

function toolsAtFault(surface: readonly RegistrationOffence[], schemas: readonly ActionSchemaError[]): Set<string | undefined> {
  return new Set([...surface.map((o) => o.tool), ...schemas.map((e) => e.tool)]);
}

function formatRegistration(
  tools: ReadonlySet<string | undefined>,
  surface: readonly RegistrationOffence[],
  schemas: readonly ActionSchemaError[],
): string {
  const header = `cannot register ${tools.size === 1 ? toolLabel([...tools][0]) : `${tools.size} tools`}`;
  const lines = surface.map((o) => `  ${surfaceLine(o)}`);
  return [header, ...lines, ...schemas.map((error) => error.message)].join("\n");
}

/**
 * Checks tools about to join a router that already holds `taken` names;
 * throws one `ToolRegistrationError` naming every problem.
 *
 * @example
 * ```ts
 * checkRegistration([tasks], new Set(["notes"]));
 * ```
 */
export function checkRegistration(
  tools: readonly unknown[],
  taken: ReadonlySet<string>,
): Map<unknown, Readonly<Record<string, CheckedActionSchema>>> {
  const checked = new Map<unknown, Readonly<Record<string, CheckedActionSchema>>>();
  const surface: RegistrationOffence[] = [];
  const schemaErrors: ActionSchemaError[] = [];
  const seen = new Set(taken);
  for (const tool of tools) {
    // One read of the action record feeds the surface check, the chain and the listing.
    const reading = obtainForRegistration(tool);
    const offences = callbackSurfaceOffences(tool, reading);
    surface.push(...offences);
    const name = toolName(tool);
    if (name !== undefined && !offences.some((o) => o.field === "name")) {
      if (seen.has(name)) {
        surface.push({
          tool: name,
          field: "name",
          code: "duplicate_name",
          problem: `the name ${JSON.stringify(name)} is already registered`,
          fix: "give every tool its own name, or unregister the other one first.",
        });
      }
      seen.add(name);
    }
    // A value that is not a tool, or has no actions function, is reported once, by the surface check.
    if (offences.some((o) => o.code === "not_object" || o.field === "actions")) continue;
    if (reading.offences.length > 0) schemaErrors.push(new ActionSchemaError(name, reading.offences));
    else if (reading.schemas !== undefined) checked.set(tool, reading.schemas);
  }
  if (surface.length > 0 || schemaErrors.length > 0) throw new ToolRegistrationError(surface, schemaErrors);
  return checked;
}

/**
 * Refuses action listings whose names (`<tool>_<action>`) are taken — by a
 * tool, by another action listing, or by `help` — before anything is
 * registered; every clash is named in one `ToolRegistrationError`.
 *
 * @example
 * ```ts
 * refuseTakenNames([{ tool: "tasks", action: "create", name: "tasks_create" }], new Set(["tasks_create"])); // throws
 * ```
 */
export function refuseTakenNames(
  listed: readonly { readonly tool: string; readonly action: string; readonly name: string }[],
  taken: ReadonlySet<string>,
): void {
  const seen = new Set([...taken, "help"]);
  const offences: RegistrationOffence[] = [];
  for (const { tool, action, name } of listed) {
    if (seen.has(name)) {
      offences.push({
        tool,
        field: `actions["${action}"]`,
        code: "duplicate_name",
        problem: `the action is listed as ${JSON.stringify(name)}, a name already listed`,
        fix: "rename the action or the tool, or list this tool compact (listingOverrides).",
      });
    }
    seen.add(name);
  }
  if (offences.length > 0) throw new ToolRegistrationError(offences, []);
}
