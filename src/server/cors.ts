import type { FastifyReply, FastifyRequest } from "fastify";

/** Origins (scheme://host[:port]) of sites on other hosts allowed to post enquiries here. */
export type CorsOrigins = readonly string[];

/** Adds the CORS answer for an allowed Origin; other origins get none, so browsers refuse them. */
export function allowOrigin(request: FastifyRequest, reply: FastifyReply, origins: CorsOrigins): void {
  if (origins.length === 0) return;
  reply.header("vary", "Origin");
  const origin = request.headers.origin;
  if (origin === undefined || !origins.includes(origin)) return;
  reply.header("access-control-allow-origin", origin).header("access-control-expose-headers", "Retry-After");
}

/** Answers a CORS preflight for POSTing JSON with an Idempotency-Key. */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply, origins: CorsOrigins) {
  allowOrigin(request, reply, origins);
  return reply
    .code(204)
    .header("allow", "POST, OPTIONS")
    .header("access-control-allow-methods", "POST")
    .header("access-control-allow-headers", "Content-Type, Idempotency-Key")
    .header("access-control-max-age", "600")
    .send();
}
