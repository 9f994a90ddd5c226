import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { DEFAULT_CONFIG, type ServerConfig, type ServerTimeouts } from "./env.ts";
import { answerClientError, handleError } from "./error-responses.ts";
import { ENQUIRY_BODY_LIMIT, registerEnquiryRoutes } from "./enquiry-routes.ts";
import { registerStrictJsonParser } from "./json-body.ts";
import { loggerInFormat } from "./log-format.ts";
import { logRequest, logsRequests } from "./request-log.ts";
import { API_SECURITY_HEADERS, securityHeaders, STRICT_TRANSPORT_SECURITY } from "../shared/security-headers.ts";
import { registerStaticSite, sendNotFoundPage } from "./static-site.ts";
import type { EnquiryStore } from "./store.ts";
import { staffEditorPlugin, type StaffEditorOptions } from "./staff/staff-plugin.ts";
import { isApiPath, pathOf } from "./url-path.ts";

/** The server's settings (env.ts; any left out take their defaults), the store, and a clock for tests. */
export interface AppOptions extends Partial<ServerConfig> {
  store: EnquiryStore;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** The editor at /admin/, behind staff sign-in (docs/editor.md); absent, there is none. */
  staffEditor?: StaffEditorOptions;
}

/**
 * The site folder as given, not resolved: dist/ is a link to the live build, switched when a
 * build with new bundles goes live (src/build/publish.ts), so each request reads through the link
 * and the server serves the new build without a restart.
 */
function siteRoot(distDir: string): string {
  try {
    realpathSync(distDir);
    return resolve(distDir);
  } catch {
    throw new Error(`The site folder "${distDir}" does not exist: run \`npm run build\` first.`);
  }
}

/** How often Node looks for requests past their time: a tenth of the shortest limit, at most 1 s. */
function checkIntervalMs({ headersMs, requestMs }: ServerTimeouts): number {
  return Math.max(10, Math.min(1000, Math.floor(Math.min(headersMs, requestMs) / 10)));
}

/** The API's answers get the API's set, everything else the site's (security-headers.ts). */
function securityHeaderHook(apiBase: string | undefined) {
  const siteHeaders = securityHeaders({ apiBase });
  return function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, done?: () => void): void {
    reply.headers(isApiPath(pathOf(request.url)) ? API_SECURITY_HEADERS : siteHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    done?.();
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
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options };
  const distDir = config.distDir === null ? null : siteRoot(config.distDir);
  const applySecurityHeaders = securityHeaderHook(config.apiBase);
  const { headersMs, requestMs, keepAliveMs } = config.timeouts;

  const app = Fastify({
    logger: loggerInFormat(config.logger, config.logFormat),
    // Our onResponse hook writes the one line per request; fastify's own would log headers.
    logController: new LogController({ disableRequestLogging: true }),
    // Below debug no line is about one request but a server fault's, so the per-request child
    // logger (its id in every line) is made only when debug lines are kept: pino's child costs
    // each enquiry a few microseconds of the request thread for lines never written.
    childLoggerFactory: (logger, bindings, options) => (logsRequests(logger) ? logger.child(bindings, options) : logger),
    trustProxy: config.trustProxy,
    // A slow client cannot hold a connection: headers within headersMs, the whole request
    // within requestMs (Node checks both every checkIntervalMs), an idle keep-alive
    // connection closes after keepAliveMs. docs/api.md, "Timeouts".
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: checkIntervalMs(config.timeouts) },
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    // Requests Node itself refuses (unreadable, headers too large, too slow) get the same
    // headers and JSON shape as every other answer.
    clientErrorHandler: answerClientError(config.apiBase),
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
  // Callback hooks, not async ones: no promise per request for work that never waits.
  app.addHook("onRequest", applySecurityHeaders);
  // The per-request line is a debug line; below debug the hook is not there to run at all.
  if (logsRequests(app.log)) app.addHook("onResponse", logRequest);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(notFoundHandler(distDir));

  registerEnquiryRoutes(app, {
    store: options.store,
    rateLimit: { max: config.rateLimit, windowMs: config.rateLimitWindowMs },
    now: options.now ?? Date.now,
    corsOrigins: config.corsOrigins,
    spam: config.spam,
  });
  if (options.staffEditor) void app.register(staffEditorPlugin, options.staffEditor);
  if (distDir !== null) registerStaticSite(app, distDir);
  return app;
}
