// Email deliveries through nodemailer over SMTP: one connection per message (enquiries are
// few), STARTTLS whenever the server offers it (nodemailer's default for smtp://), and
// required (requireTLS) when a password is sent: a server, or someone on the path, that
// does not take up STARTTLS then gets nothing, neither the password nor the enquiry.
import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { SMTP_INSECURE_SETTING, type EmailConfig, type SmtpServer } from "./config.ts";
import { enquiryEmail } from "./email-message.ts";
import { oneLine, type SendResult, type Sender } from "./send-result.ts";

/** The longest one message may take, connection included; then it is tried again later. */
export const SMTP_DEADLINE_MS = 20_000;
const CONNECT_TIMEOUT_MS = 10_000;

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** SMTP's own rule: a 4xx answer is temporary, a 5xx one permanent. No answer at all (network, timeout) is temporary. */
export function smtpResult(error: unknown): SendResult {
  const e = (error ?? {}) as SmtpError;
  const code = e.responseCode;
  const detail = oneLine(e.response || e.message || String(error));
  const permanent = code !== undefined && code >= 500;
  if (tlsRefused(e)) return { ok: false, permanent: false, error: `SMTP: no STARTTLS, so nothing was sent (${detail})` };
  if (e.code === "EAUTH") {
    return { ok: false, permanent, error: `SMTP login refused (${detail}); check the user and password in ENQUIRY_NOTIFY_SMTP_URL` };
  }
  if (e.code === "EENVELOPE" && permanent) return { ok: false, permanent, error: `SMTP server refused the recipients: ${detail}` };
  return { ok: false, permanent, error: `SMTP: ${detail}` };
}

function tlsRefused(e: SmtpError): boolean {
  return e.code === "ETLS" && /STARTTLS/.test(`${e.message ?? ""} ${e.response ?? ""}`) && !/certificate/i.test(e.message ?? "");
}

/** Why a password is not sent: the server did not take up STARTTLS. */
export function startTlsRefusedMessage(smtp: Pick<SmtpServer, "host" | "port">): string {
  return (
    `ENQUIRY_NOTIFY_SMTP_URL: the SMTP server ${smtp.host}:${smtp.port} does not offer STARTTLS, so its password would travel unencrypted; ` +
    `use smtps://, a server that offers STARTTLS, or set ${SMTP_INSECURE_SETTING}=1 to send without TLS on purpose.`
  );
}

/** What start-up learnt from the SMTP server: TLS works, it refuses STARTTLS, or it could not be asked. */
export type SmtpTlsCheck = { outcome: "tls" } | { outcome: "no-starttls" } | { outcome: "unknown"; error: string };

/**
 * Asks the SMTP server for STARTTLS once, without logging in (no password is sent). Start-up
 * refuses a server that answers without TLS; one it cannot reach is no reason not to start
 * (every send requires TLS anyway, and an outage is retried).
 */
export async function checkSmtpTls(smtp: SmtpServer, tls: SMTPTransport.Options["tls"] = undefined): Promise<SmtpTlsCheck> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: true,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: CONNECT_TIMEOUT_MS,
    ...(tls ? { tls } : {}),
  });
  try {
    await transport.verify();
    return { outcome: "tls" };
  } catch (error) {
    const e = (error ?? {}) as SmtpError;
    if (tlsRefused(e)) return { outcome: "no-starttls" };
    return { outcome: "unknown", error: oneLine(e.message ?? String(error)) };
  } finally {
    transport.close();
  }
}

/** `tls`: the TLS options of the connection (tests pass the certificate they trust). */
export function emailSender(config: EmailConfig, tls: SMTPTransport.Options["tls"] = undefined): Sender {
  const { host, port, secure, auth, requireTls } = config.smtp;
  return async (delivery, signal) => {
    let socket: Socket | undefined;
    const options: SMTPTransport.Options = {
      host,
      port,
      secure,
      auth,
      requireTLS: requireTls,
      ...(tls ? { tls } : {}),
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_DEADLINE_MS,
      // We open the socket ourselves so that stopping the server or passing the deadline can
      // cut it (nodemailer's close() does not end a message in progress).
      getSocket(_options, callback) {
        socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
        const failed = (error: Error) => callback(error, undefined);
        const connected = socket;
        connected.once("error", failed);
        connected.once("timeout", () => connected.destroy(new Error(`no connection to ${host}:${port} within ${CONNECT_TIMEOUT_MS / 1000} s`)));
        connected.once("connect", () => {
          // From here on nodemailer handles the socket's errors and timeouts.
          connected.off("error", failed).removeAllListeners("timeout").setTimeout(0);
          callback(null, { connection: connected });
        });
      },
    };
    const transport = nodemailer.createTransport(options);
    const cut = () => socket?.destroy(new Error(signal.aborted ? "the server is stopping" : `no answer within ${SMTP_DEADLINE_MS / 1000} s`));
    const deadline = setTimeout(cut, SMTP_DEADLINE_MS);
    signal.addEventListener("abort", cut, { once: true });
    try {
      const info = await transport.sendMail(enquiryEmail(config, delivery.id, delivery.enquiry));
      const refused = (info.rejected ?? []).map(String);
      if (refused.length > 0) {
        // The others have it: sending again would repeat it to them.
        return { ok: false, permanent: true, error: `SMTP server refused ${refused.join(", ")} (the other recipients have it)` };
      }
      return { ok: true };
    } catch (error) {
      return smtpResult(error);
    } finally {
      clearTimeout(deadline);
      signal.removeEventListener("abort", cut);
      socket?.destroy();
      transport.close();
    }
  };
}
