import type { FastifyReply, FastifyRequest } from "fastify";
import { pathOf } from "./url-path.ts";

const sessionIds = new WeakMap<FastifyRequest, string>();

/** Remembers the enquiry's session id so the request's log line can carry it. */
export function noteSessionId(request: FastifyRequest, sessionId: string): void {
  sessionIds.set(request, sessionId);
}

/**
 * The one log line per request (an onResponse hook). It names no visitor: no body, no
 * headers, no query string (a query could carry an email), no IP.
 */
export async function logRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = sessionIds.get(request);
  request.log.info(
    {
      method: request.method,
      url: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(sessionId === undefined ? {} : { session_id: sessionId }),
    },
    "request",
  );
}
