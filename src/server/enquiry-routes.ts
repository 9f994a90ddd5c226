import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientNetwork } from "./client-network.ts";
import { allowOrigin, answerPreflight, type CorsOrigins } from "./cors.ts";
import type { ErrorBody } from "./error-responses.ts";
import { validateEnquiry } from "./enquiry-validator.ts";
import { isJsonUtf8 } from "./json-content-type.ts";
import { insertLimit, retryAfterSeconds, type RateLimit } from "./rate-limit.ts";
import { noteSessionId } from "./request-log.ts";
import type { SpamSettings } from "./env.ts";
import { issueFormToken } from "./spam/form-token.ts";
import { createProofOfWorkChallenge } from "./spam/proof-of-work.ts";
import { spamJudge } from "./spam/spam-verdict.ts";
import type { EnquiryStore } from "./store.ts";

export const ENQUIRY_PATHS = ["/api/v1/enquiries/", "/api/v1/enquiries"] as const;
/** Where the form fetches its time token and proof-of-work challenge. */
export const CHALLENGE_PATH = "/api/v1/enquiries/challenge";
export const ENQUIRY_BODY_LIMIT = 32 * 1024;
export const IDEMPOTENCY_KEY_MAX = 200;

export interface EnquiryRouteOptions {
  store: EnquiryStore;
  rateLimit: RateLimit;
  now: () => number;
  corsOrigins: CorsOrigins;
  spam: SpamSettings;
}

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

type IdempotencyKey = { valid: true; key: string | undefined } | { valid: false };

function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return { valid: true, key: undefined };
  return typeof header === "string" && IDEMPOTENCY_KEY.test(header) ? { valid: true, key: header } : { valid: false };
}

function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).send(body);
}

function sendCreated(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
  noteSessionId(request, sessionId);
  return reply.code(201).send({ session_id: sessionId });
}

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

// Runs before the body is read, so a non-JSON body is refused unread. A callback hook, not
// an async one: no promise per request for a check that never waits.
function requireJson(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  if (isJsonUtf8(request.headers["content-type"])) return done();
  sendError(reply, 415, { error: "Send the enquiry as JSON, with Content-Type: application/json." });
}

/**
 * The 201 answer's shape: fastify compiles it once (fast-json-stringify) instead of running
 * JSON.stringify over each answer.
 */
const CREATED_RESPONSE = {
  201: {
    type: "object",
    properties: { session_id: { type: "string" } },
    required: ["session_id"],
    additionalProperties: false,
  },
} as const;

function createEnquiryHandler({ store, rateLimit, now, spam }: EnquiryRouteOptions) {
  const judge = spam.defences ? spamJudge({ formSecret: store.formSecret, readScripts: spam.readScripts }) : null;
  return async function receiveEnquiry(request: FastifyRequest, reply: FastifyReply) {
    const idempotency = idempotencyKeyOf(request);
    if (!idempotency.valid) {
      return sendError(reply, 400, {
        error: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
      });
    }
    const validation = validateEnquiry(request.body);
    if (!validation.ok) return sendError(reply, 400, { error: validation.error, fields: validation.fields });

    // One transaction: a repeated key gets the first answer (even past the rate limit), an IP
    // at its limit stores nothing, anything else is stored; 201 only once it is committed.
    const nowMs = now();
    // Spam is answered exactly like an enquiry (201 and a session id, so a bot learns
    // nothing), stored with its reasons, and never delivered.
    const verdict = judge === null ? null : await judge(validation.enquiry, nowMs);
    const result = await store.insert(validation.enquiry, {
      idempotencyKey: idempotency.key,
      ip: clientNetwork(request.ip),
      limit: insertLimit(rateLimit, nowMs),
      spamReasons: verdict?.spam ? verdict.reasons : undefined,
      challenge: verdict?.challenge,
    });
    if (result.outcome === "created" || result.outcome === "repeat") return sendCreated(request, reply, result.sessionId);
    if (result.outcome === "key-reused") {
      return sendError(reply, 422, { error: "This Idempotency-Key was already used for a different enquiry: send a new key." });
    }
    const retryAfter = retryAfterSeconds(result.oldestAt, rateLimit, nowMs);
    reply.header("retry-after", String(retryAfter));
    return sendError(reply, 429, { error: `Too many enquiries from your network. Try again in ${minutesText(retryAfter)}.` });
  };
}

function methodNotAllowed(allow: string, error = "Use POST to send an enquiry.") {
  return async function refuseMethod(_request: FastifyRequest, reply: FastifyReply) {
    reply.header("allow", allow);
    return sendError(reply, 405, { error });
  };
}

/**
 * GET /api/v1/enquiries/challenge: a fresh time token and proof-of-work challenge for one
 * fill of the form. The prerendered page holds none (it is the same file for everyone and
 * cached); the form fetches its own when it comes into view or is first focused.
 */
function createChallengeHandler({ store, now }: EnquiryRouteOptions) {
  return async function issueChallenge(request: FastifyRequest, reply: FastifyReply) {
    const { value, token } = issueFormToken(store.formSecret, now());
    const challenge = await createProofOfWorkChallenge(store.formSecret, token.id, token.issuedAtMs);
    return reply.code(200).send({ form_token: value, challenge });
  };
}

/**
 * POST /api/v1/enquiries(/): validate, rate-limit, store, answer 201 {session_id}.
 * Other methods on the same path answer 405 with Allow: POST.
 */
export function registerEnquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): void {
  const handler = createEnquiryHandler(options);
  const corsOn = options.corsOrigins.length > 0;
  const refuseMethod = methodNotAllowed(corsOn ? "POST, OPTIONS" : "POST");
  app.route({
    method: "GET",
    url: CHALLENGE_PATH,
    onRequest: async (request, reply) => allowOrigin(request, reply, options.corsOrigins),
    handler: createChallengeHandler(options),
  });
  app.route({ method: ["POST", "PUT", "DELETE", "PATCH"], url: CHALLENGE_PATH, handler: methodNotAllowed("GET, HEAD", "Use GET to fetch a form challenge.") });
  for (const url of ENQUIRY_PATHS) {
    app.route({
      method: "POST",
      url,
      bodyLimit: ENQUIRY_BODY_LIMIT,
      onRequest: corsOn ? [(request, reply, done) => (allowOrigin(request, reply, options.corsOrigins), done()), requireJson] : requireJson,
      schema: { response: CREATED_RESPONSE },
      handler,
    });
    app.route({ method: ["GET", "PUT", "DELETE", "PATCH"], url, handler: refuseMethod });
    app.route({
      method: "OPTIONS",
      url,
      handler: corsOn ? (request, reply) => answerPreflight(request, reply, options.corsOrigins) : refuseMethod,
    });
  }
}
