// Real receivers for delivery tests: an SMTP server (the smtp-server package, speaking real
// SMTP on a port of 127.0.0.1) and an HTTP webhook receiver. Both record what they got.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

export const SMTP_USER = "mailer";
export const SMTP_PASSWORD = "p@ss word/1";

export interface ReceivedMail {
  from: string;
  to: string[];
  mail: ParsedMail;
}

/** An SMTP answer to make the server give: a code and its text, e.g. [450, "Mailbox busy"]. */
export type SmtpAnswer = [code: number, text: string];

export interface SmtpBehaviour {
  /** An answer to a RCPT TO instead of accepting it. */
  rcpt?: (address: string) => SmtpAnswer | undefined;
  /** An answer at the end of DATA instead of accepting the message. */
  data?: () => SmtpAnswer | undefined;
  /** Offer STARTTLS, with smtp-server's built-in self-signed certificate (which no client trusts). */
  starttls?: boolean;
  /** TLS from the first byte (smtps://), with that same certificate. */
  implicitTls?: boolean;
}

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:port, the password percent-encoded as a URL needs it. */
  url: string;
  port: number;
  received: ReceivedMail[];
  behaviour: SmtpBehaviour;
  /** Commands answered with an error, e.g. "RCPT 550". */
  refusals: string[];
  close(): Promise<void>;
}

function smtpError([code, text]: SmtpAnswer): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** SMTP with login required; plain unless `starttls` (the tests have no certificate a client would trust). */
export async function startSmtpServer(behaviour: SmtpBehaviour = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refusals: string[] = [];
  const state = { behaviour };
  const server = new SMTPServer({
    hideSTARTTLS: !behaviour.starttls,
    // Without it the command is refused too, as a server (or a path) without TLS answers it.
    disabledCommands: behaviour.starttls || behaviour.implicitTls ? [] : ["STARTTLS"],
    secure: Boolean(behaviour.implicitTls),
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      refusals.push("AUTH 535");
      return callback(smtpError([535, "Authentication credentials invalid"]));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const answer = state.behaviour.rcpt?.(address.address);
      if (answer) refusals.push(`RCPT ${answer[0]}`);
      callback(answer ? smtpError(answer) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = state.behaviour.data?.();
        if (answer) {
          refusals.push(`DATA ${answer[0]}`);
          return callback(smtpError(answer));
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        });
      });
    },
  });
  // A client refusing our certificate is a connection error here, expected in the TLS tests.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `${behaviour.implicitTls ? "smtps" : "smtp"}://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    port,
    received,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
    },
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WebhookRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with a request: answer with a status, or never answer ("hang"). */
export type WebhookAnswer = number | "hang";

export interface TestReceiver {
  url: string;
  port: number;
  requests: WebhookRequest[];
  /** Called for each request (its index from 0); default 200. */
  answer: (index: number) => WebhookAnswer;
  close(): Promise<void>;
}

/** An HTTP receiver on 127.0.0.1 (`port` 0 for any free one) that records every request. */
export async function startReceiver(port = 0, answer: (index: number) => WebhookAnswer = () => 200): Promise<TestReceiver> {
  const requests: WebhookRequest[] = [];
  const receiver = { answer };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = requests.length;
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = receiver.answer(index);
      if (status !== "hang") response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks/enquiries?token=abc`,
    port: bound,
    requests,
    get answer() {
      return receiver.answer;
    },
    set answer(value) {
      receiver.answer = value;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Falsy = undefined | null | false | "" | 0;

/** Waits until `check` returns a truthy value, and returns it, polling; fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 15_000, what = "the condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
