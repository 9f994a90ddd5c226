import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** Every error a client sees: a JSON object with an `error` string, never a stack trace. */
export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

export const INTERNAL_ERROR = "Internal server error";

export interface ClientError {
  status: number;
  message: string;
}

const BY_CODE: Readonly<Record<string, ClientError>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large: the limit is 32 KB." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty: send the enquiry as a JSON object." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The request body does not match its Content-Length." },
  // Also what fastify answers for "__proto__"/"constructor" keys (onProtoPoisoning: "error").
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Send the enquiry as JSON, with Content-Type: application/json." },
  NEXA_BODY_NOT_UTF8: { status: 400, message: "The request body is not valid UTF-8 text." },
};

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/** What to tell the client about an error; anything unforeseen is a plain 500. */
export function clientErrorFor(error: FastifyError): ClientError {
  const known = BY_CODE[error.code];
  if (known) return known;
  const status = statusOf(error);
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
  const { status, message } = clientErrorFor(error);
  if (status >= 500) request.log.error({ err: loggableError(error) }, "request failed");
  const body: ErrorBody = { error: message };
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}
