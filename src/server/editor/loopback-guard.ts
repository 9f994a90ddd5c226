import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "../error-responses.ts";

/** The names this machine answers to on the loopback address, as a browser writes them in Host and Origin. */
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The host name of a Host header or an Origin's authority ("localhost:4400" → "localhost", "[::1]:4400" → "[::1]"), lower-cased. */
function hostName(authority: string): string {
  const name = authority.startsWith("[") ? authority.slice(0, authority.indexOf("]") + 1) : authority.replace(/:\d*$/, "");
  return name.toLowerCase();
}

function originIsLoopback(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_NAMES.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, message: string) {
  return reply
    .code(403)
    .type("application/json; charset=utf-8")
    .send({ error: message } satisfies ErrorBody);
}

/**
 * The editor of `npm run edit` has no sign-in: listening on the loopback address keeps other
 * machines out, but not other web sites open in the same browser. Two defences close that:
 * - DNS rebinding: a page of evil.example whose name is re-pointed at 127.0.0.1 reaches the editor
 *   as its own origin, but its requests still say `Host: evil.example`; only a loopback name passes.
 * - Cross-site requests: a page of another origin may send a form or a fetch without reading the
 *   answer; a request whose Origin is not a loopback address is refused before it changes anything.
 * A request without Origin (curl, the tests, a same-origin GET in some engines) passes, as it
 * cannot come from another site's page.
 */
export function refuseOtherSites(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host;
    if (host === undefined || !LOOPBACK_NAMES.has(hostName(host))) {
      return refuse(reply, `The editor answers only at 127.0.0.1, localhost or [::1], not at "${host ?? ""}": open http://127.0.0.1:<port>/admin/.`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !originIsLoopback(origin)) {
      return refuse(reply, `Requests from ${origin} are refused: the editor takes requests from its own pages only.`);
    }
  });
}
