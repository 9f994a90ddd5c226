// Where enquiries are delivered (docs/notifications.md), from the ENQUIRY_NOTIFY_* and
// ENQUIRY_WEBHOOK_* settings (schema/serverSettings.schema.json). The schema checks each value
// alone; the checks here are what it cannot say: a URL's parts, lists of addresses, settings
// that go together. A setting that cannot work is a ConfigError naming the variable: start-up
// stops with exit code 2.
import { BlockList, isIP } from "node:net";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { ConfigError, urlSetting } from "../config-error.ts";
import { readSettings, SETTING_NAMES, type SettingName, type Settings } from "../settings.ts";

export interface SmtpServer {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp://: plain, upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  /**
   * smtp:// with a password: STARTTLS is required, so the password and the enquiries never
   * travel in clear text, even when someone on the path strips the server's offer of it.
   * Off only with ENQUIRY_NOTIFY_SMTP_INSECURE=1.
   */
  requireTls: boolean;
}

/** An email address with an optional display name, as nodemailer takes it. */
export interface Mailbox {
  name: string;
  address: string;
}

export interface SubjectRoute {
  subject: string;
  to: Mailbox[];
}

export interface EmailConfig {
  smtp: SmtpServer;
  from: Mailbox;
  to: Mailbox[];
  /** Enquiries with these subjects go to `to` of their route instead (ENQUIRY_NOTIFY_ROUTES). */
  routes: SubjectRoute[];
}

export interface WebhookConfig {
  url: URL;
  secret: string;
}

/** ENQUIRY_NOTIFY_SMTP_INSECURE=1: a password may go to an SMTP server without TLS (a trusted relay on the same host). */
export const SMTP_INSECURE_SETTING = "ENQUIRY_NOTIFY_SMTP_INSECURE";
/** ENQUIRY_WEBHOOK_ALLOW_HTTP=1: an http:// webhook may go to a public address. */
export const WEBHOOK_ALLOW_HTTP_SETTING = "ENQUIRY_WEBHOOK_ALLOW_HTTP";

export interface DeliveryConfig {
  email: EmailConfig | undefined;
  webhook: WebhookConfig | undefined;
}

export const CHANNELS = ["email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channels an enquiry gets a delivery row for, in a fixed order. */
export function deliveryChannels(config: DeliveryConfig): Channel[] {
  return CHANNELS.filter((channel) => config[channel] !== undefined);
}

// Deliberately loose: one @, no spaces, a dot in the domain. The SMTP server is the judge of the rest.
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

function mailboxes(name: string, raw: string): Mailbox[] {
  const parsed = addressparser(raw, { flatten: true });
  const list = parsed.map((entry) => ({ name: entry.name ?? "", address: entry.address ?? "" }));
  const bad = list.find((mailbox) => !ADDRESS.test(mailbox.address));
  if (list.length === 0 || bad) {
    throw new ConfigError(`${name} must be email addresses separated by commas, such as sales@example.com, not "${raw}".`);
  }
  return list;
}

function singleMailbox(name: string, raw: string): Mailbox {
  const list = (() => {
    try {
      return mailboxes(name, raw);
    } catch {
      return [];
    }
  })();
  if (list.length !== 1) {
    throw new ConfigError(`${name} must be one email address, such as "Nexa AI <noreply@example.com>", not "${raw}".`);
  }
  return list[0]!;
}

function smtpServer(raw: string, insecure: boolean): SmtpServer {
  const name = "ENQUIRY_NOTIFY_SMTP_URL";
  const url = urlSetting(name, raw, ["smtp:", "smtps:"], "smtp://user:password@smtp.example.com:587");
  if (!url.hostname) throw new ConfigError(`${name} has no host name.`);
  if (url.pathname.replace(/\/$/, "") || url.search || url.hash) {
    throw new ConfigError(`${name} takes no path or query: only smtp[s]://user:password@host:port.`);
  }
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(pass)) throw new ConfigError(`${name} must give both a user and a password, or neither.`);
  return {
    // WHATWG URL keeps IPv6 hosts in brackets; sockets want them bare.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass } : undefined,
    requireTls: Boolean(user) && !secure && !insecure,
  };
}

/** "Subject=addr,addr; Other subject=addr": who gets enquiries with these subjects instead of ENQUIRY_NOTIFY_TO. */
function subjectRoutes(raw: string | undefined): SubjectRoute[] {
  const name = "ENQUIRY_NOTIFY_ROUTES";
  const routes: SubjectRoute[] = [];
  for (const part of (raw ?? "").split(";")) {
    if (!part.trim()) continue;
    const equals = part.indexOf("=");
    const subject = part.slice(0, Math.max(equals, 0)).trim();
    if (equals < 0 || !subject) {
      throw new ConfigError(`${name} must be "Subject=address, address; Other subject=address", not "${part.trim()}".`);
    }
    routes.push({ subject, to: mailboxes(name, part.slice(equals + 1)) });
  }
  return routes;
}

type DeliverySettingName = Extract<SettingName, `ENQUIRY_NOTIFY_${string}` | `ENQUIRY_WEBHOOK_${string}`>;
export type DeliverySettings = Pick<Settings, DeliverySettingName>;

/** The settings delivery reads (the server's, and `npm run enquiries -- not-spam`'s): ENQUIRY_NOTIFY_* and ENQUIRY_WEBHOOK_*. */
export const DELIVERY_SETTINGS = SETTING_NAMES.filter((name): name is DeliverySettingName => /^ENQUIRY_(NOTIFY|WEBHOOK)_/.test(name));

function emailConfig(settings: DeliverySettings): EmailConfig | undefined {
  const url = settings.ENQUIRY_NOTIFY_SMTP_URL;
  const others = (["ENQUIRY_NOTIFY_FROM", "ENQUIRY_NOTIFY_TO", "ENQUIRY_NOTIFY_ROUTES"] as const).filter((name) => settings[name] !== undefined);
  if (!url) {
    if (others.length > 0) throw new ConfigError(`${others[0]} is set but ENQUIRY_NOTIFY_SMTP_URL is not: set both, or neither.`);
    return undefined;
  }
  const from = settings.ENQUIRY_NOTIFY_FROM;
  const to = settings.ENQUIRY_NOTIFY_TO;
  if (!from) throw new ConfigError("ENQUIRY_NOTIFY_FROM must be set with ENQUIRY_NOTIFY_SMTP_URL: the address emails are sent from.");
  if (!to) throw new ConfigError("ENQUIRY_NOTIFY_TO must be set with ENQUIRY_NOTIFY_SMTP_URL: who receives enquiries.");
  return {
    smtp: smtpServer(url, settings.ENQUIRY_NOTIFY_SMTP_INSECURE === "1"),
    from: singleMailbox("ENQUIRY_NOTIFY_FROM", from),
    to: mailboxes("ENQUIRY_NOTIFY_TO", to),
    routes: subjectRoutes(settings.ENQUIRY_NOTIFY_ROUTES),
  };
}

function webhookConfig(settings: DeliverySettings): WebhookConfig | undefined {
  const raw = settings.ENQUIRY_WEBHOOK_URL;
  const secret = settings.ENQUIRY_WEBHOOK_SECRET;
  if (!raw) {
    if (secret) throw new ConfigError("ENQUIRY_WEBHOOK_SECRET is set but ENQUIRY_WEBHOOK_URL is not: set both, or neither.");
    return undefined;
  }
  const url = urlSetting("ENQUIRY_WEBHOOK_URL", raw, ["https:", "http:"], "https://crm.example.com/hooks/enquiries");
  if (!secret) throw new ConfigError("ENQUIRY_WEBHOOK_SECRET must be set with ENQUIRY_WEBHOOK_URL: every webhook is signed with it.");
  if (url.protocol === "http:" && !isPrivateHost(url.hostname) && settings.ENQUIRY_WEBHOOK_ALLOW_HTTP !== "1") {
    throw new ConfigError(
      `ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to ${url.hostname}, which is not a private address: ` +
        `use https://, or set ${WEBHOOK_ALLOW_HTTP_SETTING}=1 to allow it.`,
    );
  }
  return { url, secret };
}

// Loopback, private (RFC 1918, unique local fc00::/7), link-local and carrier-grade NAT ranges:
// addresses a request to which does not cross the public internet.
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, "ipv4");
}
PRIVATE_RANGES.addAddress("::1", "ipv6");
PRIVATE_RANGES.addSubnet("fc00::", 7, "ipv6");
PRIVATE_RANGES.addSubnet("fe80::", 10, "ipv6");

// Names that only resolve inside a network: RFC 6761/6762 and RFC 8375 special-use names,
// ICANN's reserved .internal, and single-label names (a container's or a LAN host's name).
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa"];

/** Whether a URL's host is a private address or a name that only a private network resolves. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  const family = isIP(host);
  if (family === 4) return PRIVATE_RANGES.check(host, "ipv4");
  // IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are checked against the IPv4 ranges by BlockList itself.
  if (family === 6) return PRIVATE_RANGES.check(host, "ipv6");
  if (host === "localhost" || !host.includes(".")) return true;
  return PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** Where enquiries go, from settings already checked against the schema; throws ConfigError naming the variable. */
export function deliveryConfig(settings: DeliverySettings): DeliveryConfig {
  return { email: emailConfig(settings), webhook: webhookConfig(settings) };
}

/** Delivery settings from the environment; throws ConfigError naming the variable. */
export function deliveryConfigFromEnv(env: NodeJS.ProcessEnv): DeliveryConfig {
  return deliveryConfig(readSettings(env, DELIVERY_SETTINGS));
}

/**
 * Who receives an enquiry with this subject: its route (ENQUIRY_NOTIFY_ROUTES, subjects compared
 * without regard to case) when it has one, else ENQUIRY_NOTIFY_TO.
 */
export function recipientsFor(config: EmailConfig, subject: string): Mailbox[] {
  const key = subject.trim().toLowerCase();
  return config.routes.find((route) => route.subject.toLowerCase() === key)?.to ?? config.to;
}

function addresses(list: readonly Mailbox[]): string {
  return list.map((mailbox) => mailbox.address).join(", ");
}

/** The one start-up line saying where enquiries go. The webhook's query string and any credentials are left out. */
export function describeDelivery(config: DeliveryConfig): string {
  const parts: string[] = [];
  if (config.email) {
    const routes = config.email.routes.map((route) => `"${route.subject}" to ${addresses(route.to)}`);
    const smtp = `${config.email.smtp.host}:${config.email.smtp.port}`;
    parts.push(`email to ${addresses(config.email.to)}${routes.length ? ` (${routes.join(", ")})` : ""} via ${smtp}`);
  }
  if (config.webhook) parts.push(`a signed webhook to ${config.webhook.url.origin}${config.webhook.url.pathname}`);
  return parts.length === 0
    ? "Enquiries: stored only (set ENQUIRY_NOTIFY_SMTP_URL or ENQUIRY_WEBHOOK_URL to be told of them)."
    : `Enquiries: stored, then sent by ${parts.join(" and by ")}.`;
}
