import type { RetryTarget } from "../server/delivery/outbox.ts";
import type { SettingName } from "../server/settings.ts";
import { argsOrNull } from "./options.ts";

/** The settings every `npm run enquiries` command reads (`not-spam` reads the delivery settings too). */
export const ENQUIRIES_SETTINGS = ["ENQUIRY_DB", "DATABASE_URL", "ENQUIRY_RETENTION_DAYS"] as const satisfies readonly SettingName[];

export type EnquiriesCommand =
  | { command: "list" }
  | { command: "spam" }
  | { command: "not-spam"; sessionId: string }
  | { command: "export"; format: "csv" | "json" }
  | { command: "deliveries" }
  | { command: "retry"; target: RetryTarget }
  | { command: "purge" }
  | { command: "find"; email: string }
  | { command: "erase"; email: string };

export const ENQUIRIES_USAGE =
  "usage: npm run enquiries -- list | export --format csv|json | deliveries | retry <delivery id>|failed | purge | find --email <address> | erase --email <address> | spam | not-spam <session id>";

const OPTIONS = { email: { type: "string" }, format: { type: "string" } } as const;

/**
 * Parses `list`, `export --format csv|json` (also `--format=csv`), `deliveries`, `retry <id>|failed`,
 * `purge`, `find --email <address>` or `erase --email <address>` (also `--email=…`), `spam` or
 * `not-spam <session id>`; null means a
 * usage error. Each command takes exactly its own arguments, each option once: anything more is a
 * mistake, not ignored (an erase must never act on an address other than the one meant).
 */
export function parseEnquiriesArgs(args: readonly string[]): EnquiriesCommand | null {
  const parsed = argsOrNull(OPTIONS, args);
  if (parsed === null) return null;
  const [command, ...positionals] = parsed.positionals;
  const options = parsed.tokens.filter((token) => token.kind === "option").map((token) => token.name);
  const takes = (option: string | null, count = 0) =>
    positionals.length === count && options.length === (option ? 1 : 0) && (option === null || options[0] === option);
  if ((command === "list" || command === "purge" || command === "deliveries" || command === "spam") && takes(null)) return { command };
  if (command === "not-spam" && takes(null, 1) && positionals[0]!.trim() !== "")
    return { command: "not-spam", sessionId: positionals[0]!.trim().toLowerCase() };
  if ((command === "find" || command === "erase") && takes("email")) {
    const email = parsed.values.email?.trim();
    return email && email.includes("@") ? { command, email } : null;
  }
  if (command === "retry" && takes(null, 1)) {
    const target = positionals[0]!;
    return { command: "retry", target: target === "failed" ? "failed" : { id: target.toLowerCase() } };
  }
  if (command === "export" && takes("format")) {
    const format = parsed.values.format;
    return format === "csv" || format === "json" ? { command: "export", format } : null;
  }
  return null;
}
