// Staff who sign in to the editor inside `npm start` (docs/editor.md, "Staff sign-in"):
// `npm run staff -- invite <email> --name "Ana Rao" --role editor|publisher` prints a one-time
// link (and emails it when SMTP is configured), `-- list`, `-- role <email> <role>`,
// `-- remove <email>` (ends every session at once), `-- log` (the audit trail).
import { ConfigError } from "../server/config-error.ts";
import { deliveryConfigFromEnv, type EmailConfig } from "../server/delivery/config.ts";
import { checkDatabaseUrl, checkEditorOrigin } from "../server/env.ts";
import { readSettings } from "../server/settings.ts";
import { emailInvite } from "../server/staff/invite-email.ts";
import { openStaffStore } from "../server/staff/open-staff-store.ts";
import { INVITE_MS, newToken, tokenHash, type AuditEntry, type StaffStore, type StaffSummary } from "../server/staff/staff-store.ts";
import { parseStaffArgs, STAFF_SETTINGS, STAFF_USAGE, type StaffCommand } from "./staff-args.ts";

/** Who acts from the server's shell, as the audit trail names them. */
const SHELL = "(server shell)";

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n") + "\n";
}

const when = (iso: string | null) => (iso === null ? "never" : iso.slice(0, 16).replace("T", " "));

export function staffTable(staff: readonly StaffSummary[]): string {
  if (staff.length === 0) return 'No staff yet: npm run staff -- invite <email> --name "Ana Rao" --role editor\n';
  return table(
    ["email", "name", "role", "passkeys", "sessions", "last sign-in (UTC)"],
    staff.map((s) => [s.email, s.name, s.role, String(s.passkeys), String(s.sessions), when(s.lastSignInAt)]),
  );
}

export function auditTable(entries: readonly AuditEntry[]): string {
  if (entries.length === 0) return "Nothing recorded yet.\n";
  return table(
    ["when (UTC)", "who", "what", "page", "commit", "detail"],
    entries.map((e) => [
      e.at.slice(0, 19).replace("T", " "),
      e.email ?? "(unknown passkey)",
      e.action,
      e.page ?? "",
      e.commit?.slice(0, 12) ?? "",
      e.detail ?? "",
    ]),
  );
}

/** The SMTP settings the enquiry emails use, or null when none are set (a broken one is said, and the link still printed). */
function inviteMailer(): EmailConfig | null {
  try {
    return deliveryConfigFromEnv(process.env).email ?? null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Not emailing the link: ${error.message}\n`);
    return null;
  }
}

async function invite(store: StaffStore, command: Extract<StaffCommand, { command: "invite" }>, origin: string): Promise<number> {
  const token = newToken();
  const now = Date.now();
  const result = await store.invite(command, tokenHash(token), now + INVITE_MS, now);
  if (result.outcome === "needs-name-and-role") {
    process.stderr.write(`${command.email} has no account yet: give its --name and --role (editor or publisher).\n${STAFF_USAGE}\n`);
    return 2;
  }
  const { account, created } = result;
  await store.audit({ email: SHELL, action: "invite", detail: `${account.email} as ${account.role}${created ? "" : " (a new passkey)"}` }, now);
  const link = `${origin}/admin/#invite=${token}`;
  process.stdout.write(
    `${created ? "Invited" : "A new invite for"} ${account.name} <${account.email}>, ${account.role}. ` +
      `The link works once, within 24 hours${created ? "" : "; registering on it replaces their passkey and ends their sessions"}:\n\n  ${link}\n\n`,
  );
  const mailer = inviteMailer();
  if (mailer !== null) {
    try {
      await emailInvite(mailer, { to: { name: account.name, address: account.email }, link, role: account.role });
      process.stdout.write(`Emailed to ${account.email}.\n`);
    } catch (error) {
      process.stderr.write(`Could not email it (${(error as Error).message}): send the link yourself.\n`);
    }
  }
  return 0;
}

async function main(): Promise<number> {
  const command = parseStaffArgs(process.argv.slice(2));
  if (command === null) {
    process.stderr.write(`${STAFF_USAGE}\n`);
    return 2;
  }
  let settings;
  try {
    settings = readSettings(process.env, STAFF_SETTINGS);
    checkDatabaseUrl(settings.DATABASE_URL);
    checkEditorOrigin(settings.EDITOR_ORIGIN);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const origin = (settings.EDITOR_ORIGIN ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, "");
  const store = await openStaffStore({ databaseUrl: settings.DATABASE_URL, dbPath: settings.ENQUIRY_DB });
  try {
    if (command.command === "invite") return await invite(store, command, origin);
    if (command.command === "list") process.stdout.write(staffTable(await store.list()));
    else if (command.command === "log") process.stdout.write(auditTable(await store.log(command.limit)));
    else if (command.command === "role") {
      if (!(await store.setRole(command.email, command.role))) {
        process.stderr.write(`No staff account for ${command.email}.\n`);
        return 1;
      }
      await store.audit({ email: SHELL, action: "role", detail: `${command.email} is now ${command.role}` }, Date.now());
      process.stdout.write(`${command.email} is now ${command.role === "publisher" ? "a publisher" : "an editor"}.\n`);
    } else {
      if (!(await store.remove(command.email))) {
        process.stderr.write(`No staff account for ${command.email}.\n`);
        return 1;
      }
      await store.audit({ email: SHELL, action: "remove", detail: command.email }, Date.now());
      process.stdout.write(`Removed ${command.email}: their passkeys and invites are gone and every session of theirs has ended.\n`);
    }
  } finally {
    await store.close();
  }
  return 0;
}

process.exitCode = await main();
