import { inlineLinks } from "../lib/inline-markup.ts";
import type { CollectedRef } from "./ajv.ts";
import { closest, didYouMean } from "./did-you-mean.ts";
import type { LoadedFile } from "./load.ts";
import { locate, pointerToPath } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";
import type { RouteTable } from "./routes.ts";

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
      problems.push(problem(page.file, locate(page.loaded, pointerToPath(ref.pointer)), `the id "${ref.value}" is used twice on this page`, `it is already used on line ${firstLine}; each id must be unique on its page`));
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

/** Internal links name an existing page (and anchor); external ones use an allowed scheme. */
export function checkLinks(page: CheckedFile, table: RouteTable, idsByRoute: Map<string, Set<string>>): Problem[] {
  const problems: Problem[] = [];
  for (const { to, pointer } of linksOf(page)) {
    // Located only when there is something to report: finding a line costs more than checking the link.
    const report = (message: string, hint?: string) => problems.push(problem(page.file, locate(page.loaded, pointerToPath(pointer)), message, hint));
    if (to.startsWith("/") && !to.startsWith("//")) {
      const [path = "", hash] = to.split("#", 2) as [string, string | undefined];
      const primary = table.primaryOf.get(path);
      if (!primary) {
        const guess = didYouMean(path, table.primaryOf.keys());
        report(`link "${to}" is not a page`, guess ? `did you mean "${guess}${hash !== undefined ? `#${hash}` : ""}"?` : "check the address against the files under site/");
        continue;
      }
      if (hash !== undefined) checkAnchor(primary, hash, idsByRoute, (m, h) => report(`link "${to}": ${m}`, h));
      continue;
    }
    if (to.startsWith("#")) {
      if (!page.route) report(`link "${to}" has no page to jump in`, "write the page too: /page#anchor");
      else checkAnchor(page.route, to.slice(1), idsByRoute, (m, h) => report(`link "${to}": ${m}`, h));
      continue;
    }
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(to)?.[1]?.toLowerCase();
    if (scheme === undefined) {
      report(`link "${to}" is neither a page nor a full address`, `start links to this site's pages with / (for example /${to.replace(/^\.?\/*/, "")}), and other sites with https://`);
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

function checkAnchor(route: string, hash: string, idsByRoute: Map<string, Set<string>>, report: (message: string, hint?: string) => void): void {
  const ids = idsByRoute.get(route) ?? new Set<string>();
  if (hash === "" || ids.has(hash)) return;
  const guess = didYouMean(hash, ids);
  const list = [...ids].sort();
  report(
    `the page ${route} has no anchor "${hash}"`,
    guess ? `did you mean "#${guess}"?` : list.length > 0 ? `its anchors are: ${list.join(", ")}` : "that page has no anchors; link to the page itself",
  );
}

/** Every file a page refers to exists under site/assets/. */
export function checkAssets(page: CheckedFile, assets: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const ref of page.refs) {
    if (ref.kind !== "asset" || typeof ref.value !== "string" || assets.has(ref.value)) continue;
    const dir = ref.value.slice(0, ref.value.lastIndexOf("/") + 1);
    const nearby = [...assets].filter((a) => a.startsWith(dir));
    const similar = closest(ref.value, nearby.length > 0 ? nearby : assets, 3);
    problems.push(
      problem(page.file, locate(page.loaded, pointerToPath(ref.pointer)), `missing file "${ref.value}": there is no site/assets${ref.value}`, similar.length > 0 ? `similar files: ${similar.join(", ")}` : "add the file under site/assets/"),
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
      problems.push(problem(page.file, at(), "this image has no alt text", "describe the picture in one sentence, or set decorative: true if it is only decoration"));
    } else if (image.alt.trim() !== "" && image.decorative === true) {
      problems.push(problem(page.file, at(), "a decorative image must have empty alt text", 'write alt: "" or remove decorative: true'));
    }
  }
  return problems;
}
