import type { Problem } from "../content/problem.ts";
import type { FormSchema } from "../server/editor/form-schema.ts";
import type { WrittenPicture } from "../server/editor/pictures.ts";
import type { Draft, DraftForReview } from "../server/editor/drafts.ts";
import type { Published } from "../server/editor/publish.ts";
import type { RebuildStatus } from "../server/editor/rebuild.ts";
import type { Completions, Hover } from "../server/editor/schema-help.ts";
import type { PageSummary, PageText } from "../server/editor/workspace.ts";

/** One problem as the validator reports it, with the one-click fix its hint names when it names one (src/content/problem.ts). */
export type { Problem } from "../content/problem.ts";

export type { Completions, Draft, DraftForReview, FormSchema, Hover, PageSummary, PageText, Published };

/** Another person's draft of the same page, as a save answers it: both are kept. */
export interface OtherDraft {
  branch: string;
  by: { id: number; name: string; email: string };
  text: string | null;
}

/** A page as opened or saved: with the draft it comes from, for an editor inside `npm start`. */
/** `live`: for an editor's draft, the live page when it changed since the draft began, to merge with before it can be published. */
export type OpenedPage = PageText & { draft?: Draft; live?: { text: string | null; hash: string | null } };

/** An answer of the editor's API that is not a success: its status, its one-sentence error, and the rest of its JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/admin/api/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok) {
    const json = type.includes("json") ? ((await response.json()) as Record<string, unknown>) : {};
    throw new ApiError(response.status, typeof json.error === "string" ? json.error : `The editor's server answered ${response.status}.`, json);
  }
  return (type.includes("json") ? response.json() : response.text()) as Promise<T>;
}

export const api = {
  pages: () => call<{ pages: PageSummary[]; settings: { file: string; problems: number } }>("GET", "pages"),
  page: (path: string) => call<OpenedPage>("GET", `page?path=${encodeURIComponent(path)}`),
  check: (path: string, text: string, signal?: AbortSignal) => call<{ problems: Problem[] }>("POST", "check", { path, text }, signal),
  /** `branch`: the draft whose pictures the page is drawn with (a publisher reviewing it); by default an editor's own draft of the page. */
  preview: (path: string, text: string, signal?: AbortSignal, branch?: string) =>
    call<string>("POST", "preview", { path, text, ...(branch ? { branch } : {}) }, signal),
  /** `withLive`: the text is the editor's draft merged with the live page that overtook it (see OpenedPage's `live`). */
  save: (path: string, text: string, base: string | null, withLive = false) =>
    call<OpenedPage & { problems: Problem[]; conflicts?: OtherDraft[] }>("PUT", "page", { path, text, base, ...(withLive ? { withLive } : {}) }),
  create: (kind: string, address: string, title: string) => call<{ files: PageText[] }>("POST", "pages", { kind, address, title }),
  complete: (path: string, text: string, offset: number) => call<Completions>("POST", "complete", { path, text, offset }),
  hover: (path: string, text: string, offset: number) => call<{ hover: Hover | null }>("POST", "hover", { path, text, offset }),
  form: () => call<FormSchema>("GET", "form"),
  changes: () => call<{ files: string[] }>("GET", "changes"),
  /** `rebuild`: the publish's number when the server rebuilds the live site after it (npm start), null when it only commits (npm run edit). */
  publish: (message: string) => call<Published & { rebuild: number | null }>("POST", "publish", { message }),
  /** Answers once publish `after` is live, or its rebuild failed (or after 25 s, whichever comes first). */
  live: (after: number) => call<RebuildStatus>("GET", `live?after=${after}`),
  drafts: () => call<{ drafts: DraftForReview[] }>("GET", "drafts"),
  askReview: (path: string, message: string) => call<Draft>("POST", "drafts/review", { path, message }),
  sendBack: (branch: string, comment: string) => call<Draft>("POST", "drafts/send-back", { branch, comment }),
  discardDraft: (branch: string) => call<{ branch: string; file: string; discarded: true }>("POST", "drafts/discard", { branch }),
  publishDraft: (branch: string) => call<Published & { branch: string; file: string }>("POST", "drafts/publish", { branch }),
  /** Send a picture's bytes as they are; the server reads its type from them. */
  picture: async (page: string, file: Blob & { name: string }, options: { phone?: string; replace: boolean }) => {
    const query = new URLSearchParams({
      page,
      name: file.name,
      ...(options.phone ? { phone: options.phone } : {}),
      ...(options.replace ? { replace: "1" } : {}),
    });
    const response = await fetch(`/admin/api/picture?${query}`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: file });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok)
      throw new ApiError(response.status, typeof json.error === "string" ? json.error : `The editor's server answered ${response.status}.`, json);
    return json as unknown as WrittenPicture;
  },
};
