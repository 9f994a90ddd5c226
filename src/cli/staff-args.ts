import type { SettingName } from "../server/settings.ts";
import { ROLES, type Role } from "../server/staff/staff-store.ts";
import { argsOrNull } from "./options.ts";

/** The settings `npm run staff` reads: the database, and where invite links point (`invite` reads the SMTP settings too). */
export const STAFF_SETTINGS = ["ENQUIRY_DB", "DATABASE_URL", "EDITOR_ORIGIN", "PORT"] as const satisfies readonly SettingName[];

export type StaffCommand =
  | { command: "invite"; email: string; name?: string; role?: Role }
  | { command: "list" }
  | { command: "role"; email: string; role: Role }
  | { command: "remove"; email: string }
  | { command: "log"; limit: number };

export const STAFF_USAGE =
  'usage: npm run staff -- invite <email> [--name "Ana Rao"] [--role editor|publisher] | list | role <email> editor|publisher | remove <email> | log [--limit N]';

const OPTIONS = { name: { type: "string" }, role: { type: "string" }, limit: { type: "string" } } as const;

const isRole = (value: string | undefined): value is Role => (ROLES as readonly string[]).includes(value ?? "");
const isEmail = (value: string | undefined): value is string => value !== undefined && /^[^\s@]+@[^\s@]+$/.test(value.trim());

/**
 * Parses one staff command; null is a usage error. Each command takes exactly its own arguments
 * (a removal must never act on another address than the one meant). `invite` needs --name and
 * --role for a new account; for an existing one they are optional (store.invite says which).
 */
export function parseStaffArgs(args: readonly string[]): StaffCommand | null {
  const parsed = argsOrNull(OPTIONS, args);
  if (parsed === null) return null;
  const [command, ...positionals] = parsed.positionals;
  const options = new Set(parsed.tokens.filter((token) => token.kind === "option").map((token) => token.name));
  const optionCount = parsed.tokens.filter((token) => token.kind === "option").length;
  if (optionCount !== options.size) return null;
  const only = (...allowed: string[]) => [...options].every((option) => allowed.includes(option));
  const email = positionals[0]?.trim().toLowerCase();
  if (command === "invite" && positionals.length === 1 && isEmail(email) && only("name", "role")) {
    const name = parsed.values.name?.trim();
    const role = parsed.values.role;
    if (name === "" || (role !== undefined && !isRole(role))) return null;
    return { command, email, ...(name === undefined ? {} : { name }), ...(role === undefined ? {} : { role }) };
  }
  if (command === "list" && positionals.length === 0 && only()) return { command };
  if (command === "role" && positionals.length === 2 && isEmail(email) && isRole(positionals[1]) && only()) return { command, email, role: positionals[1] };
  if (command === "remove" && positionals.length === 1 && isEmail(email) && only()) return { command, email };
  if (command === "log" && positionals.length === 0 && only("limit")) {
    const limit = parsed.values.limit === undefined ? 50 : Number(parsed.values.limit);
    return Number.isInteger(limit) && limit > 0 ? { command, limit } : null;
  }
  return null;
}
