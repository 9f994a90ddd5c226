// A staff draft's pictures, seen by that draft's own check and preview as if they were under
// site/assets/. They live only in the draft's branch (drafts.ts: addPictures), never in the
// working copy that every build reads, so a picture is published through review with its page.
import type { FileCheck } from "../../content/check-file.ts";
import { checkImageSizes, missingFileOf, pictureSizeOf } from "../../content/check-references.ts";
import { lazyLoadedFile } from "../../content/load.ts";
import { sortProblems, type Problem } from "../../content/problem.ts";
import { draftPictureAddress } from "../../shared/draft-pictures.ts";
import type { Draft, Drafts } from "./drafts.ts";

/** One picture of a draft: its bytes, and its size as the checks read it. */
export interface HeldPicture {
  bytes: Buffer;
  size: { width: number; height: number } | null;
}

/** A draft with its pictures, by the address pages name them by (/industries/mining/field.webp). */
export interface DraftOverlay {
  draft: Draft;
  pictures: Map<string, HeldPicture>;
}

/** Drafts' pictures read once per draft commit: a keystroke's check asks again for the same ones. */
export class DraftPictures {
  private readonly byCommit = new Map<string, Map<string, HeldPicture>>();

  constructor(private readonly drafts: Drafts) {}

  async of(draft: Draft): Promise<DraftOverlay> {
    let pictures = this.byCommit.get(draft.commit);
    if (!pictures) {
      pictures = new Map();
      for (const src of await this.drafts.picturesOf(draft)) {
        const bytes = (await this.drafts.bytesAt(draft.commit, `site/assets${src}`))!;
        pictures.set(src, { bytes, size: pictureSizeOf(bytes) });
      }
      // A few drafts are open at once; older commits of them are not asked for again.
      if (this.byCommit.size >= 32) this.byCommit.delete(this.byCommit.keys().next().value!);
      this.byCommit.set(draft.commit, pictures);
    }
    return { draft, pictures };
  }
}

/**
 * A page's problems with its draft's pictures in place: a picture the draft holds is not
 * missing, and its width and height are checked against the draft's file, as checkImageSizes
 * checks the working copy's. `own` is the text's own check (Workspace.check), whose references
 * name the pictures; the text is parsed again for positions only when a size is wrong.
 */
export function withDraftPictures(problems: Problem[], own: FileCheck, full: string, text: string, overlay: DraftOverlay | null): Problem[] {
  if (!overlay || overlay.pictures.size === 0) return problems;
  const { pictures } = overlay;
  const kept = problems.filter((p) => !pictures.has(missingFileOf(p) ?? ""));
  if (!own.loaded) return kept;
  const held = own.loaded.refs.filter((r) => r.kind === "image" && pictures.has(String((r.value as { src?: unknown } | null)?.src)));
  const loaded = lazyLoadedFile(own.file, full, own.loaded.data, text);
  const sizes = checkImageSizes({ file: own.file, loaded, refs: held }, "", {}, (src) => pictures.get(src)?.size ?? null);
  return sortProblems([...kept, ...sizes]);
}

/** The preview's HTML with the draft's pictures at the editor's address for them (the live site does not have them). */
export function withDraftPictureAddresses(html: string, overlay: DraftOverlay | null): string {
  if (!overlay) return html;
  let out = html;
  for (const src of overlay.pictures.keys()) {
    const address = draftPictureAddress(overlay.draft.branch, src);
    // An address stands after a quote, a bracket (url(…)), a comma or a space (srcset), and before one.
    out = out.replace(new RegExp(`(?<=["'(,\\s])${src.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=["'),\\s])`, "g"), address);
  }
  return out;
}
