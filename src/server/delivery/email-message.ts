// The email sent for an enquiry: a text part and an HTML part with every field escaped, a
// subject line that cannot carry a header, Reply-To the enquirer, and the session id as reference.
import type { SendMailOptions } from "nodemailer";
import { escapeHtml } from "../../shared/html.ts";
import type { StoredEnquiry } from "../store.ts";
import { recipientsFor, type EmailConfig } from "./config.ts";

export const SUBJECT_MAX = 150;

/**
 * One line of header-safe text: control characters (CR and LF among them) and line separators
 * become spaces, and "=?" becomes "= ?", so nothing a visitor typed is an RFC 2047 encoded
 * word: mail clients decode those in headers, and "=?utf-8?q?=0D=0ABcc:…?=" would become a
 * line break and a Bcc: line on the staff's screen.
 */
export function headerText(value: string, max = SUBJECT_MAX): string {
  const line = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/=\?/g, "= ?");
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * The display name of Reply-To. A name with an @ in it looks like an address
 * ("sales@nexa.test (IT support)" would make the enquirer look like staff), so it is shown in
 * quotation marks, as words the visitor typed, before the real address.
 */
export function replyToName(enquiry: StoredEnquiry): string {
  const name = headerText(`${enquiry.first_name} ${enquiry.last_name}`);
  return name.includes("@") ? `“${name}”` : name;
}

/**
 * Reply-To the enquirer, or none when the address holds an encoded word (an addr-spec may
 * contain "=?"; some clients decode it all the same): the address is in the body either way.
 */
function replyTo(enquiry: StoredEnquiry): SendMailOptions["replyTo"] {
  if (enquiry.email.includes("=?")) return undefined;
  return { name: replyToName(enquiry), address: enquiry.email };
}

export function emailSubject(enquiry: StoredEnquiry): string {
  return headerText(`Website enquiry: ${enquiry.subject} from ${enquiry.first_name} ${enquiry.last_name}`);
}

function fields(enquiry: StoredEnquiry): [label: string, value: string][] {
  return [
    ["Name", `${enquiry.first_name} ${enquiry.last_name}`],
    ["Email", enquiry.email],
    ["Phone", enquiry.phone],
    ["Subject", enquiry.subject],
    ["Received", `${enquiry.created_at.slice(0, 19).replace("T", " ")} UTC`],
  ];
}

function textBody(enquiry: StoredEnquiry, deliveryId: string): string {
  const lines = fields(enquiry).map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`);
  return [
    "A new enquiry from the website. Reply to this email to answer the sender.",
    "",
    ...lines,
    "",
    "Message:",
    enquiry.message || "(no message)",
    "",
    `Reference: ${enquiry.session_id}`,
    `Delivery: ${deliveryId}`,
    "",
  ].join("\n");
}

function htmlBody(enquiry: StoredEnquiry, deliveryId: string): string {
  const rows = fields(enquiry)
    .map(([label, value]) => `<tr><th align="left" valign="top">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("\n");
  const message = enquiry.message ? escapeHtml(enquiry.message).replace(/\n/g, "<br>\n") : "<em>(no message)</em>";
  return `<!doctype html>
<html><body>
<p>A new enquiry from the website. Reply to this email to answer the sender.</p>
<table cellpadding="4">
${rows}
</table>
<p><strong>Message:</strong><br>
${message}</p>
<p>Reference: ${escapeHtml(enquiry.session_id)}<br>
Delivery: ${escapeHtml(deliveryId)}</p>
</body></html>
`;
}

/**
 * The message for one delivery. Its Message-ID is made from the delivery id, so a copy sent
 * again after a lost acknowledgement is the same message to mail systems that de-duplicate.
 */
export function enquiryEmail(config: EmailConfig, deliveryId: string, enquiry: StoredEnquiry): SendMailOptions {
  const domain = config.from.address.slice(config.from.address.lastIndexOf("@") + 1);
  const reply = replyTo(enquiry);
  return {
    from: config.from,
    to: recipientsFor(config, enquiry.subject),
    ...(reply ? { replyTo: reply } : {}),
    subject: emailSubject(enquiry),
    text: textBody(enquiry, deliveryId),
    html: htmlBody(enquiry, deliveryId),
    messageId: `<${deliveryId}@${domain}>`,
    headers: { "X-Nexa-Delivery-Id": deliveryId },
    // Nothing in an enquiry may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
