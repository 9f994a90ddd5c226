// The editor inside `npm start`, behind staff sign-in with passkeys (docs/editor.md, "Staff
// sign-in" and its threat model). A fastify plugin around the editor's own (editor/index.ts):
// its hooks see every request of the editor's routes before they run.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_CSP, editorPlugin, isAdminPageCsp, PREVIEW_CSP, type EditorOptions } from "../editor/index.ts";
import { handleError } from "../error-responses.ts";
import { Challenges, FailureLimits } from "./sign-in-limits.ts";
import { newToken, sessionIsLive, tokenHash, type AuditAction, type StaffAccount, type StaffStore } from "./staff-store.ts";

export interface StaffEditorOptions {
  store: StaffStore;
  /** EDITOR_ORIGIN: the one origin staff use; undefined takes each request's own scheme and host. */
  origin: string | undefined;
  editor: EditorOptions;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** The session cookie. `__Host-`: the browser keeps it for this host only, on every path, and only with Secure. */
export const SESSION_COOKIE = "__Host-nexa-staff";

/** Failed sign-ins allowed in SIGN_IN_WINDOW_MS: per account (from anywhere), and per address. */
export const ACCOUNT_FAILURES = 10;
export const ADDRESS_FAILURES = 20;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** A session's last-seen time is written at most this often (every request would be a write). */
const TOUCH_EVERY_MS = 60 * 1000;

/** The editor's actions a publisher alone may take. */
const PUBLISHER_ONLY = new Set(["POST /admin/api/publish", "POST /admin/api/drafts/publish", "POST /admin/api/drafts/send-back"]);

/** What each successful editor action is recorded as, and where its page is. */
type Answer = { file?: unknown; commit?: unknown; branch?: unknown; draft?: { commit?: unknown; branch?: unknown } };
const fromAnswer = (_request: FastifyRequest, answer: Answer) => answer.file;
const AUDITED: Readonly<Record<string, { action: AuditAction; page: (request: FastifyRequest, answer: Answer) => unknown }>> = {
  "PUT /admin/api/page": { action: "save", page: (request) => (request.body as { path?: unknown } | undefined)?.path },
  "POST /admin/api/pages": { action: "new-page", page: (request) => (request.body as { address?: unknown } | undefined)?.address },
  "POST /admin/api/picture": { action: "picture", page: (request) => (request.query as { page?: unknown }).page },
  "POST /admin/api/publish": { action: "publish", page: () => null },
  "POST /admin/api/drafts/review": { action: "ask-review", page: fromAnswer },
  "POST /admin/api/drafts/send-back": { action: "send-back", page: fromAnswer },
  "POST /admin/api/drafts/publish": { action: "publish-draft", page: fromAnswer },
  "POST /admin/api/drafts/discard": { action: "discard-draft", page: fromAnswer },
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

class StaffError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffAccount | null;
  }
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Secure always: a `__Host-` cookie must be, and over plain HTTP browsers take one only from localhost, the one plain-HTTP address passkeys work on. */
function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function bodyField(request: FastifyRequest, name: string): unknown {
  return isObject(request.body) ? request.body[name] : undefined;
}

/** The path of a route the request matched ("/admin/api/*" for the editor's catch-all), never the raw URL. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ""}`;
const needsSession = (request: FastifyRequest) => (request.routeOptions.url ?? "").startsWith("/admin/api/");

/**
 * Staff sign-in around the editor: `/admin/auth/…` registers a passkey on an invite and signs in
 * with one; every route under `/admin/api/` needs a session (401 before any body is read, for
 * routes that exist or not: the editor's catch-all matches the rest); state-changing requests
 * need the editor's own Origin; the publisher's actions need the publisher's role.
 */
export async function staffEditorPlugin(app: FastifyInstance, options: StaffEditorOptions): Promise<void> {
  const { store } = options;
  const now = options.now ?? Date.now;
  const limits = new FailureLimits(SIGN_IN_WINDOW_MS, now);
  const signInChallenges = new Challenges<true>(now);
  const inviteChallenges = new Challenges<string>(now);

  const originOf = (request: FastifyRequest) => options.origin ?? `${request.protocol}://${request.host}`;
  const rpIdOf = (request: FastifyRequest) => new URL(originOf(request)).hostname;

  app.decorateRequest("staff", null);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!(error instanceof StaffError)) return handleError(error, request, reply);
    if (error.retryAfterMs !== undefined) reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    return reply.code(error.status).type("application/json; charset=utf-8").send({ error: error.message });
  });

  app.addHook("onRequest", async (request, reply) => {
    if (needsSession(request)) {
      const token = cookieOf(request, SESSION_COOKIE);
      const hash = token ? tokenHash(token) : null;
      const session = hash ? await store.session(hash) : null;
      const nowMs = now();
      if (!session || !sessionIsLive(session, nowMs)) {
        if (session) await store.endSession(hash!);
        return reply
          .code(401)
          .header("cache-control", "no-store")
          .send({ error: session ? "Your session has ended: sign in again." : "Sign in to use the editor." });
      }
      if (nowMs - session.lastSeenAt >= TOUCH_EVERY_MS) await store.touchSession(hash!, nowMs);
      request.staff = session.account;
    }
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== originOf(request)) {
      return reply.code(403).send({ error: "The editor takes changes only from its own pages (the request's Origin is not the editor's)." });
    }
    if (PUBLISHER_ONLY.has(routeOf(request)) && request.staff?.role !== "publisher") {
      return reply.code(403).send({ error: "Only a publisher may publish: ask one to publish your changes." });
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // The editor's routes set their own policy (the editor's page its nonce for CodeMirror's style
    // element, the preview its framing by the editor), each as strict; every other answer, a 401 or
    // a sign-in step among them, gets the admin's.
    const own = reply.getHeader("content-security-policy");
    const preview = own === PREVIEW_CSP;
    if (!preview && !isAdminPageCsp(own)) reply.header("content-security-policy", ADMIN_CSP);
    reply.header("x-frame-options", preview ? "SAMEORIGIN" : "DENY");
    if (needsSession(request) || (request.routeOptions.url ?? "").startsWith("/admin/auth/")) reply.header("cache-control", "no-store");
    const audited = AUDITED[routeOf(request)];
    if (audited && request.staff && reply.statusCode < 300) {
      let answer: Answer = {};
      try {
        if (typeof payload === "string") answer = JSON.parse(payload) as Answer;
      } catch {
        // Not JSON: the entry names no page or commit from the answer.
      }
      const page = text(audited.page(request, answer));
      // The commit a publish made, or a draft's commit; and the draft's branch, so a decision can be found in git.
      const commit = text(answer.commit) ?? text(answer.draft?.commit);
      const detail = text(answer.branch) ?? text(answer.draft?.branch);
      await store.audit({ email: request.staff.email, action: audited.action, page, commit, ...(detail ? { detail } : {}) }, now());
    }
    return payload;
  });

  const startSession = async (reply: FastifyReply, account: StaffAccount, open: (hash: string) => Promise<unknown>) => {
    const token = newToken();
    await open(tokenHash(token));
    reply.header("set-cookie", sessionCookie(token, 7 * 24 * 60 * 60));
    return { email: account.email, name: account.name, role: account.role };
  };

  app.get("/admin/api/session", async (request) => {
    const staff = request.staff!;
    return { email: staff.email, name: staff.name, role: staff.role };
  });

  app.post("/admin/auth/sign-out", async (request, reply) => {
    const token = cookieOf(request, SESSION_COOKIE);
    if (token) {
      const session = await store.session(tokenHash(token));
      await store.endSession(tokenHash(token));
      if (session) await store.audit({ email: session.account.email, action: "sign-out" }, now());
    }
    return reply.header("set-cookie", sessionCookie("", 0)).send({ signedOut: true });
  });

  // An invite link carries its token after `#`, so it stays out of logs and Referer headers; the page posts it here.
  const invitedBy = async (request: FastifyRequest) => {
    const token = bodyField(request, "token");
    const address = `address:${request.ip}`;
    const wait = limits.wait(address, ADDRESS_FAILURES);
    if (wait > 0) throw new StaffError(429, "Too many failed attempts from this address: try again later.", wait);
    const account = typeof token === "string" && token.length <= 100 ? await store.invited(tokenHash(token), now()) : null;
    if (!account) {
      limits.fail(address);
      throw new StaffError(410, "This invite link has been used, has expired or was never issued: ask for a new one (npm run staff -- invite).");
    }
    return { account, hash: tokenHash(token as string) };
  };

  app.post("/admin/auth/invite/options", async (request) => {
    const { account, hash } = await invitedBy(request);
    const options = await generateRegistrationOptions({
      rpName: "Site editor",
      rpID: rpIdOf(request),
      userName: account.email,
      userDisplayName: account.name,
      userID: Buffer.from(account.userHandle, "base64url"),
      attestationType: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: 5 * 60 * 1000,
    });
    inviteChallenges.add(options.challenge, hash);
    return { options, name: account.name, email: account.email, role: account.role };
  });

  app.post("/admin/auth/invite", async (request, reply) => {
    const { account, hash } = await invitedBy(request);
    const response = bodyField(request, "response");
    if (!isObject(response)) throw new StaffError(400, "Send the passkey's response as a JSON object.");
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: (challenge) => inviteChallenges.take(challenge, (forInvite) => forInvite === hash) !== undefined,
        expectedOrigin: originOf(request),
        expectedRPID: rpIdOf(request),
        requireUserVerification: false,
      });
    } catch {
      verified = { verified: false as const };
    }
    if (!verified.verified) throw new StaffError(400, "The passkey could not be registered: try again from the invite link.");
    const { credential } = verified.registrationInfo;
    const passkey = { id: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [] };
    let registered: StaffAccount | null = null;
    const body = await startSession(reply, account, async (sessionHash) => {
      registered = await store.register(hash, passkey, sessionHash, now());
    });
    if (!registered) {
      reply.removeHeader("set-cookie");
      throw new StaffError(410, "This invite link has been used, has expired or was never issued: ask for a new one (npm run staff -- invite).");
    }
    await store.audit({ email: account.email, action: "register" }, now());
    return body;
  });

  app.post("/admin/auth/sign-in/options", async (request) => {
    const wait = limits.wait(`address:${request.ip}`, ADDRESS_FAILURES);
    if (wait > 0) throw new StaffError(429, "Too many failed sign-ins from this address: try again later.", wait);
    const options = await generateAuthenticationOptions({ rpID: rpIdOf(request), userVerification: "preferred", timeout: 5 * 60 * 1000 });
    signInChallenges.add(options.challenge, true);
    return { options };
  });

  app.post("/admin/auth/sign-in", async (request, reply) => {
    const address = `address:${request.ip}`;
    const addressWait = limits.wait(address, ADDRESS_FAILURES);
    if (addressWait > 0) throw new StaffError(429, "Too many failed sign-ins from this address: try again later.", addressWait);
    const response = bodyField(request, "response");
    const credentialId = isObject(response) && typeof response.id === "string" && response.id.length <= 1024 ? response.id : null;
    const found = credentialId ? await store.passkey(credentialId) : null;
    const failed = async (detail: string, account: StaffAccount | null) => {
      limits.fail(address);
      if (account) limits.fail(`account:${account.id}`);
      await store.audit({ email: account?.email ?? null, action: "sign-in-failed", detail }, now());
      return new StaffError(401, "That passkey was not recognised: use the passkey you made for this site, or ask for a new invite.");
    };
    if (!found) throw await failed("unknown passkey", null);
    const accountWait = limits.wait(`account:${found.account.id}`, ACCOUNT_FAILURES);
    if (accountWait > 0) throw new StaffError(429, "Too many failed sign-ins to this account: try again later.", accountWait);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => signInChallenges.take(challenge) !== undefined,
        expectedOrigin: originOf(request),
        expectedRPID: rpIdOf(request),
        credential: found.passkey,
        requireUserVerification: false,
      });
    } catch {
      verified = { verified: false };
    }
    if (!verified.verified || !("authenticationInfo" in verified)) throw await failed("the passkey's signature did not verify", found.account);
    const body = await startSession(reply, found.account, (sessionHash) =>
      store.signIn(found.passkey.id, verified.authenticationInfo.newCounter, sessionHash, now()),
    );
    await store.audit({ email: found.account.email, action: "sign-in" }, now());
    return body;
  });

  // Commits are by the member of staff signed in; the server's own git identity stays the committer.
  await app.register(editorPlugin, {
    ...options.editor,
    staffOf: (request) =>
      request.staff ? { id: request.staff.id, name: request.staff.name, email: request.staff.email, role: request.staff.role } : undefined,
  });
}
