// The invite link by email, through the SMTP server and sender the enquiry emails use
// (ENQUIRY_NOTIFY_SMTP_URL, ENQUIRY_NOTIFY_FROM; docs/notifications.md): the same TLS rules.
import nodemailer from "nodemailer";
import type { EmailConfig } from "../delivery/config.ts";
import { headerText } from "../delivery/email-message.ts";
import { SMTP_DEADLINE_MS } from "../delivery/email.ts";

export interface InviteLetter {
  to: { name: string; address: string };
  link: string;
  role: string;
}

/** Sends the invite; resolves when the SMTP server took it, rejects with its reason. */
export async function emailInvite(config: EmailConfig, letter: InviteLetter): Promise<void> {
  const { host, port, secure, auth, requireTls } = config.smtp;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth,
    requireTLS: requireTls,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: SMTP_DEADLINE_MS,
  });
  try {
    await transport.sendMail({
      from: config.from,
      to: { name: headerText(letter.to.name), address: letter.to.address },
      subject: "Your sign-in to the website's editor",
      text: [
        `Hello ${letter.to.name},`,
        "",
        `You are invited to edit the website as ${letter.role === "publisher" ? "a publisher" : "an editor"}. Open this link within 24 hours and`,
        "make a passkey (your phone, your computer's fingerprint or PIN, or a security key):",
        "",
        letter.link,
        "",
        "The link works once. If you did not expect it, ignore this email.",
        "",
      ].join("\n"),
    });
  } finally {
    transport.close();
  }
}
