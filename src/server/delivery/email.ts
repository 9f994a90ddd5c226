// Email deliveries through nodemailer over SMTP: one connection per message (enquiries are
// few), STARTTLS whenever the server offers it (nodemailer's default for smtp://).
import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { EmailConfig } from "./config.ts";
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
  if (e.code === "EAUTH") {
    return { ok: false, permanent, error: `SMTP login refused (${detail}); check the user and password in ENQUIRY_NOTIFY_SMTP_URL` };
  }
  if (e.code === "EENVELOPE" && permanent) return { ok: false, permanent, error: `SMTP server refused the recipients: ${detail}` };
  return { ok: false, permanent, error: `SMTP: ${detail}` };
}

export function emailSender(config: EmailConfig): Sender {
  const { host, port, secure, auth } = config.smtp;
  return async (delivery, signal) => {
    let socket: Socket | undefined;
    const options: SMTPTransport.Options = {
      host,
      port,
      secure,
      auth,
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
