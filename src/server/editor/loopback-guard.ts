import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "../error-responses.ts";

/** The names of this machine on the loopback address: what `npm run edit` may listen on, and what a request to it may name. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "::1", "localhost"]);

/** Whether a host name as a browser writes it in Host or Origin ("LOCALHOST", "[::1]") is a loopback one. */
const isLoopbackName = (name: string) => LOOPBACK_HOSTS.has(name.toLowerCase().replace(/^\[(.*)\]$/, "$1"));

/** The host name of a Host header ("localhost:4400" → "localhost", "[::1]:4400" → "[::1]"). */
function hostName(authority: string): string {
  return authority.startsWith("[") ? authority.slice(0, authority.indexOf("]") + 1) : authority.replace(/:\d*$/, "");
}

function originIsLoopback(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackName(url.hostname);
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
    if (host === undefined || !isLoopbackName(hostName(host))) {
      return refuse(reply, `The editor answers only at 127.0.0.1, localhost or [::1], not at "${host ?? ""}": open http://127.0.0.1:<port>/admin/.`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !originIsLoopback(origin)) {
      return refuse(reply, `Requests from ${origin} are refused: the editor takes requests from its own pages only.`);
    }
  });
}
