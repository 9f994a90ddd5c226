// The server's settings, declared once: schema/serverSettings.schema.json names every
// environment variable the server and `npm run enquiries` read, with its type, range, default,
// description and examples. env-schema (fastify's own reader) checks the environment against it
// with the project's ajv (src/content/ajv.ts) and fills in the defaults; docs/SETTINGS.md is
// generated from the same schema (`npm run docs`). What JSON Schema cannot say (a URL's parts,
// a list of addresses, settings that go together) is checked after it, where the value is
// used: env.ts and delivery/config.ts.
import type Ajv from "ajv";
import envSchema from "env-schema";
import schemaJson from "../../schema/serverSettings.schema.json" with { type: "json" };
import { newAjv } from "../content/ajv.ts";
import type { ServerSettings } from "../shared/generated/schema-types.ts";
import { ConfigError } from "./config-error.ts";

/** One setting's declaration, as the schema file writes it. */
export interface SettingSchema {
  description: string;
  type: "string" | "integer";
  minimum?: number;
  maximum?: number;
  minLength?: number;
  /** The unit of a number, named in its message and in the docs ("a whole number of days"). */
  "x-unit"?: string;
  enum?: readonly string[];
  /** Each allowed value with what it means (`title`), for a value whose meaning is not its name. */
  oneOf?: readonly { const: string; title?: string }[];
  default?: string | number;
  examples?: readonly (string | number)[];
  /** A secret (a key, or a URL with a password): never repeated in a message. */
  writeOnly?: boolean;
}

export type SettingName = keyof ServerSettings;

type Declared = typeof schemaJson.properties;
/** The settings whose schema gives a default: after reading, they always have a value. */
type DefaultedName = { [N in SettingName]: Declared[N] extends { default: unknown } ? N : never }[SettingName];

/** The settings as read: each one named in the schema, with its default when it has one and is unset. */
export type Settings = ServerSettings & Required<Pick<ServerSettings, DefaultedName>>;

export const SETTINGS_SCHEMA = schemaJson as { title: string; description: string; properties: Record<SettingName, SettingSchema> };

/** Every setting, in the schema's order (the order problems are reported in, and the docs' order). */
export const SETTING_NAMES = Object.keys(SETTINGS_SCHEMA.properties) as SettingName[];

/** What an empty environment gives: the schema's defaults. */
export const SETTING_DEFAULTS = Object.freeze(
  Object.fromEntries(
    SETTING_NAMES.flatMap((name) => (SETTINGS_SCHEMA.properties[name].default === undefined ? [] : [[name, SETTINGS_SCHEMA.properties[name].default]])),
  ),
) as Readonly<Pick<Settings, DefaultedName>>;

/** A key with a minimum length is shared by all instances; this is what a good one looks like. */
const KEY_ADVICE = "a long random value, the same on every instance";

/**
 * What a setting holds, in words, from its schema: "a whole number from 0 to 65535", "one of
 * human, json", "1 (on) or 0 (off)". The messages and docs/SETTINGS.md both say it this way;
 * `value` writes a value (the docs put it in backticks).
 */
export function settingRule(schema: SettingSchema, value: (text: string) => string = String): string {
  if (schema.type === "integer") {
    return `a whole number${schema["x-unit"] ? ` of ${schema["x-unit"]}` : ""} from ${schema.minimum} to ${schema.maximum}`;
  }
  if (schema.enum) return `one of ${schema.enum.map(value).join(", ")}`;
  if (schema.oneOf) return schema.oneOf.map((choice) => `${value(choice.const)}${choice.title ? ` (${choice.title})` : ""}`).join(" or ");
  if (schema.minLength !== undefined) return `at least ${schema.minLength} characters`;
  return "text";
}

/** The one-line message for a value the schema refuses. A secret's value is not repeated: what a good one is, is said instead. */
export function settingProblem(name: SettingName, text: string): string {
  const schema = SETTINGS_SCHEMA.properties[name];
  const rule = settingRule(schema);
  if (schema.writeOnly) return `${name} must be ${rule}${schema.minLength === undefined ? "" : `: ${KEY_ADVICE}`}.`;
  return `${name} must be ${rule}, not "${text}".`;
}

// Made on first use and kept, with each selection's schema, so every schema is compiled once.
let settingsAjv: Ajv | undefined;
const schemaFor = new Map<string, object>();

/** The schema of just these settings (cached, so ajv compiles each selection once). */
function selectionSchema(names: readonly SettingName[]): object {
  const key = names.join(",");
  let schema = schemaFor.get(key);
  if (!schema) {
    const properties = Object.fromEntries(names.map((name) => [name, SETTINGS_SCHEMA.properties[name]]));
    schema = { type: "object", properties, additionalProperties: false };
    schemaFor.set(key, schema);
  }
  return schema;
}

/**
 * Reads the settings `names` (every setting by default) from `env`, with their defaults;
 * a value the schema refuses is a ConfigError whose message names the variable (the first in
 * the schema's order when several are wrong). A value that is empty or only spaces counts as
 * unset, and spaces around a value are dropped, as a shell's `VAR= ` leaves them.
 */
export function readSettings<N extends SettingName = SettingName>(env: NodeJS.ProcessEnv, names: readonly N[] = SETTING_NAMES as N[]): Pick<Settings, N> {
  const texts = new Map<N, string>();
  const data: Record<string, string | number> = {};
  for (const name of names) {
    const text = env[name]?.trim();
    if (!text) continue;
    texts.set(name, text);
    // Digits only make a whole number, so the text is converted here rather than by ajv's
    // coerceTypes, which (like Number()) would also read "0x1F", "1e3" and "5.0" as numbers.
    data[name] = SETTINGS_SCHEMA.properties[name].type === "integer" && /^\d+$/.test(text) ? Number(text) : text;
  }
  settingsAjv ??= newAjv({ useDefaults: true, validateSchema: false });
  try {
    return envSchema<Pick<Settings, N>>({ schema: selectionSchema(names), data, env: false, ajv: settingsAjv });
  } catch (error) {
    const problems = (error as { errors?: { instancePath: string }[] }).errors;
    if (!problems) throw error;
    const failed = new Set(problems.map((problem) => problem.instancePath.slice(1)));
    const name = names.find((candidate) => failed.has(candidate));
    if (name === undefined) throw error;
    throw new ConfigError(settingProblem(name, texts.get(name) ?? ""));
  }
}
