import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import sharp from "sharp";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { render as renderPage } from "../../../../src/app/entry-server.tsx";
import { buildApp } from "../../../../src/server/app.ts";
import { ADMIN_CSP, adminPageCsp, PREVIEW_CSP } from "../../../../src/server/editor/index.ts";
import type { PageChecker } from "../../../../src/server/editor/publish.ts";
import { hashOf } from "../../../../src/server/editor/workspace.ts";
import { NONCE_PLACEHOLDER } from "../../../../src/server/editor/bundle-files.ts";
import { openSqliteStore } from "../../../../src/server/sqlite-store.ts";
import { openSqliteStaffStore } from "../../../../src/server/staff/sqlite-staff-store.ts";
import { SESSION_COOKIE } from "../../../../src/server/staff/staff-plugin.ts";
import { INVITE_MS, newToken, tokenHash, type Role, type StaffStore } from "../../../../src/server/staff/staff-store.ts";
import type { EnquiryStore } from "../../../../src/server/store.ts";
import { siteCopyRoot } from "../../fixture-site.ts";
import { assert, register, type SoftPasskey } from "./soft-authenticator.ts";

/**
 * One test per defence of the threat model in docs/editor.md ("Staff sign-in"), against the app
 * `npm start` builds (buildApp with the staff editor), in process, on a throwaway site copy with
 * its own git repository. The clock is the test's, so sessions and invites can expire.
 */
const ORIGIN = "https://editor.example";
const HEALTH = "site/industries/health.yaml";

let root: string;
let cleanup: () => void;
let bundleDir: string;
let dbPath: string;
let remote: string;
let branch: string;
let enquiries: EnquiryStore;
let staff: StaffStore;
let app: FastifyInstance;
let clock = Date.parse("2026-11-27T09:00:00.000Z");
const checkPages: PageChecker = async () => ({ ok: true, output: "" });

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
/** A file's bytes at a commit (commit:path). */
const blob = (object: string) => execFileSync("git", ["cat-file", "blob", object], { cwd: root });
const commits = () => Number(git("rev-list", "--count", "HEAD").trim());
const remoteHead = () => execFileSync("git", ["rev-parse", branch], { cwd: remote, encoding: "utf8" }).trim();

/** Someone else's change, committed in a clone of the remote and pushed there. */
function pushFromAnotherClone(file: string, change: (text: string) => string): string {
  const other = mkdtempSync(join(tmpdir(), "nexa-other-clone-"));
  try {
    // Without checking the site out: the index alone, and the one file changed.
    execFileSync("git", ["clone", "--quiet", "--no-checkout", "--branch", branch, remote, other]);
    const inOther = (...args: string[]) => execFileSync("git", args, { cwd: other, encoding: "utf8" });
    inOther("read-tree", "HEAD");
    mkdirSync(dirname(join(other, file)), { recursive: true });
    writeFileSync(join(other, file), change(inOther("show", `HEAD:${file}`)));
    inOther("add", "--", file);
    inOther("-c", "user.name=Other Person", "-c", "user.email=other@example.com", "commit", "--quiet", "-m", `Elsewhere: ${file}`);
    inOther("push", "--quiet", "origin", branch);
    return inOther("rev-parse", "HEAD").trim();
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
}
const read = (file: string) => readFileSync(join(root, file), "utf8");

beforeAll(async () => {
  ({ root, cleanup } = siteCopyRoot());
  git("init", "--quiet");
  git("config", "user.email", "editor@example.com");
  git("config", "user.name", "Ed Itor");
  git("add", "site");
  git("commit", "--quiet", "-m", "The site as it was");
  bundleDir = mkdtempSync(join(tmpdir(), "nexa-staff-bundles-"));
  mkdirSync(join(bundleDir, "admin"));
  mkdirSync(join(bundleDir, "preview", "assets"), { recursive: true });
  writeFileSync(join(bundleDir, "admin", "index.html"), `<!doctype html><title>Site editor</title><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">`);
  writeFileSync(join(bundleDir, "preview", "assets", "site.css"), "body{}");
  // The remote publishes push to (EDITOR_GIT_REMOTE), bare, with the site as it was on the working copy's branch.
  remote = join(bundleDir, "remote.git");
  execFileSync("git", ["init", "--quiet", "--bare", remote]);
  branch = git("symbolic-ref", "--short", "HEAD").trim();
  git("push", "--quiet", remote, `HEAD:refs/heads/${branch}`);
  dbPath = join(bundleDir, "data", "enquiries.db");
  enquiries = openSqliteStore({ path: dbPath });
  staff = openSqliteStaffStore(dbPath);
  const bundles = { adminDir: join(bundleDir, "admin"), previewDir: join(bundleDir, "preview"), stylesheet: "/admin/preview/assets/site.css", renderPage };
  app = buildApp({
    store: enquiries,
    distDir: null,
    logger: false,
    staffEditor: { store: staff, origin: ORIGIN, now: () => clock, editor: { root, bundles, checkPages, gitRemote: remote } },
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await staff?.close();
  await enquiries?.close();
  cleanup?.();
  rmSync(bundleDir, { recursive: true, force: true });
});

beforeEach(() => {
  // Each test starts a quarter of an hour later: the sign-in limits of one never reach the next.
  clock += 16 * 60 * 1000;
});

let addresses = 0;
/** A fresh client address, so one test's failures do not limit another's requests. */
const newAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

interface Call {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: unknown;
  cookie?: string | null;
  origin?: string | null;
  address?: string;
  headers?: Record<string, string>;
}

function call({ method = "GET", url, payload, cookie = null, origin = method === "GET" ? null : ORIGIN, address = "10.9.9.9", headers = {} }: Call) {
  return app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...(origin ? { origin } : {}), ...headers },
    ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
  });
}

const cookieOf = (response: LightMyRequestResponse) =>
  new RegExp(`^${SESSION_COOKIE}=([^;]+);`).exec(String(response.headers["set-cookie"] ?? ""))?.[1] ?? null;

async function invite(email: string, role: Role): Promise<string> {
  const token = newToken();
  await staff.invite({ email, name: email.split("@")[0]!, role }, tokenHash(token), clock + INVITE_MS, clock);
  return token;
}

/** The invite link's ceremony: registration options, a new passkey, the session cookie. */
async function registerOn(token: string, address = newAddress()): Promise<{ response: LightMyRequestResponse; passkey: SoftPasskey | null }> {
  const options = await call({ method: "POST", url: "/admin/auth/invite/options", payload: { token }, address });
  if (options.statusCode !== 200) return { response: options, passkey: null };
  const { passkey, response } = register(options.json().options, ORIGIN);
  return { response: await call({ method: "POST", url: "/admin/auth/invite", payload: { token, response }, address }), passkey };
}

async function signUp(email: string, role: Role): Promise<{ cookie: string; passkey: SoftPasskey }> {
  const { response, passkey } = await registerOn(await invite(email, role));
  expect(response.statusCode).toBe(200);
  return { cookie: cookieOf(response)!, passkey: passkey! };
}

async function signIn(passkey: SoftPasskey, { address = newAddress(), tamper = false } = {}) {
  const options = await call({ method: "POST", url: "/admin/auth/sign-in/options", payload: {}, address });
  if (options.statusCode !== 200) return options;
  return call({ method: "POST", url: "/admin/auth/sign-in", payload: { response: assert(passkey, options.json().options, ORIGIN, tamper) }, address });
}

const saveHealth = (cookie: string | null, text: string, extra: Partial<Call> = {}) =>
  call({ method: "PUT", url: "/admin/api/page", cookie, payload: { path: HEALTH, text, base: null }, ...extra });

describe("the editor inside npm start, behind staff sign-in: each defence of the threat model", () => {
  it("answers 401 to every admin API without a session, whether or not it exists, and changes nothing", async () => {
    const before = read(HEALTH);
    const calls: Call[] = [
      { url: "/admin/api/pages" },
      { url: `/admin/api/page?path=${HEALTH}` },
      { url: "/admin/api/session" },
      { method: "PUT", url: "/admin/api/page", payload: { path: HEALTH, text: "title: gone\n", base: null } },
      { method: "POST", url: "/admin/api/publish", payload: { message: "Gone" } },
      { url: "/admin/api/drafts" },
      { method: "POST", url: "/admin/api/drafts/review", payload: { path: HEALTH } },
      { method: "POST", url: "/admin/api/drafts/publish", payload: { branch: "drafts/1/industries--health" } },
      { method: "POST", url: "/admin/api/drafts/send-back", payload: { branch: "drafts/1/industries--health", comment: "No" } },
      { method: "POST", url: "/admin/api/pages", payload: { kind: "industry", address: "/industries/mining", title: "Mining" } },
      { method: "POST", url: "/admin/api/picture?page=site/index.yaml&name=x.png", payload: Buffer.from("not read"), headers: { "content-type": "image/png" } },
      { url: "/admin/api/no-such-thing" },
      { method: "DELETE", url: "/admin/api/pages" },
      { method: "POST", url: "/admin/api/users", payload: {} },
    ];
    const bodies = new Set<string>();
    for (const request of calls) {
      for (const cookie of [null, "", "x"]) {
        const response = await call({ ...request, cookie });
        expect(response.statusCode, `${request.method ?? "GET"} ${request.url}`).toBe(401);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: "Sign in to use the editor." })]);
    expect(read(HEALTH)).toBe(before);
    expect(commits()).toBe(1);
    expect(git("status", "--porcelain", "site")).toBe("");
  });

  it("gives an editor 403 on a publisher's action, and lets a publisher through", async () => {
    const editor = await signUp("ed@example.com", "editor");
    const publisher = await signUp("pub@example.com", "publisher");
    const before = commits();
    const saved = await saveHealth(editor.cookie, read(HEALTH).replace("title:", "title:  "));
    expect(saved.statusCode).toBe(200);
    const { branch } = saved.json().draft;
    for (const [url, payload] of [
      ["/admin/api/publish", { message: "Tidy the health page" }],
      ["/admin/api/drafts/publish", { branch }],
      ["/admin/api/drafts/send-back", { branch, comment: "Not like this" }],
    ] as const) {
      const refused = await call({ method: "POST", url, cookie: editor.cookie, payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: "Only a publisher may publish: ask one to publish your changes." });
    }
    expect(commits()).toBe(before);
    expect(git("for-each-ref", "--format=%(refname:short)", `refs/heads/${branch}`).trim()).toBe(branch);
    // A publisher's own change goes to the working copy and is published directly.
    expect((await saveHealth(publisher.cookie, read(HEALTH).replace("title:", "title:  "))).statusCode).toBe(200);
    const published = await call({ method: "POST", url: "/admin/api/publish", cookie: publisher.cookie, payload: { message: "Tidy the health page" } });
    expect(published.statusCode).toBe(200);
    expect(commits()).toBe(before + 1);
    expect((await call({ url: "/admin/api/session", cookie: editor.cookie })).json()).toEqual({ email: "ed@example.com", name: "ed", role: "editor" });
  });

  it("refuses a state-changing request from another origin, or with no Origin, even with a valid session", async () => {
    const { cookie, passkey } = await signUp("origin@example.com", "publisher");
    const before = read(HEALTH);
    for (const origin of ["https://evil.example", "null", null, "https://editor.example.evil.example", "http://editor.example"]) {
      const response = await saveHealth(cookie, "title: changed\n", { origin });
      expect(response.statusCode, String(origin)).toBe(403);
      expect(response.json().error).toMatch(/^The editor takes changes only from its own pages/);
      expect((await call({ method: "POST", url: "/admin/api/publish", cookie, payload: { message: "x" }, origin })).statusCode).toBe(403);
      const options = await call({ method: "POST", url: "/admin/auth/sign-in/options", payload: {}, origin });
      expect(options.statusCode).toBe(403);
    }
    expect(read(HEALTH)).toBe(before);
    expect((await saveHealth(cookie, before)).statusCode).toBe(200);
    expect((await signIn(passkey)).statusCode).toBe(200);
  });

  it("refuses a forged cookie, and the database holds no token", async () => {
    const { cookie } = await signUp("forge@example.com", "editor");
    expect((await call({ url: "/admin/api/pages", cookie })).statusCode).toBe(200);
    for (const forged of [newToken(), tokenHash(cookie), cookie.slice(0, -1) + (cookie.endsWith("A") ? "B" : "A")]) {
      expect((await call({ url: "/admin/api/pages", cookie: forged })).statusCode).toBe(401);
    }
    const db = new BetterSqlite3(dbPath, { readonly: true });
    try {
      const everything = JSON.stringify(
        ["staff", "staff_sessions", "staff_invites", "staff_passkeys", "staff_audit"].map((table) => db.prepare(`SELECT * FROM ${table}`).all()),
      );
      expect(everything).not.toContain(cookie);
      expect(everything).toContain(tokenHash(cookie));
    } finally {
      db.close();
    }
  });

  it("refuses a session idle for 8 hours, one signed in 7 days ago, and every session of a removed account", async () => {
    const { cookie, passkey } = await signUp("idle@example.com", "editor");
    clock += 8 * 60 * 60 * 1000 - 60_000;
    expect((await call({ url: "/admin/api/pages", cookie })).statusCode).toBe(200);
    clock += 8 * 60 * 60 * 1000 - 60_000;
    expect((await call({ url: "/admin/api/pages", cookie })).statusCode).toBe(200);
    clock += 8 * 60 * 60 * 1000 + 1000;
    const idle = await call({ url: "/admin/api/pages", cookie });
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ error: "Your session has ended: sign in again." });

    const signedIn = await signIn(passkey);
    const second = cookieOf(signedIn)!;
    const started = clock;
    while (clock - started < 7 * 24 * 60 * 60 * 1000 - 7 * 60 * 60 * 1000) {
      clock += 7 * 60 * 60 * 1000;
      expect((await call({ url: "/admin/api/pages", cookie: second })).statusCode).toBe(200);
    }
    clock = started + 7 * 24 * 60 * 60 * 1000;
    expect((await call({ url: "/admin/api/pages", cookie: second })).statusCode).toBe(401);

    const third = cookieOf(await signIn(passkey))!;
    const fourth = cookieOf(await signIn(passkey))!;
    expect((await call({ url: "/admin/api/pages", cookie: fourth })).statusCode).toBe(200);
    expect(await staff.remove("idle@example.com")).toBe(true);
    for (const gone of [third, fourth]) expect((await call({ url: "/admin/api/pages", cookie: gone })).statusCode).toBe(401);
    expect((await signIn(passkey)).statusCode).toBe(401);
  });

  it("refuses an invite used once, one past its 24 hours, and one never issued", async () => {
    const token = await invite("once@example.com", "editor");
    expect((await registerOn(token)).response.statusCode).toBe(200);
    const gone = { error: "This invite link has been used, has expired or was never issued: ask for a new one (npm run staff -- invite)." };
    const reused = await call({ method: "POST", url: "/admin/auth/invite/options", payload: { token }, address: newAddress() });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual(gone);

    // Options fetched while the invite was good, answered after another registration used it.
    const raced = await invite("race@example.com", "editor");
    const first = await call({ method: "POST", url: "/admin/auth/invite/options", payload: { token: raced }, address: newAddress() });
    const second = await call({ method: "POST", url: "/admin/auth/invite/options", payload: { token: raced }, address: newAddress() });
    const answer = (options: LightMyRequestResponse) =>
      call({
        method: "POST",
        url: "/admin/auth/invite",
        payload: { token: raced, response: register(options.json().options, ORIGIN).response },
        address: newAddress(),
      });
    expect((await answer(first)).statusCode).toBe(200);
    const late = await answer(second);
    expect(late.statusCode).toBe(410);
    expect(late.headers["set-cookie"]).toBeUndefined();

    const expiring = await invite("late@example.com", "editor");
    clock += INVITE_MS;
    expect((await registerOn(expiring)).response.statusCode).toBe(410);
    expect((await registerOn(newToken())).response.statusCode).toBe(410);
    expect((await staff.list()).find((s) => s.email === "late@example.com")?.passkeys).toBe(0);
  });

  it("refuses paths outside site/ and with .. for a signed-in editor, writing nothing", async () => {
    const { cookie } = await signUp("paths@example.com", "editor");
    const outside = await call({ url: "/admin/api/page?path=package.json", cookie });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('"package.json" is outside site/: pages are files under site/, such as site/industries/mining.yaml.');
    expect((await call({ url: `/admin/api/page?path=${encodeURIComponent("site/../package.json")}`, cookie })).statusCode).toBe(400);
    for (const path of ["site/../escape.yaml", "../escape.yaml", "/tmp/escape.yaml", "site/industries/../../escape.yaml"]) {
      const response = await call({ method: "PUT", url: "/admin/api/page", cookie, payload: { path, text: "title: out\n", base: null } });
      expect(response.statusCode, path).toBe(400);
    }
    expect(git("status", "--porcelain", "--untracked-files=all")).not.toContain("escape");
  });

  it("refuses an SVG with a script and a 50 MB picture", async () => {
    const { cookie } = await signUp("pictures@example.com", "editor");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const url = "/admin/api/picture?page=site/index.yaml&name=logo.svg";
    const refused = await call({ method: "POST", url, cookie, payload: svg, headers: { "content-type": "image/svg+xml" } });
    expect(refused.statusCode).toBe(415);
    const huge = await call({
      method: "POST",
      url: "/admin/api/picture?page=site/index.yaml&name=huge.png",
      cookie,
      payload: Buffer.alloc(50 * 1024 * 1024),
      headers: { "content-type": "image/png" },
    });
    expect(huge.statusCode).toBe(413);
    expect(git("status", "--porcelain", "--untracked-files=all", "site/assets")).toBe("");
  });

  it("lets only a publisher write over a picture: an editor's upload of the same name gets a name of its own", async () => {
    const editor = await signUp("ed-pictures@example.com", "editor");
    const publisher = await signUp("pub-pictures@example.com", "publisher");
    const png = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const upload = async (cookie: string, bytes: Buffer, replace: boolean) =>
      call({
        method: "POST",
        url: `/admin/api/picture?page=site/index.yaml&name=team.png${replace ? "&replace=1" : ""}`,
        cookie,
        payload: bytes,
        headers: { "content-type": "image/png" },
      });
    const first = await upload(publisher.cookie, await png("#204060"), false);
    expect(first.statusCode).toBe(201);
    const { src } = first.json() as { src: string };
    const onDisk = join(root, "site", "assets", src);
    const live = readFileSync(onDisk);

    const refused = await upload(editor.cookie, await png("#ff0000"), true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      "Only a publisher may write over a picture: the site would show the new one at its next update, before any review. Upload yours without that box ticked, and it gets a name of its own.",
    );
    expect(readFileSync(onDisk).equals(live)).toBe(true);
    const own = await upload(editor.cookie, await png("#ff0000"), false);
    expect(own.statusCode).toBe(201);
    expect(own.json().src).toBe(src.replace(/\.webp$/, "-2.webp"));
    expect(readFileSync(onDisk).equals(live)).toBe(true);

    const replaced = await upload(publisher.cookie, await png("#00ff00"), true);
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().src).toBe(src);
    expect(readFileSync(onDisk).equals(live)).toBe(false);
    // The later tests publish whatever the working copy holds; the editor's picture is only in their draft.
    rmSync(onDisk);
    expect(existsSync(join(root, "site", "assets", own.json().src))).toBe(false);
    await call({ method: "POST", url: "/admin/api/drafts/discard", cookie: editor.cookie, payload: { branch: own.json().draft.branch } });
  });

  it("after 20 wrong sign-ins from one address the next is refused with 429, even a right one; an account is locked after 10 from anywhere", async () => {
    const { passkey } = await signUp("brute@example.com", "editor");
    const { passkey: other } = await signUp("bystander@example.com", "editor");
    const logged = (await staff.log(10_000)).length;
    const stranger: SoftPasskey = { ...passkey, id: "bm90LWEtcGFzc2tleQ" };
    const address = newAddress();
    for (let i = 0; i < 20; i++) expect((await signIn(stranger, { address })).statusCode).toBe(401);
    const limited = await signIn(passkey, { address });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signIn(passkey)).statusCode).toBe(200);

    for (let i = 0; i < 10; i++) expect((await signIn(passkey, { tamper: true })).statusCode).toBe(401);
    const locked = await signIn(passkey);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: "Too many failed sign-ins to this account: try again later." });
    expect((await signIn(other)).statusCode).toBe(200);
    clock += 15 * 60 * 1000;
    expect((await signIn(passkey, { address })).statusCode).toBe(200);
    const trail = await staff.log(10_000);
    const failures = trail.slice(0, trail.length - logged).filter((entry) => entry.action === "sign-in-failed");
    expect(failures.filter((entry) => entry.email === null)).toHaveLength(20);
    expect(failures.filter((entry) => entry.email === "brute@example.com")).toHaveLength(10);
  });

  it("sends the admin's strict policy on its pages and its API, and frames only the preview", async () => {
    const { cookie } = await signUp("csp@example.com", "editor");
    for (const response of [await call({ url: "/admin/api/pages", cookie }), await call({ url: "/admin/api/pages" })]) {
      expect(response.headers["content-security-policy"]).toBe(ADMIN_CSP);
      expect(response.headers["x-frame-options"]).toBe("DENY");
    }
    // The editor's page also allows the one style element with its own nonce (CodeMirror's styles), new on each load.
    const pages = [await call({ url: "/admin/" }), await call({ url: "/admin/" })];
    const nonces = pages.map((p) => /<meta property="csp-nonce" nonce="([^"]+)"/.exec(p.body)?.[1]);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    pages.forEach((p, i) => {
      expect(p.headers["content-security-policy"]).toBe(adminPageCsp(nonces[i]!));
      expect(p.headers["x-frame-options"]).toBe("DENY");
    });
    expect(adminPageCsp("n")).toBe(ADMIN_CSP.replace("style-src 'self'", "style-src 'self' 'nonce-n'"));
    expect(ADMIN_CSP).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(ADMIN_CSP).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
    const preview = await call({ method: "POST", url: "/admin/api/preview", cookie, payload: { path: HEALTH, text: read(HEALTH) } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-security-policy"]).toBe(PREVIEW_CSP);
    expect(PREVIEW_CSP).toContain("frame-ancestors 'self'");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("commits a publish as the publisher, rebased onto the remote's newer commit and pushed", async () => {
    const { cookie } = await signUp("rao@example.com", "publisher");
    const theirs = pushFromAnotherClone("site/index.yaml", (text) => `${text}# changed elsewhere\n`);
    expect((await saveHealth(cookie, read(HEALTH).replace("title:", "title: "))).statusCode).toBe(200);
    const published = await call({ method: "POST", url: "/admin/api/publish", cookie, payload: { message: "Health: a space" } });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ files: [HEALTH], pushed: true });
    expect(git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%s").trim()).toBe("rao <rao@example.com>|Ed Itor <editor@example.com>|Health: a space");
    expect(git("rev-parse", "HEAD~1").trim()).toBe(theirs);
    expect(read("site/index.yaml")).toMatch(/# changed elsewhere\n$/);
    expect(remoteHead()).toBe(published.json().commit);
  });

  it("publishes and pushes nothing when the remote changed the same lines, names the file, and leaves the working copy as it was", async () => {
    const { cookie } = await signUp("clash@example.com", "publisher");
    const theirs = pushFromAnotherClone(HEALTH, (text) => text.replace(/^title: .*$/m, 'title: "Theirs"'));
    const mine = read(HEALTH).replace(/^title: .*$/m, 'title: "Mine"');
    expect((await saveHealth(cookie, mine)).statusCode).toBe(200);
    const before = git("rev-parse", "HEAD").trim();
    const refused = await call({ method: "POST", url: "/admin/api/publish", cookie, payload: { message: "Health: mine" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Not published: someone else changed the same lines of ${HEALTH} on ${remote} since this copy last took its changes. Nothing was pushed, and your changes are still here, unpublished: ask whoever made the other change, then publish again.`,
      conflicts: [HEALTH],
    });
    expect(remoteHead()).toBe(theirs);
    expect(git("rev-parse", "HEAD").trim()).toBe(before);
    expect(read(HEALTH)).toBe(mine);
    expect(git("status", "--porcelain", "--untracked-files=all", "--", "site")).toBe(` M ${HEALTH}\n`);
    expect(existsSync(join(root, ".git", "rebase-merge")) || existsSync(join(root, ".git", "rebase-apply"))).toBe(false);
    // Take their change, for the tests after this one.
    git("checkout", "--quiet", "--", "site");
    git("merge", "--quiet", "--ff-only", theirs);
  });

  it("records sign-ins, failures, saves and publishes with who, when, page and commit, and never a token or a key", async () => {
    const { cookie, passkey } = await signUp("audit@example.com", "publisher");
    const signedIn = cookieOf(await signIn(passkey))!;
    await signIn(passkey, { tamper: true });
    expect((await saveHealth(cookie, read(HEALTH).replace("title:", "title: "))).statusCode).toBe(200);
    const published = (await call({ method: "POST", url: "/admin/api/publish", cookie, payload: { message: "Audit me" } })).json() as { commit: string };
    const mine = (await staff.log(50)).filter((entry) => entry.email === "audit@example.com");
    expect(mine.map((entry) => [entry.action, entry.page, entry.commit])).toEqual([
      ["publish", null, published.commit],
      ["save", HEALTH, null],
      ["sign-in-failed", null, null],
      ["sign-in", null, null],
      ["register", null, null],
    ]);
    for (const entry of mine) expect(Date.parse(entry.at)).toBe(clock);
    const trail = JSON.stringify(await staff.log(1000));
    for (const secret of [cookie, signedIn, tokenHash(cookie), passkey.id]) expect(trail).not.toContain(secret);
  });
});

describe("drafts and review: an editor's saves on a branch of their own, decided by a publisher", () => {
  const live = () => git("rev-parse", "HEAD").trim();
  const title = (text: string, to: string) => text.replace(/^title: .*$/m, `title: "${to}"`);
  const draftsOf = async (cookie: string) => (await call({ url: "/admin/api/drafts", cookie })).json().drafts as { branch: string; [k: string]: unknown }[];
  const authorOn = (ref: string) => git("log", "-1", "--format=%an <%ae>|%cn <%ce>", ref).trim();

  it("saves an editor's change on drafts/<id>/<page> as their commit, leaving the working copy and its branch alone; review, publish as the editor's commit", async () => {
    const editor = await signUp("drafter@example.com", "editor");
    const publisher = await signUp("reviewer@example.com", "publisher");
    const [head, checkedOut, liveText] = [live(), git("symbolic-ref", "HEAD"), read(HEALTH)];
    const mine = title(liveText, "Health care, reviewed");
    const saved = await saveHealth(editor.cookie, mine);
    expect(saved.statusCode).toBe(200);
    const { draft } = saved.json();
    expect(draft).toMatchObject({ branch: expect.stringMatching(/^drafts\/\d+\/industries--health$/), file: HEALTH, state: "editing", comment: null });
    expect([live(), git("symbolic-ref", "HEAD"), read(HEALTH), git("status", "--porcelain", "--", "site")]).toEqual([head, checkedOut, liveText, ""]);
    expect(authorOn(draft.branch)).toBe("drafter <drafter@example.com>|Ed Itor <editor@example.com>");
    expect(git("show", `${draft.branch}:${HEALTH}`)).toBe(mine);
    // The editor reopens their draft; the publisher opens the live page.
    expect((await call({ url: `/admin/api/page?path=${HEALTH}`, cookie: editor.cookie })).json()).toMatchObject({
      text: mine,
      draft: { branch: draft.branch },
    });
    expect((await call({ url: `/admin/api/page?path=${HEALTH}`, cookie: publisher.cookie })).json().text).toBe(liveText);

    const asked = await call({
      method: "POST",
      url: "/admin/api/drafts/review",
      cookie: editor.cookie,
      payload: { path: HEALTH, message: "Health: a clearer title" },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ branch: draft.branch, state: "waiting", comment: "Health: a clearer title" });
    const waiting = (await draftsOf(publisher.cookie)).find((d) => d.branch === draft.branch)!;
    expect(waiting).toMatchObject({ state: "waiting", by: { name: "drafter", email: "drafter@example.com" }, before: liveText, after: mine });
    expect(waiting.diff).toContain(`+title: "Health care, reviewed"`);
    expect(waiting.diff).toMatch(/^-title: /m);

    const published = await call({ method: "POST", url: "/admin/api/drafts/publish", cookie: publisher.cookie, payload: { branch: draft.branch } });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ files: [HEALTH], pushed: true, branch: draft.branch });
    expect(git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%s").trim()).toBe(
      "drafter <drafter@example.com>|Ed Itor <editor@example.com>|Health: a clearer title",
    );
    expect(git("rev-parse", "HEAD~1").trim()).toBe(head);
    expect(read(HEALTH)).toBe(mine);
    expect(git("status", "--porcelain", "--", "site")).toBe("");
    expect(git("for-each-ref", `refs/heads/${draft.branch}`)).toBe("");
    expect(remoteHead()).toBe(published.json().commit);

    const trail = (await staff.log(20)).filter((e) => ["drafter@example.com", "reviewer@example.com"].includes(e.email ?? ""));
    expect(trail.slice(0, 3).map((e) => [e.email, e.action, e.page, e.detail])).toEqual([
      ["reviewer@example.com", "publish-draft", HEALTH, draft.branch],
      ["drafter@example.com", "ask-review", HEALTH, draft.branch],
      ["drafter@example.com", "save", HEALTH, draft.branch],
    ]);
    expect(trail[0]!.commit).toBe(published.json().commit);
  });

  it("sends a draft back with a comment the editor then sees, and asks for one", async () => {
    const editor = await signUp("sentback@example.com", "editor");
    const publisher = await signUp("decider@example.com", "publisher");
    const { draft } = (await saveHealth(editor.cookie, read(HEALTH).replace("schemaVersion: 2", "schemaVersion: 2\n# to review"))).json();
    await call({ method: "POST", url: "/admin/api/drafts/review", cookie: editor.cookie, payload: { path: HEALTH } });
    const noComment = await call({
      method: "POST",
      url: "/admin/api/drafts/send-back",
      cookie: publisher.cookie,
      payload: { branch: draft.branch, comment: " " },
    });
    expect(noComment.statusCode).toBe(400);
    const head = live();
    const sent = await call({
      method: "POST",
      url: "/admin/api/drafts/send-back",
      cookie: publisher.cookie,
      payload: { branch: draft.branch, comment: "Say which hospitals." },
    });
    expect(sent.statusCode).toBe(200);
    expect(live()).toBe(head);
    const [mine] = await draftsOf(editor.cookie);
    expect(mine).toMatchObject({ branch: draft.branch, state: "sent-back", comment: "Say which hospitals." });
    expect((await call({ url: `/admin/api/page?path=${HEALTH}`, cookie: editor.cookie })).json().draft).toMatchObject({
      state: "sent-back",
      comment: "Say which hospitals.",
    });
    expect(authorOn(draft.branch)).toBe("decider <decider@example.com>|Ed Itor <editor@example.com>");
    const [entry] = (await staff.log(5)).filter((e) => e.email === "decider@example.com");
    expect(entry).toMatchObject({ action: "send-back", page: HEALTH, detail: draft.branch });
    // A publisher's own unpublished change to the page is never overwritten by a draft.
    const direct = read(HEALTH).replace("schemaVersion: 2", "schemaVersion: 2\n# the publisher's own");
    expect((await saveHealth(publisher.cookie, direct)).statusCode).toBe(200);
    const refused = await call({ method: "POST", url: "/admin/api/drafts/publish", cookie: publisher.cookie, payload: { branch: draft.branch } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`${HEALTH} has changes saved directly and not published: publish them first, then this draft.`);
    expect([read(HEALTH), live()]).toEqual([direct, head]);
    git("checkout", "--quiet", "--", "site");
  });

  it("an editor's new page goes to their draft, not the working copy: listed for them alone, checked and previewed from it, blocking no other publish, and published through review", async () => {
    const MINING = "site/industries/mining.yaml";
    const editor = await signUp("maker@example.com", "editor");
    const publisher = await signUp("approver@example.com", "publisher");
    const head = live();
    const made = await call({
      method: "POST",
      url: "/admin/api/pages",
      cookie: editor.cookie,
      payload: { kind: "industry", address: "/industries/mining", title: "Mining" },
    });
    expect(made.statusCode).toBe(201);
    const { draft, files } = made.json();
    expect(draft).toMatchObject({ branch: expect.stringMatching(/^drafts\/\d+\/industries--mining$/), file: MINING, state: "editing" });
    expect(files).toEqual([expect.objectContaining({ file: MINING, route: "/industries/mining", draft: expect.objectContaining({ branch: draft.branch }) })]);
    // Nothing in the working copy: the page is only on the draft's branch.
    expect([existsSync(join(root, MINING)), git("status", "--porcelain", "--untracked-files=all", "--", "site"), live()]).toEqual([false, "", head]);
    const starter = git("show", `${draft.branch}:${MINING}`);
    expect(starter).toContain("Replace this placeholder");

    const listed = (cookie: string) => call({ url: "/admin/api/pages", cookie }).then((r) => r.json().pages as { file: string; [k: string]: unknown }[]);
    const mine = (await listed(editor.cookie)).find((p) => p.file === MINING);
    expect(mine).toMatchObject({ route: "/industries/mining", title: "Mining | Nexa AI", group: "industries", draft: "new", problems: expect.any(Number) });
    expect(mine!.problems).toBeGreaterThan(0);
    expect((await listed(publisher.cookie)).some((p) => p.file === MINING)).toBe(false);
    expect((await call({ url: `/admin/api/page?path=${MINING}`, cookie: editor.cookie })).json()).toMatchObject({
      text: starter,
      draft: { branch: draft.branch },
    });
    const checked = (await call({ method: "POST", url: "/admin/api/check", cookie: editor.cookie, payload: { path: MINING, text: starter } })).json();
    expect(checked.problems.some((p: { message: string }) => p.message.startsWith("still has placeholder text"))).toBe(true);
    const preview = await call({ method: "POST", url: "/admin/api/preview", cookie: editor.cookie, payload: { path: MINING, text: starter } });
    expect([preview.statusCode, preview.body]).toEqual([200, expect.stringContaining("<h1")]);
    // A second new page at the same address is refused: the draft is there to open.
    const again = await call({
      method: "POST",
      url: "/admin/api/pages",
      cookie: editor.cookie,
      payload: { kind: "industry", address: "/industries/mining", title: "Mining" },
    });
    expect([again.statusCode, again.json().error]).toEqual([409, `You already have a draft of ${MINING}: open it from the page list.`]);

    // The starter's placeholders stop no one else's publish (they would, in the working copy).
    const direct = read(HEALTH).replace("schemaVersion: 2", "schemaVersion: 2\n# published beside a new page's draft");
    expect((await saveHealth(publisher.cookie, direct)).statusCode).toBe(200);
    const other = await call({ method: "POST", url: "/admin/api/publish", cookie: publisher.cookie, payload: { message: "Health: a note" } });
    expect([other.statusCode, other.json().files]).toEqual([200, [HEALTH]]);

    const filled = starter
      .replace(/Replace this (placeholder|paragraph|heading|title)(: | with )?/g, "")
      .replace(/Replace: /g, "")
      .replace(/Replace this point/g, "Sites stay safer");
    const saved = await call({ method: "PUT", url: "/admin/api/page", cookie: editor.cookie, payload: { path: MINING, text: filled, base: hashOf(starter) } });
    expect([saved.statusCode, saved.json().problems]).toEqual([200, []]);
    await call({ method: "POST", url: "/admin/api/drafts/review", cookie: editor.cookie, payload: { path: MINING, message: "Mining: a new industry" } });
    const published = await call({ method: "POST", url: "/admin/api/drafts/publish", cookie: publisher.cookie, payload: { branch: draft.branch } });
    expect([published.statusCode, published.json().files]).toEqual([200, [MINING]]);
    expect([read(MINING), git("log", "-1", "--format=%an|%s").trim(), git("for-each-ref", `refs/heads/${draft.branch}`)]).toEqual([
      filled,
      "maker|Mining: a new industry",
      "",
    ]);
    const [entry] = (await staff.log(20)).filter((e) => e.email === "maker@example.com" && e.action === "new-page");
    expect(entry).toMatchObject({ page: "/industries/mining", detail: draft.branch });
  });

  it("an editor's picture goes to their draft, not the working copy: their check and preview see it, the review shows it, it is published with the page, and discarded with the draft", async () => {
    const editor = await signUp("photographer@example.com", "editor");
    const otherEditor = await signUp("onlooker@example.com", "editor");
    const publisher = await signUp("picture-desk@example.com", "publisher");
    const head = live();
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#3070a0" } })
        .png()
        .toBuffer();
    const upload = async (cookie: string, name: string, bytes: Buffer) =>
      call({ method: "POST", url: `/admin/api/picture?page=${HEALTH}&name=${name}`, cookie, payload: bytes, headers: { "content-type": "image/png" } });
    const first = await upload(editor.cookie, "ward.png", await png(80, 60));
    expect(first.statusCode).toBe(201);
    const { src, draft } = first.json();
    expect([src, first.json().width, first.json().height]).toEqual(["/industries/health/ward.webp", 80, 60]);
    expect(draft).toMatchObject({ branch: expect.stringMatching(/^drafts\/\d+\/industries--health$/), file: HEALTH, state: "editing" });
    // Not in the working copy, which every build reads: only on the draft's branch, as the editor's commit.
    expect([existsSync(join(root, "site", "assets", src)), git("status", "--porcelain", "--untracked-files=all", "--", "site"), live()]).toEqual([
      false,
      "",
      head,
    ]);
    expect(git("cat-file", "-t", `${draft.branch}:site/assets${src}`).trim()).toBe("blob");
    expect(authorOn(draft.branch)).toBe("photographer <photographer@example.com>|Ed Itor <editor@example.com>");
    // Another upload of the same name, by anyone, gets a name of its own: the draft holds this one.
    const second = await upload(otherEditor.cookie, "ward.png", await png(80, 60));
    expect(second.json().src).toBe("/industries/health/ward-2.webp");
    await call({ method: "POST", url: "/admin/api/drafts/discard", cookie: otherEditor.cookie, payload: { branch: second.json().draft.branch } });
    const publishers = await upload(publisher.cookie, "ward.png", await png(80, 60));
    expect(publishers.json().src).toBe("/industries/health/ward-2.webp");
    rmSync(join(root, "site", "assets", publishers.json().src));

    // The page names it: the editor's check finds it (and its shape), the preview draws it from the draft.
    const liveText = read(HEALTH);
    const withPicture = (width: number, height: number) =>
      liveText.replace(
        "  - type: cardGrid\n",
        `  - type: split\n    heading: On the ward\n    imageSide: right\n    image:\n      src: ${src}\n      alt: A ward at dawn\n      width: ${width}\n      height: ${height}\n    body:\n      - Nurses see the day's plan at a glance.\n  - type: cardGrid\n`,
      );
    const problems = async (cookie: string, text: string) =>
      (
        (await call({ method: "POST", url: "/admin/api/check", cookie, payload: { path: HEALTH, text } })).json().problems as {
          line: number;
          message: string;
        }[]
      ).map((p) => p.message);
    expect(await problems(editor.cookie, withPicture(80, 60))).toEqual([]);
    expect(await problems(editor.cookie, withPicture(80, 80))).toEqual([
      `width: 80 and height: 80 do not have the shape of the picture ${src}, which is 80 × 60`,
    ]);
    // Anyone else checks against the working copy, where it is not.
    expect(await problems(otherEditor.cookie, withPicture(80, 60))).toEqual([`missing file "${src}": there is no site/assets${src}`]);
    const address = `/admin/api/draft-pictures/${draft.branch.slice("drafts/".length)}${src}`;
    const preview = await call({ method: "POST", url: "/admin/api/preview", cookie: editor.cookie, payload: { path: HEALTH, text: withPicture(80, 60) } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(`src="${address}"`);
    expect(preview.body).not.toContain(`"${src}"`);
    const served = await call({ url: address, cookie: editor.cookie });
    expect([served.statusCode, served.headers["content-type"], served.rawPayload.equals(blob(`${draft.branch}:site/assets${src}`))]).toEqual([
      200,
      "image/webp",
      true,
    ]);
    expect((await call({ url: address, cookie: otherEditor.cookie })).statusCode).toBe(403);
    expect((await call({ url: address, cookie: null })).statusCode).toBe(401);
    expect((await call({ url: address.replace("ward.webp", "other.webp"), cookie: editor.cookie })).statusCode).toBe(404);

    // Saved and reviewed: the publisher sees the picture with the diff, and the page after with it.
    const saved = await call({
      method: "PUT",
      url: "/admin/api/page",
      cookie: editor.cookie,
      payload: { path: HEALTH, text: withPicture(80, 60), base: hashOf(liveText) },
    });
    expect([saved.statusCode, saved.json().problems]).toEqual([200, []]);
    expect(git("cat-file", "-t", `${draft.branch}:site/assets${src}`).trim()).toBe("blob");
    const waiting = (await draftsOf(publisher.cookie)).find((d) => d.branch === draft.branch)!;
    expect(waiting.pictures).toEqual([src]);
    const after = await call({
      method: "POST",
      url: "/admin/api/preview",
      cookie: publisher.cookie,
      payload: { path: HEALTH, text: waiting.after, branch: draft.branch },
    });
    expect(after.body).toContain(`src="${address}"`);
    expect((await call({ url: address, cookie: publisher.cookie })).statusCode).toBe(200);
    const refused = await call({
      method: "POST",
      url: "/admin/api/preview",
      cookie: otherEditor.cookie,
      payload: { path: HEALTH, text: waiting.after, branch: draft.branch },
    });
    expect(refused.statusCode).toBe(403);

    // Published: the page and its picture in one commit by the editor; the picture's bytes as the draft held them.
    const published = await call({ method: "POST", url: "/admin/api/drafts/publish", cookie: publisher.cookie, payload: { branch: draft.branch } });
    expect([published.statusCode, published.json().files]).toEqual([200, [`site/assets${src}`, HEALTH]]);
    expect(git("show", "--name-only", "--format=%an", "HEAD").trim().split("\n")).toEqual(["photographer", "", `site/assets${src}`, HEALTH]);
    expect(readFileSync(join(root, "site", "assets", src)).equals(blob(`HEAD:site/assets${src}`))).toBe(true);
    expect(git("status", "--porcelain", "--untracked-files=all", "--", "site")).toBe("");

    // Another draft's picture, discarded with its draft: nothing stays behind.
    const dropped = await upload(editor.cookie, "corridor.png", await png(40, 30));
    expect(dropped.statusCode).toBe(201);
    await call({ method: "POST", url: "/admin/api/drafts/discard", cookie: editor.cookie, payload: { branch: dropped.json().draft.branch } });
    expect([existsSync(join(root, "site", "assets", dropped.json().src)), git("for-each-ref", "refs/heads/drafts/")]).toEqual([false, expect.any(String)]);
    expect(git("for-each-ref", `refs/heads/${dropped.json().draft.branch}`)).toBe("");
    const trail = (await staff.log(20)).filter((e) => e.email === "photographer@example.com" && e.action === "picture");
    expect(trail.length).toBe(2);
  });

  it("refuses an editor's new course group, two pages to publish together, and writes nothing", async () => {
    const editor = await signUp("grouper@example.com", "editor");
    const refs = git("for-each-ref", "refs/heads/drafts");
    const made = await call({
      method: "POST",
      url: "/admin/api/pages",
      cookie: editor.cookie,
      payload: { kind: "course-group", address: "/courses/normal-course/robotics", title: "Robotics" },
    });
    expect([made.statusCode, made.json().error]).toEqual([
      409,
      "A course group is made together with its first course, and the two are published together: ask a publisher to make it, then edit its pages here.",
    ]);
    expect([git("status", "--porcelain", "--untracked-files=all", "--", "site"), git("for-each-ref", "refs/heads/drafts")]).toEqual(["", refs]);
  });

  it("discards a draft for its author or a publisher, never for another editor, and leaves the live page as it is", async () => {
    const author = await signUp("quitter@example.com", "editor");
    const otherEditor = await signUp("bystander@example.com", "editor");
    const publisher = await signUp("tidier@example.com", "publisher");
    const [head, liveText] = [live(), read(HEALTH)];
    const draftOf = async (cookie: string) => (await saveHealth(cookie, liveText.replace("schemaVersion: 2", "schemaVersion: 2\n# to discard"))).json().draft;
    const first = await draftOf(author.cookie);
    const discard = (cookie: string, branch: string) => call({ method: "POST", url: "/admin/api/drafts/discard", cookie, payload: { branch } });
    const refused = await discard(otherEditor.cookie, first.branch);
    expect([refused.statusCode, refused.json().error]).toEqual([403, "This draft is quitter's: only they or a publisher may discard it."]);
    expect(git("for-each-ref", "--format=%(refname:short)", `refs/heads/${first.branch}`).trim()).toBe(first.branch);
    const done = await discard(author.cookie, first.branch);
    expect([done.statusCode, done.json()]).toEqual([200, { branch: first.branch, file: HEALTH, discarded: true }]);
    expect([git("for-each-ref", `refs/heads/${first.branch}`), live(), read(HEALTH), git("status", "--porcelain", "--", "site")]).toEqual([
      "",
      head,
      liveText,
      "",
    ]);
    expect((await call({ url: `/admin/api/page?path=${HEALTH}`, cookie: author.cookie })).json()).toMatchObject({ text: liveText });
    expect((await discard(author.cookie, first.branch)).statusCode).toBe(404);
    const second = await draftOf(author.cookie);
    expect((await discard(publisher.cookie, second.branch)).statusCode).toBe(200);
    expect(git("for-each-ref", `refs/heads/${second.branch}`)).toBe("");
    const trail = (await staff.log(20)).filter((e) => e.action === "discard-draft").map((e) => [e.email, e.page]);
    expect(trail.slice(0, 2)).toEqual([
      ["tidier@example.com", HEALTH],
      ["quitter@example.com", HEALTH],
    ]);
  });

  it("does not ask an editor to merge when the live page changed in other lines: the publish merges it", async () => {
    const editor = await signUp("elsewhere@example.com", "editor");
    const publisher = await signUp("liveedit@example.com", "publisher");
    const { draft } = (await saveHealth(editor.cookie, `${read(HEALTH)}# the editor's line at the end\n`)).json();
    expect(
      (await saveHealth(publisher.cookie, read(HEALTH).replace("schemaVersion: 2", "schemaVersion: 2\n# the publisher's line at the top"))).statusCode,
    ).toBe(200);
    expect((await call({ method: "POST", url: "/admin/api/publish", cookie: publisher.cookie, payload: { message: "Health: a line" } })).statusCode).toBe(200);
    const opened = (await call({ url: `/admin/api/page?path=${HEALTH}`, cookie: editor.cookie })).json();
    expect(opened).toMatchObject({ draft: { branch: draft.branch } });
    expect(opened.live).toBeUndefined();
    expect((await call({ method: "POST", url: "/admin/api/drafts/discard", cookie: editor.cookie, payload: { branch: draft.branch } })).statusCode).toBe(200);
  });

  it("two editors saving one page: the second is told, with both versions, and neither is lost; publishing the second after the first names the conflict", async () => {
    const PAGE = "site/industries/agriculture.yaml";
    const first = await signUp("first@example.com", "editor");
    const second = await signUp("second@example.com", "editor");
    const publisher = await signUp("both@example.com", "publisher");
    const opened = (await call({ url: `/admin/api/page?path=${PAGE}`, cookie: second.cookie })).json();
    const [a, b] = [title(opened.text, "First's title"), title(opened.text, "Second's title")];
    const one = (await call({ method: "PUT", url: "/admin/api/page", cookie: first.cookie, payload: { path: PAGE, text: a, base: opened.hash } })).json().draft;
    const saved = await call({ method: "PUT", url: "/admin/api/page", cookie: second.cookie, payload: { path: PAGE, text: b, base: opened.hash } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().conflicts).toEqual([{ branch: one.branch, by: { id: expect.any(Number), name: "first", email: "first@example.com" }, text: a }]);
    const two = saved.json().draft;
    expect([git("show", `${one.branch}:${PAGE}`), git("show", `${two.branch}:${PAGE}`)]).toEqual([a, b]);
    // A save from a text older than the draft's is refused with the draft's text.
    const stale = await call({
      method: "PUT",
      url: "/admin/api/page",
      cookie: second.cookie,
      payload: { path: PAGE, text: b + "# more\n", base: opened.hash },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ disk: b });

    expect(
      (await call({ method: "POST", url: "/admin/api/drafts/publish", cookie: publisher.cookie, payload: { branch: one.branch, message: "First" } }))
        .statusCode,
    ).toBe(200);
    const head = live();
    const clash = await call({
      method: "POST",
      url: "/admin/api/drafts/publish",
      cookie: publisher.cookie,
      payload: { branch: two.branch, message: "Second" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ conflicts: [PAGE], live: a, draft: b });
    expect(clash.json().error).toContain(`${PAGE} was changed on the live site, in the same lines, since second began this draft`);
    expect([live(), read(PAGE), git("status", "--porcelain", "--", "site")]).toEqual([head, a, ""]);
    expect(git("show", `${two.branch}:${PAGE}`)).toBe(b);
    // A picture on the second draft, which must stay through the merge below and be published with it.
    const field = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#205020" } })
      .png()
      .toBuffer();
    const picture = await call({
      method: "POST",
      url: `/admin/api/picture?page=${PAGE}&name=field.png`,
      cookie: second.cookie,
      payload: field,
      headers: { "content-type": "image/png" },
    });
    const src = `site/assets${picture.json().src as string}`;

    // The second editor is shown the live page that overtook their draft, merges, and saves the
    // merge onto their draft: a merge of the live branch, so it publishes cleanly, history kept.
    const reopened = (await call({ url: `/admin/api/page?path=${PAGE}`, cookie: second.cookie })).json();
    expect(reopened).toMatchObject({ text: b, live: { text: a, hash: hashOf(a) } });
    const merged = title(opened.text, "Second's title, after First's");
    const remerged = await call({
      method: "PUT",
      url: "/admin/api/page",
      cookie: second.cookie,
      payload: { path: PAGE, text: merged, base: hashOf(b), withLive: true },
    });
    expect(remerged.statusCode).toBe(200);
    expect(remerged.json().live).toBeUndefined();
    expect(git("cat-file", "-t", `${two.branch}:${src}`).trim()).toBe("blob");
    expect(git("log", "-1", "--format=%P", two.branch).trim().split(" ")).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/), head]);
    expect((await call({ url: `/admin/api/page?path=${PAGE}`, cookie: second.cookie })).json().live).toBeUndefined();
    const after = await call({
      method: "POST",
      url: "/admin/api/drafts/publish",
      cookie: publisher.cookie,
      payload: { branch: two.branch, message: "Second" },
    });
    expect([after.statusCode, read(PAGE), git("log", "-1", "--format=%an|%s").trim()]).toEqual([200, merged, "second|Second"]);
    expect([after.json().files, git("status", "--porcelain", "--", "site")]).toEqual([[src, PAGE], ""]);
  });
});
