import { realpathSync } from "node:fs";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { CorsOrigins } from "./cors.ts";
import { handleError } from "./error-responses.ts";
import { ENQUIRY_BODY_LIMIT, registerEnquiryRoutes } from "./enquiry-routes.ts";
import { registerStrictJsonParser } from "./json-body.ts";
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_WINDOW_MS } from "./rate-limit.ts";
import { logRequest } from "./request-log.ts";
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from "./security-headers.ts";
import { registerStaticSite, sendNotFoundPage } from "./static-files.ts";
import type { EnquiryStore } from "./store.ts";
import { isApiPath, pathOf } from "./url-path.ts";

export interface AppOptions {
  store: EnquiryStore;
  /** The prerendered site to serve; default "dist". null serves the API alone. */
  distDir?: string | null;
  /** Enquiries per IP per window (ENQUIRY_RATE_LIMIT); 0 turns the limit off. Default 5. */
  rateLimit?: number;
  /** Default 10 minutes. */
  rateLimitWindowMs?: number;
  /** Fastify's logger option (pino); default off. */
  logger?: FastifyServerOptions["logger"];
  /** Fastify's trustProxy (TRUST_PROXY): whose X-Forwarded-For/-Proto to believe. Default false. */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** VITE_API_BASE, so the Content-Security-Policy lets pages reach an API on another origin. */
  apiBase?: string;
  /** Other origins allowed to POST enquiries from a browser (CORS). Default none. */
  corsOrigins?: CorsOrigins;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

function siteRoot(distDir: string): string {
  try {
    return realpathSync(distDir);
  } catch {
    throw new Error(`The site folder "${distDir}" does not exist: run \`npm run build\` first.`);
  }
}

function securityHeaderHook(apiBase: string | undefined) {
  const headers = securityHeaders({ apiBase });
  return function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
    reply.headers(headers);
    if (request.protocol === "https") reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    if (isApiPath(pathOf(request.url))) reply.header("cache-control", "no-store");
  };
}

function notFoundHandler(distDir: string | null) {
  return function notFound(request: FastifyRequest, reply: FastifyReply) {
    if (isApiPath(pathOf(request.url))) return reply.code(404).send({ error: "Not found." });
    return sendNotFoundPage(request, reply, distDir);
  };
}

/**
 * The site and the enquiry API as one fastify app. The caller owns `store` and closes it.
 * Routes: POST /api/v1/enquiries(/) (see docs/api.md), and GET/HEAD for the site's files.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const distDir = options.distDir === null ? null : siteRoot(options.distDir ?? "dist");
  const applySecurityHeaders = securityHeaderHook(options.apiBase);

  const app = Fastify({
    logger: options.logger ?? false,
    // Our onResponse hook writes the one line per request; fastify's own would log headers.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: ENQUIRY_BODY_LIMIT,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    // Malformed URLs (bad percent-encoding) never reach a route or a hook.
    frameworkErrors(_error, request, rawReply) {
      const reply = rawReply as FastifyReply;
      applySecurityHeaders(request, reply);
      return reply.code(400).send({ error: "The URL is not valid." });
    },
  });

  registerStrictJsonParser(app);
  app.addHook("onRequest", async (request, reply) => applySecurityHeaders(request, reply));
  app.addHook("onResponse", logRequest);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(notFoundHandler(distDir));

  registerEnquiryRoutes(app, {
    store: options.store,
    rateLimit: { max: options.rateLimit ?? DEFAULT_RATE_LIMIT, windowMs: options.rateLimitWindowMs ?? RATE_LIMIT_WINDOW_MS },
    now: options.now ?? Date.now,
    corsOrigins: options.corsOrigins ?? [],
  });
  if (distDir !== null) registerStaticSite(app, { distDir });
  return app;
}
