import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileStamp } from "../shared/files-under.ts";
import { join } from "node:path";
import { inlineLinks } from "../shared/inline-markup.ts";
import type { CollectedRef } from "./ajv.ts";
import { closest, didYouMean } from "./did-you-mean.ts";
import type { LoadedFile } from "./load.ts";
import { locate, pointerToPath, type Segment } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";
import type { RouteTable } from "./routes.ts";
import { PLACEHOLDER, PLACEHOLDER_PROBLEM } from "./placeholders.ts";

/** A checked file as the cross-file checks see it. */
export interface CheckedFile {
  file: string;
  /** The page's route; undefined for _site.yaml. */
  route?: string;
  loaded: LoadedFile;
  refs: CollectedRef[];
}

const ALLOWED_SCHEMES = ["https:", "mailto:", "tel:"];

/** The anchor ids a page defines, with the pointer of each; duplicates are problems. */
export function checkIds(page: CheckedFile): { ids: Set<string>; problems: Problem[] } {
  const ids = new Set<string>();
  const firstAt = new Map<string, CollectedRef>();
  const problems: Problem[] = [];
  for (const ref of page.refs) {
    if (ref.kind !== "id" || typeof ref.value !== "string") continue;
    const first = firstAt.get(ref.value);
    if (first) {
      const firstLine = locate(page.loaded, pointerToPath(first.pointer)).line;
      problems.push(
        problem(
          page.file,
          locate(page.loaded, pointerToPath(ref.pointer)),
          `the id "${ref.value}" is used twice on this page`,
          `it is already used on line ${firstLine}; each id must be unique on its page`,
        ),
      );
      continue;
    }
    firstAt.set(ref.value, ref);
    ids.add(ref.value);
  }
  return { ids, problems };
}

/** Every link target in a file: link fields, and [label](target) inside texts. */
function linksOf(page: CheckedFile): { to: string; pointer: string }[] {
  return page.refs.flatMap((ref) => {
    if (typeof ref.value !== "string") return [];
    if (ref.kind === "link") return [{ to: ref.value, pointer: ref.pointer }];
    if (ref.kind === "text") return inlineLinks(ref.value).map((to) => ({ to, pointer: ref.pointer }));
    return [];
  });
}

/** The anchor ids of each page, by its route. */
export type IdsByRoute = { get(route: string): Set<string> | undefined };

/**
 * What a file's links read, for a check that redoes only what a change touches: "route:<path>"
 * (which page an address shows), "routes" (every address, for a did-you-mean) and "ids:<route>".
 */
export type LinkRead = (key: string) => void;

/** Internal links name an existing page (and anchor); external ones use an allowed scheme. */
export function checkLinks(page: CheckedFile, table: RouteTable, idsByRoute: IdsByRoute, read: LinkRead = () => {}): Problem[] {
  const problems: Problem[] = [];
  const anchor = (route: string, hash: string, report: (message: string, hint?: string) => void) => {
    read(`ids:${route}`);
    checkAnchor(route, hash, idsByRoute, report);
  };
  for (const { to, pointer } of linksOf(page)) {
    // Located only when there is something to report: finding a line costs more than checking the link.
    const report = (message: string, hint?: string) => problems.push(problem(page.file, locate(page.loaded, pointerToPath(pointer)), message, hint));
    if (to.startsWith("/") && !to.startsWith("//")) {
      const [path = "", hash] = to.split("#", 2) as [string, string | undefined];
      read(`route:${path}`);
      const primary = table.primaryOf.get(path);
      if (!primary) {
        read("routes");
        const guess = didYouMean(path, table.primaryOf.keys());
        report(
          `link "${to}" is not a page`,
          guess ? `did you mean "${guess}${hash !== undefined ? `#${hash}` : ""}"?` : "check the address against the files under site/",
        );
        continue;
      }
      if (hash !== undefined) anchor(primary, hash, (m, h) => report(`link "${to}": ${m}`, h));
      continue;
    }
    if (to.startsWith("#")) {
      if (!page.route) report(`link "${to}" has no page to jump in`, "write the page too: /page#anchor");
      else anchor(page.route, to.slice(1), (m, h) => report(`link "${to}": ${m}`, h));
      continue;
    }
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(to)?.[1]?.toLowerCase();
    if (scheme === undefined) {
      report(
        `link "${to}" is neither a page nor a full address`,
        `start links to this site's pages with / (for example /${to.replace(/^\.?\/*/, "")}), and other sites with https://`,
      );
    } else if (scheme === "http") {
      report(`link "${to}" uses http:`, `use the secure address: ${to.replace(/^http:/i, "https:")}`);
    } else if (!ALLOWED_SCHEMES.includes(`${scheme}:`)) {
      report(`link "${to}" uses "${scheme}:", which is not allowed`, "links may be a page of this site (/path) or start with https:, mailto: or tel:");
    } else if (scheme === "https" && !/^https:\/\/[^/\s]+\.[^/\s]+/i.test(to)) {
      report(`link "${to}" is not a complete web address`, "write it as https://example.com/page");
    }
  }
  return problems;
}

function checkAnchor(route: string, hash: string, idsByRoute: IdsByRoute, report: (message: string, hint?: string) => void): void {
  const ids = idsByRoute.get(route) ?? new Set<string>();
  if (hash === "" || ids.has(hash)) return;
  const guess = didYouMean(hash, ids);
  const list = [...ids].sort();
  report(
    `the page ${route} has no anchor "${hash}"`,
    guess ? `did you mean "#${guess}"?` : list.length > 0 ? `its anchors are: ${list.join(", ")}` : "that page has no anchors; link to the page itself",
  );
}

const MISSING_FILE = "missing file ";

/** A problem of checkAssets: a file the page names is not under site/assets/ (its hint lists similar files there). */
export const isMissingFile = (p: Problem): boolean => p.message.startsWith(MISSING_FILE);

/** The address a problem of checkAssets says is missing (/industries/mining/field.webp), or null for any other problem. */
export const missingFileOf = (p: Problem): string | null => (isMissingFile(p) ? (/^missing file "([^"]*)"/.exec(p.message)?.[1] ?? null) : null);

/** Every file a page refers to exists under site/assets/. */
export function checkAssets(page: CheckedFile, assets: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const ref of page.refs) {
    // A path that does not start with / is not a served path at all; the schema check reports it, with the path to write.
    if (ref.kind !== "asset" || typeof ref.value !== "string" || !ref.value.startsWith("/") || assets.has(ref.value)) continue;
    const dir = ref.value.slice(0, ref.value.lastIndexOf("/") + 1);
    const nearby = [...assets].filter((a) => a.startsWith(dir));
    const similar = closest(ref.value, nearby.length > 0 ? nearby : assets, 3);
    problems.push(
      problem(
        page.file,
        locate(page.loaded, pointerToPath(ref.pointer)),
        `${MISSING_FILE}"${ref.value}": there is no site/assets${ref.value}`,
        similar.length > 0 ? `similar files: ${similar.join(", ")}` : "add the file under site/assets/",
      ),
    );
  }
  return problems;
}

/** Images need alt text unless marked decorative, and decorative ones must not have it. */
export function checkImages(page: CheckedFile): Problem[] {
  const problems: Problem[] = [];
  for (const ref of page.refs) {
    if (ref.kind !== "image" || ref.value === null || typeof ref.value !== "object") continue;
    const image = ref.value as { alt?: unknown; decorative?: unknown };
    if (typeof image.alt !== "string") continue;
    const at = () => locate(page.loaded, [...pointerToPath(ref.pointer), "alt"]);
    if (image.alt.trim() === "" && image.decorative !== true) {
      problems.push(
        problem(page.file, at(), "this image has no alt text", "describe the picture in one sentence, or set decorative: true if it is only decoration"),
      );
    } else if (image.alt.trim() !== "" && image.decorative === true) {
      problems.push(problem(page.file, at(), "a decorative image must have empty alt text", 'write alt: "" or remove decorative: true'));
    }
  }
  return problems;
}

/** Texts a starter from `npm run new` wrote and nobody has replaced yet: such a page is not finished. */
export function checkPlaceholders(page: CheckedFile): Problem[] {
  const problems: Problem[] = [];
  // Texts only: a value of a field, or an entry of a list (a field's name is never a placeholder).
  // Read from the data, so a file with none needs no tree; the tree places the ones found.
  const walk = (value: unknown, path: Segment[]) => {
    if (typeof value === "string") {
      if (path.length === 0 || !PLACEHOLDER.test(value)) return;
      const text = value.length > 50 ? `${value.slice(0, 47)}...` : value;
      problems.push(problem(page.file, locate(page.loaded, path), PLACEHOLDER_PROBLEM.message(text), PLACEHOLDER_PROBLEM.hint));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, i]));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(page.loaded.data, []);
  return problems;
}

/** A picture may differ from its width × height by this share of its shape (aspect ratio) before it looks stretched. */
const SHAPE_TOLERANCE = 0.01;
/** Pictures larger than this are not read for their size; the size budget reports them (see tools/measure/size.ts). */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

const sizes = new Map<string, { key: string; size: { width: number; height: number } | null }>();

/** The picture's own width and height (turned as a JPEG's orientation says), or null when they cannot be read. */
export function pictureSize(path: string, stamp = fileStamp(path)): { width: number; height: number } | null {
  if (stamp === "gone" || Number(stamp.slice(stamp.indexOf(":") + 1)) > MAX_PICTURE_BYTES) return null;
  const key = stamp;
  const known = sizes.get(path);
  if (known?.key === key) return known.size;
  let size: { width: number; height: number } | null = null;
  try {
    size = pictureSizeOf(readFileSync(path));
  } catch {
    size = null;
  }
  sizes.set(path, { key, size });
  return size;
}

/**
 * image-size, loaded when a picture is first measured: most processes (a rebuild that changed one
 * text, a check of files whose pictures are known) measure none, and loading it costs about 30 ms.
 */
let imageSize: typeof import("image-size").imageSize | undefined;
const measure = (bytes: Uint8Array) => (imageSize ??= (createRequire(import.meta.url)("image-size") as typeof import("image-size")).imageSize)(bytes);

/** A picture's own width and height from its bytes (turned as a JPEG's orientation says), or null when they cannot be read. */
export function pictureSizeOf(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const read = measure(bytes);
    if (!read.width || !read.height) return null;
    return read.orientation && read.orientation >= 5 ? { width: read.height, height: read.width } : { width: read.width, height: read.height };
  } catch {
    return null;
  }
}

/**
 * Each picture's width and height have the shape of the file itself, so the page neither
 * draws it stretched nor jumps when it loads. Files whose size cannot be read are left to
 * checkAssets (missing) and the browser. `read` receives the stamp of each picture whose size
 * was looked for (its address → fileStamp), which the check's result depends on.
 */
export function checkImageSizes(
  page: CheckedFile,
  assetsDir: string,
  read: Record<string, string> = {},
  /** The size of a picture held elsewhere (a staff draft's, not under site/assets/), or undefined to read the file. */
  heldElsewhere: (src: string) => { width: number; height: number } | null | undefined = () => undefined,
): Problem[] {
  const problems: Problem[] = [];
  for (const ref of page.refs) {
    if (ref.kind !== "image" || ref.value === null || typeof ref.value !== "object") continue;
    const { src, width, height } = ref.value as { src?: unknown; width?: unknown; height?: unknown };
    if (typeof src !== "string" || typeof width !== "number" || typeof height !== "number" || width <= 0 || height <= 0) continue;
    const elsewhere = heldElsewhere(src);
    const path = join(assetsDir, src);
    if (elsewhere === undefined) read[src] ??= fileStamp(path);
    const real = elsewhere === undefined ? pictureSize(path, read[src]) : elsewhere;
    if (!real) continue;
    const shape = real.width / real.height;
    if (Math.abs(width / height - shape) / shape <= SHAPE_TOLERANCE) continue;
    const keepWidth = Math.round(width / shape);
    problems.push(
      problem(
        page.file,
        locate(page.loaded, [...pointerToPath(ref.pointer), "width"]),
        `width: ${width} and height: ${height} do not have the shape of the picture ${src}, which is ${real.width} × ${real.height}`,
        `write width: ${real.width} and height: ${real.height}${keepWidth > 0 && width !== real.width ? `, or keep width: ${width} and write height: ${keepWidth}` : ""}`,
      ),
    );
  }
  return problems;
}
