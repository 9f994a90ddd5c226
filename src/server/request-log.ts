import type { FastifyReply, FastifyRequest } from "fastify";
import { pathOf } from "./url-path.ts";

const sessionIds = new WeakMap<FastifyRequest, string>();

/** Whether this request's log keeps debug lines, so the per-request line is written at all. */
export function logsRequests(log: FastifyRequest["log"]): boolean {
  return (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.("debug") === true;
}

/** Remembers the enquiry's session id so the request's log line can carry it (only when that line is written). */
export function noteSessionId(request: FastifyRequest, sessionId: string): void {
  if (logsRequests(request.log)) sessionIds.set(request, sessionId);
}

/**
 * The one log line per request (an onResponse hook), at debug: at info a busy server's
 * requests would bury the lines a person needs (start-up, problems, deliveries), and writing
 * them costs every request. It names no visitor: no body, no headers, no query string (a
 * query could carry an email), no IP. app.ts adds the hook only when debug lines are kept.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const sessionId = sessionIds.get(request);
  request.log.debug(
    {
      method: request.method,
      url: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(sessionId === undefined ? {} : { session_id: sessionId }),
    },
    "request",
  );
  done();
}
