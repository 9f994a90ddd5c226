import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { securityHeaders } from "../shared/security-headers.ts";

/** Every error a client sees: a JSON object with an `error` string, never a stack trace. */
export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

export const INTERNAL_ERROR = "Internal server error";

export interface ClientError {
  status: number;
  message: string;
  /** Seconds, for a Retry-After header. */
  retryAfter?: number;
}

const DISK_FULL: ClientError = {
  status: 507,
  message: "The server cannot store enquiries just now: its disk is full. Please try again later.",
  retryAfter: 300,
};
const DATABASE_GONE: ClientError = {
  status: 503,
  message: "The server cannot store enquiries just now. Please try again later.",
  retryAfter: 60,
};

const BY_CODE: Readonly<Record<string, ClientError>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large: the limit is 32 KB." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty: send the enquiry as a JSON object." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The request body does not match its Content-Length." },
  // Also what fastify answers for "__proto__"/"constructor" keys (onProtoPoisoning: "error").
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Send the enquiry as JSON, with Content-Type: application/json." },
  NEXA_BODY_NOT_UTF8: { status: 400, message: "The request body is not valid UTF-8 text." },
  // Store faults a client can be told about (logged as server faults all the same).
  SQLITE_FULL: DISK_FULL,
  "53100": DISK_FULL, // PostgreSQL disk_full
  // The SQLite file was deleted or replaced under the running server (sqlite-writer.mjs), or
  // SQLite noticed it was moved: answering 201 would acknowledge into a file that is gone.
  NEXA_DB_FILE_GONE: DATABASE_GONE,
  SQLITE_READONLY_DBMOVED: DATABASE_GONE,
};

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

// Errors that come with a status but no code of ours (@fastify/static's range errors).
const BY_STATUS: Readonly<Record<number, string>> = {
  416: "The requested byte range is outside the file.",
};

/** What to tell the client about an error; anything unforeseen is a plain 500. */
export function clientErrorFor(error: FastifyError): ClientError {
  const known = BY_CODE[error.code];
  if (known) return known;
  const status = statusOf(error);
  if (BY_STATUS[status]) return { status, message: BY_STATUS[status] };
  if (status >= 500) return { status: 500, message: INTERNAL_ERROR };
  return { status, message: STATUS_CODES[status] ?? "Bad request" };
}

// Only these: database drivers attach the offending values to other properties
// (PostgreSQL's `detail`: "Key (email)=(…) already exists"), and logs hold no personal data.
function loggableError(error: FastifyError) {
  return { type: error.name, code: error.code, message: error.message, stack: error.stack };
}

/** The app's error handler: logs server faults (with stack, server-side only) and answers in JSON. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, message, retryAfter } = clientErrorFor(error);
  if (status >= 500) request.log.error({ err: loggableError(error) }, "request failed");
  if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
  // A client error's own headers stay (Content-Range: bytes */size on a 416).
  const { headers } = error as { headers?: Record<string, string> };
  if (status < 500 && headers) reply.headers(headers);
  const body: ErrorBody = { error: message };
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** What Node itself refuses before any route or hook sees the request, by its error code. */
const CLIENT_ERRORS: Readonly<Record<string, ClientError>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive." },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request headers are too large." },
};
const UNREADABLE_REQUEST: ClientError = { status: 400, message: "The request could not be read as HTTP." };

/**
 * fastify's clientErrorHandler: Node's own 400, 408 and 431 answers, written straight to the
 * socket (there is no request object yet), with the security headers and the JSON shape of
 * every other error. The connection is closed after.
 */
export function answerClientError(apiBase: string | undefined) {
  const headerLines = Object.entries(securityHeaders({ apiBase }))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, message } = CLIENT_ERRORS[error.code ?? ""] ?? UNREADABLE_REQUEST;
    this.log.debug({ code: error.code }, "request refused by Node");
    if (socket.writable) {
      const body = JSON.stringify({ error: message } satisfies ErrorBody);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}Cache-Control: no-store\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
