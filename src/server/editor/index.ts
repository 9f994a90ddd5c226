import fastifyStatic from "@fastify/static";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { join } from "node:path";
import { withFixes } from "../../content/fixes.ts";
import { isResourceExhaustion } from "../../content/load.ts";
import type { FileCheck } from "../../content/check-file.ts";
import type { Problem } from "../../content/problem.ts";
import { validatorsOf } from "../../content/site.ts";
import { DRAFT_PICTURES_API } from "../../shared/draft-pictures.ts";
import { handleError, type ErrorBody } from "../error-responses.ts";
import { registerStrictJsonParser } from "../json-body.ts";
import { NONCE_PLACEHOLDER, PREVIEW_BASE, type EditorBundles } from "./bundle-files.ts";
import { EditorInputError } from "./editor-error.ts";
import { pagePath, type PagePath } from "./page-path.ts";
import { formSchema } from "./form-schema.ts";
import { DraftPictures, withDraftPictureAddresses, withDraftPictures, type DraftOverlay } from "./draft-pictures.ts";
import { encodePicture, freeName, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, writePicture } from "./pictures.ts";
import { previewHtml } from "./preview.ts";
import { Drafts, type StaffMember } from "./drafts.ts";
import { changedSiteFiles, publish, type Author, type PageChecker } from "./publish.ts";
import { liveRoutes, type SiteRebuilder } from "./rebuild.ts";
import { completionsAt, hoverAt } from "./schema-help.ts";
import { blocksPreview, hashOf, Workspace } from "./workspace.ts";

export interface EditorOptions {
  /** The working copy: the folder holding site/ and schema/. */
  root: string;
  bundles: EditorBundles;
  /** The page check a publish runs (publish.ts, projectCheck). */
  checkPages: PageChecker;
  /** Rebuilds the live site after each publish (`npm start`); absent (`npm run edit`), a publish only commits. */
  rebuilder?: SiteRebuilder | undefined;
  /** Serve site/assets/ at the site's own paths, so the preview's pictures load (`npm run edit`; inside `npm start` the site serves them). */
  serveSiteAssets?: boolean;
  /** EDITOR_GIT_REMOTE: publish fetches and rebases onto it before pushing (publish.ts). */
  gitRemote?: string;
  /**
   * The signed-in member of staff a request is by, inside `npm start`: their commits are authored
   * by them, an editor's saves go to their drafts, and the drafts' routes exist. Absent (`npm run
   * edit`): saves write the working copy and commits are by the local git identity.
   */
  staffOf?: (request: FastifyRequest) => StaffMember | undefined;
}

/**
 * The editor's pages may run only their own scripts and styles, connect only to their own API,
 * and frame only their own preview; nobody may frame them. The preview frame is sandboxed
 * without scripts, so it inherits this policy and runs nothing.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The editor's page itself also allows the one <style> element carrying this response's nonce:
 * CodeMirror (style-mod) writes its stylesheet into a <style> element when it is mounted in the
 * document rather than a shadow root. Without it the source view has no layout: its text is not
 * shown, and white space typed into it is collapsed by the browser and lost.
 */
export const adminPageCsp = (nonce: string) => ADMIN_CSP.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
/** The editor's page's own policy, with whatever nonce: as strict as ADMIN_CSP, which it is but for that one style element. */
export const isAdminPageCsp = (value: unknown): boolean => typeof value === "string" && value.replace(/ 'nonce-[A-Za-z0-9+/=]+'/, "") === ADMIN_CSP;

/** A preview requested on its own is a document the admin alone may frame. */
export const PREVIEW_CSP = ADMIN_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** Where a picture is uploaded: its bytes as the body, whatever type the browser names (the type is read from the bytes). */
const PICTURE_API = "/admin/api/picture";

/** A page's YAML is at most 256 KB (MAX_FILE_BYTES); JSON escaping can nearly double it, and anything above this is refused unread. */
export const EDITOR_BODY_LIMIT = 1024 * 1024;

const BODY_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large: a page may be at most 256 KB of text." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty: send a JSON object, such as {"path": "site/index.yaml", "text": "…"}.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Send the request as JSON, with Content-Type: application/json." },
};

function editorError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" && request.url.startsWith(PICTURE_API))
    error = new EditorInputError(413, UPLOAD_TOO_LARGE) as unknown as FastifyError;
  if (error instanceof EditorInputError) {
    const body: ErrorBody & Record<string, unknown> = { ...error.details, error: error.message };
    return reply.code(error.status).type("application/json; charset=utf-8").send(body);
  }
  const known = BODY_ERRORS[error.code];
  if (known)
    return reply
      .code(known.status)
      .type("application/json; charset=utf-8")
      .send({ error: known.message } satisfies ErrorBody);
  return handleError(error, request, reply);
}

type Body = Record<string, unknown>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new EditorInputError(400, "The request body must be a JSON object.");
  return body as Body;
}

function textOf(body: Body): string {
  if (typeof body.text !== "string") throw new EditorInputError(400, "Send the page's YAML as text, a string.");
  return body.text;
}

/** A note a person types (a review request's message, a publisher's comment): required or not, at most 2,000 characters. */
function noteOf(raw: unknown, name: string, required: boolean): string | null {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    if (required) throw new EditorInputError(400, `Write a ${name}: it is what the editor reads to know what to change.`);
    return null;
  }
  if (typeof raw !== "string") throw new EditorInputError(400, `The ${name} is text, a string.`);
  if (raw.length > 2000) throw new EditorInputError(400, `The ${name} is too long: at most 2,000 characters.`);
  return raw.trim();
}

function offsetOf(body: Body, text: string): number {
  const offset = body.offset;
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > text.length)
    throw new EditorInputError(400, "offset is the cursor's position in the text: a whole number from 0 to the text's length.");
  return offset;
}

/**
 * The browser editor, as a fastify plugin: its pages at /admin/, its API at /admin/api/
 * (docs/editor.md), the preview's stylesheet and fonts at /admin/preview/. `npm run edit`
 * mounts it for one person on the loopback address.
 */
export async function editorPlugin(app: FastifyInstance, options: EditorOptions): Promise<void> {
  const workspace = new Workspace(options.root);
  // Compile the schemas and check every file once now, so the first page list and the first keystroke are as quick as the rest.
  workspace.content();
  app.addHook("onClose", async () => {
    workspace.close();
    await options.checkPages.close?.();
  });
  const { bundles } = options;
  const index = () => validatorsOf(options.root).index;

  registerStrictJsonParser(app);
  app.setErrorHandler(editorError);
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", ADMIN_CSP);
    if (request.url.startsWith("/admin/api/")) reply.header("cache-control", "no-store");
    return payload;
  });

  // The editor's page, with a new nonce each time (never cached: a nonce used twice is no nonce).
  const adminPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(18).toString("base64");
    const html = (await readFile(join(bundles.adminDir, "index.html"), "utf8")).replaceAll(NONCE_PLACEHOLDER, nonce);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").header("content-security-policy", adminPageCsp(nonce)).send(html);
  };
  app.get("/admin/", adminPage);
  app.get("/admin/index.html", adminPage);
  await app.register(fastifyStatic, {
    root: bundles.adminDir,
    prefix: "/admin/",
    index: false,
    wildcard: true,
    decorateReply: false,
    cacheControl: false,
  });
  await app.register(fastifyStatic, { root: join(bundles.previewDir, "assets"), prefix: `${PREVIEW_BASE}assets/`, decorateReply: false });
  if (options.serveSiteAssets)
    await app.register(fastifyStatic, { root: join(options.root, "site", "assets"), prefix: "/", decorateReply: false, wildcard: true });

  const limits = { bodyLimit: EDITOR_BODY_LIMIT };

  const drafts = options.staffOf ? new Drafts(options.root) : null;
  /** The editor whose saves go to drafts (inside `npm start`); a publisher's saves write the working copy, to publish directly. */
  const drafter = (request: FastifyRequest) => {
    const staff = options.staffOf?.(request);
    return drafts && staff?.role === "editor" ? staff : null;
  };
  const draftPictures = drafts ? new DraftPictures(drafts) : null;
  /**
   * The draft whose pictures a request's check or preview sees: the one it names (`branch`: its
   * author's, or any for a publisher reviewing it), else an editor's own draft of the page.
   */
  const overlayFor = async (request: FastifyRequest, file: string, branch?: unknown): Promise<DraftOverlay | null> => {
    const staff = options.staffOf?.(request);
    if (!drafts || !draftPictures || !staff) return null;
    let draft = null;
    if (branch !== undefined && branch !== null) {
      draft = await drafts.get(branch);
      if (draft.by.id !== staff.id && staff.role !== "publisher")
        throw new EditorInputError(403, `This draft is ${draft.by.name}'s: only they or a publisher may see it.`);
    } else if (staff.role === "editor") draft = await drafts.of(staff, file);
    return draft ? draftPictures.of(draft) : null;
  };
  /** A text's problems (Workspace.check) with a draft's pictures in place (overlayFor). */
  const problemsWith = (overlay: DraftOverlay | null, file: PagePath, text: string, checked: { problems: Problem[]; own: FileCheck }) =>
    withDraftPictures(checked.problems, checked.own, join(options.root, file), text, overlay);

  // An editor's list also shows their drafts: each page they have one of, and the new pages that are only in a draft.
  app.get("/admin/api/pages", async (request) => {
    const listed = workspace.list();
    const staff = drafter(request);
    if (!staff) return listed;
    const mine = (await drafts!.list()).filter((d) => d.by.id === staff.id);
    const onDisk = new Set(listed.pages.map((p) => p.file));
    const pages = listed.pages.map((p) => (mine.some((d) => d.file === p.file) ? { ...p, draft: "changed" as const } : p));
    for (const draft of mine) {
      if (onDisk.has(draft.file) || draft.file === listed.settings.file) continue;
      const text = await drafts!.textAt(draft.commit, draft.file);
      if (text !== null) pages.push({ ...workspace.summaryOfText(pagePath(draft.file), text), draft: "new" });
    }
    return { ...listed, pages: pages.sort((a, b) => a.route.localeCompare(b.route)) };
  });

  app.get("/admin/api/page", async (request) => {
    const file = pagePath((request.query as Record<string, unknown>).path);
    const staff = drafter(request);
    const draft = staff ? await drafts!.of(staff, file) : null;
    if (!draft) return workspace.read(file);
    const text = (await drafts!.textAt(draft.commit, file)) ?? "";
    const live = await drafts!.liveSince(draft);
    return { file, route: draft.route, text, hash: hashOf(text), draft, ...(live ? { live } : {}) };
  });

  app.post("/admin/api/check", limits, async (request) => {
    const body = bodyOf(request);
    const file = pagePath(body.path);
    const text = textOf(body);
    return { problems: withFixes(text, problemsWith(await overlayFor(request, file), file, text, workspace.check(file, text))) };
  });

  app.put("/admin/api/page", limits, async (request) => {
    const body = bodyOf(request);
    const file = pagePath(body.path);
    const base = body.base === undefined || body.base === null ? null : String(body.base);
    const text = textOf(body);
    const checked = workspace.check(file, text);
    const exhausting = checked.problems.find(isResourceExhaustion);
    if (exhausting)
      throw new EditorInputError(
        422,
        `${file} was not saved: ${exhausting.message}: a text like this can grow to gigabytes when read (a "YAML bomb"), so it is never written. ${capitalised(exhausting.hint ?? "")}.`,
        { problems: [exhausting] },
      );
    const problems = problemsWith(await overlayFor(request, file), file, text, checked);
    const staff = drafter(request);
    if (staff) {
      const { draft, conflicts } = await drafts!.save(staff, file, text, base, { withLive: body.withLive === true });
      const live = await drafts!.liveSince(draft);
      return { file, route: draft.route, text, hash: hashOf(text), problems, draft, conflicts, ...(live ? { live } : {}) };
    }
    const saved = workspace.save(file, text, base);
    return { ...saved, problems: withFixes(text, problems) };
  });

  // A publisher's (or `npm run edit`'s) new page is written into the working copy; an editor's
  // goes to a draft of their own, like their saves, so it is published only through review (a
  // starter's placeholders in the working copy would also stop every other publish until filled).
  app.post("/admin/api/pages", limits, async (request, reply) => {
    const body = bodyOf(request);
    const staff = drafter(request);
    if (!staff) return reply.code(201).send({ files: workspace.create(body.kind, body.address, body.title) });
    const planned = workspace.plan(body.kind, body.address, body.title);
    if (planned.length > 1)
      throw new EditorInputError(
        409,
        "A course group is made together with its first course, and the two are published together: ask a publisher to make it, then edit its pages here.",
      );
    const page = planned[0]!;
    if (await drafts!.of(staff, page.file)) throw new EditorInputError(409, `You already have a draft of ${page.file}: open it from the page list.`);
    const { draft } = await drafts!.save(staff, pagePath(page.file), page.text, null);
    return reply.code(201).send({ files: [{ ...page, draft }], file: page.file, draft });
  });

  app.post("/admin/api/preview", limits, async (request, reply) => {
    const body = bodyOf(request);
    const file = pagePath(body.path);
    const text = textOf(body);
    const overlay = await overlayFor(request, file, body.branch);
    const checked = workspace.check(file, text);
    const { content } = checked;
    const blocking = blocksPreview(problemsWith(overlay, file, text, checked));
    if (blocking.length > 0)
      throw new EditorInputError(
        422,
        `The page has ${blocking.length === 1 ? "a problem" : `${blocking.length} problems`}: the preview shows it again once ${blocking.length === 1 ? "it is" : "they are"} fixed.`,
        {
          problems: blocking,
        },
      );
    const route = content.files.includes(join(options.root, file)) ? workspace.routeOf(file) : null;
    const html = route === null ? null : await previewHtml(bundles, content, route);
    if (html === null)
      throw new EditorInputError(
        422,
        file === "site/_site.yaml"
          ? "The site settings have no page of their own: open a page to see them in its header and footer."
          : "This file is not a page the site can draw.",
      );
    return reply.type("text/html; charset=utf-8").header("content-security-policy", PREVIEW_CSP).send(withDraftPictureAddresses(html, overlay));
  });

  app.post("/admin/api/complete", limits, async (request) => {
    const body = bodyOf(request);
    const file = pagePath(body.path);
    const text = textOf(body);
    return completionsAt(index(), file, text, offsetOf(body, text)) ?? { from: offsetOf(body, text), options: [] };
  });

  app.post("/admin/api/hover", limits, async (request) => {
    const body = bodyOf(request);
    const file = pagePath(body.path);
    const text = textOf(body);
    return { hover: hoverAt(index(), file, text, offsetOf(body, text)) };
  });

  app.get("/admin/api/form", async () => formSchema(index()));

  await app.register(async (uploads) => {
    // The body is the file itself: the browser's idea of its type (or the name's extension) is never trusted, so every type is read as bytes.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    uploads.post(PICTURE_API, { bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Pictures are read from the working copy by every build: one written over there is live at
      // the next rebuild, whoever's publish makes it, with no review of its own. So writing over
      // a picture is a publisher's act; an editor's upload always gets a name of its own.
      if (query.replace === "1" && drafter(request))
        throw new EditorInputError(
          403,
          "Only a publisher may write over a picture: the site would show the new one at its next update, before any review. Upload yours without that box ticked, and it gets a name of its own.",
        );
      const asked = { page: pagePath(query.page), name: query.name, phone: query.phone, replace: query.replace };
      const staff = drafter(request);
      // A new picture's name is free in the working copy and in every draft (whose publish would otherwise clash with it).
      const inDrafts = async (src: string) => (drafts ? drafts.anyHolds(src) : false);
      if (!staff) return reply.code(201).send(await writePicture(options.root, asked, body, inDrafts));
      // An editor's picture goes to their draft of the page, as their saves do: published with it,
      // through review, and gone with it if it is discarded.
      const picture = await encodePicture(options.root, asked, body);
      const { files, written } = await freeName(options.root, picture, inDrafts);
      const draft = await drafts!.addPictures(staff, asked.page, files);
      return reply.code(201).send({ ...written, file: asked.page, draft });
    });
  });

  app.get("/admin/api/changes", async () => ({ files: await changedSiteFiles(options.root) }));

  const remote = options.gitRemote ? { remote: options.gitRemote } : {};
  const authorOf = (request: FastifyRequest): { author?: Author } => {
    const staff = options.staffOf?.(request);
    return staff ? { author: { name: staff.name, email: staff.email } } : {};
  };
  // One publish at a time: each commits what the working copy holds, and a second would take the first's files.
  let publishing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = publishing.then(work, work);
    publishing = next.catch(() => undefined);
    return next;
  };

  // A publish that staged its build answers once it is live; otherwise the rebuild runs in the background, and /admin/api/live tells when this publish is live.
  const rebuildAfter = <T extends { live?: { id: number } }>(published: T) => ({
    ...published,
    rebuild: published.live?.id ?? options.rebuilder?.request() ?? null,
  });
  const live = { rebuilder: options.rebuilder };

  app.post("/admin/api/publish", limits, async (request) =>
    rebuildAfter(await oneAtATime(() => publish(workspace, bodyOf(request).message, options.checkPages, { ...authorOf(request), ...remote, ...live }))),
  );

  if (drafts) {
    const staffOf = (request: FastifyRequest) => options.staffOf!(request)!;

    // A publisher sees every draft; an editor their own, with the comment of one sent back.
    app.get("/admin/api/drafts", async (request) => {
      const staff = staffOf(request);
      const all = await drafts.list();
      const shown = staff.role === "publisher" ? all : all.filter((d) => d.by.id === staff.id);
      return { drafts: await Promise.all(shown.map((d) => drafts.forReview(d))) };
    });

    app.post("/admin/api/drafts/review", limits, async (request) => {
      const body = bodyOf(request);
      const file = pagePath(body.path);
      const staff = staffOf(request);
      const draft = await drafts.of(staff, file);
      if (!draft) throw new EditorInputError(404, `You have no draft of ${file}: save your changes first, then ask for review.`);
      return drafts.mark(draft, "waiting", staff, noteOf(body.message, "message", false));
    });

    app.post("/admin/api/drafts/send-back", limits, async (request) => {
      const body = bodyOf(request);
      const draft = await drafts.get(body.branch);
      const comment = noteOf(body.comment, "comment", true)!;
      return drafts.mark(draft, "sent-back", staffOf(request), comment);
    });

    // A draft's picture, for its preview and review: to its author and to publishers.
    app.get(`${DRAFT_PICTURES_API}:id/:page/*`, async (request, reply) => {
      const params = request.params as { id: string; page: string; "*": string };
      const overlay = await overlayFor(request, "", `drafts/${params.id}/${params.page}`);
      const picture = overlay?.pictures.get(`/${params["*"]}`);
      if (!picture) throw new EditorInputError(404, `The draft drafts/${params.id}/${params.page} has no picture /${params["*"]}.`);
      return reply.type(params["*"].endsWith(".webp") ? "image/webp" : "application/octet-stream").send(picture.bytes);
    });

    // A draft given up: its branch goes, the live page stays as it is. Its author or a publisher may.
    app.post("/admin/api/drafts/discard", limits, async (request) => {
      const body = bodyOf(request);
      const staff = staffOf(request);
      const draft = await drafts.get(body.branch);
      if (draft.by.id !== staff.id && staff.role !== "publisher")
        throw new EditorInputError(403, `This draft is ${draft.by.name}'s: only they or a publisher may discard it.`);
      await drafts.remove(draft);
      return { branch: draft.branch, file: draft.file, discarded: true };
    });

    // Published as one commit authored by the draft's author, through the same checks and push as any publish; the branch then goes.
    app.post("/admin/api/drafts/publish", limits, async (request) => {
      const body = bodyOf(request);
      return oneAtATime(async () => {
        const draft = await drafts.get(body.branch);
        const message =
          noteOf(body.message, "message", false) ?? (draft.state === "waiting" ? draft.comment : null) ?? `${draft.route}: changes by ${draft.by.name}`;
        const { files, restore } = await drafts.apply(draft, await changedSiteFiles(options.root));
        let published;
        try {
          published = await publish(workspace, message, options.checkPages, { author: draft.by, only: files, ...remote, ...live });
        } catch (error) {
          await restore();
          throw error;
        }
        await drafts.remove(draft);
        return rebuildAfter({ ...published, branch: draft.branch, file: draft.file });
      });
    });
  }

  liveRoutes(app, options.rebuilder);

  app.all("/admin/api/*", async () => {
    throw new EditorInputError(404, "There is no such editor API: see docs/editor.md.");
  });
}
