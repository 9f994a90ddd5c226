import { join } from "node:path";
import type { ContentPage, SiteContent } from "../../content/site.ts";
import type { Site } from "../../shared/generated/schema-types.ts";
import { escapeHtml } from "../../shared/html.ts";
import { CARD_HEIGHT, CARD_WIDTH, logoDataUrl } from "./card-image.ts";
import { coursesOf, mayDescribeCourses, type CourseProblem } from "../../content/course-facts.ts";
import { breadcrumbLd, courseLd, numberedBreadcrumbLd, organizationLd, scriptTag, webSiteLd, type JsonLd } from "./json-ld.ts";
import { listingPagesOf } from "../../content/listing-pages.ts";
import { ancestorsOf, cardTitleOf, hasPagesBelow, labelOf, sectionOf, siteTree, type SiteTree } from "../../content/page-place.ts";
import { drawSocialCards, type CardJob, type CardStats } from "./social-cards.ts";

/** The picture social sites show for a page, with what og:image and twitter:image need. */
export interface ShareImage {
  /** Path on the site, such as /og/courses/comparative-exam-preparation/gate.png */
  src: string;
  width: number;
  height: number;
  alt: string;
  type: string;
}

/** What search engines and social sites get for one page, beyond its title and description. */
export interface PageSeo {
  jsonLd: JsonLd[];
  image: ShareImage;
  /** Course facts that could not be read (the page then has no Course data). */
  problems: CourseProblem[];
}

/** The shared picture of the not-found page: the site's default card, site/assets/og/default.png, and what it shows. */
export const DEFAULT_IMAGE: ShareImage = {
  src: "/og/default.png",
  width: 1200,
  height: 630,
  type: "image/png",
  alt: "The nexa logo beside a neural network, with icons of a robot, a graduation cap and a rising chart.",
};

export function siteTreeOf(site: Site, pages: ContentPage[], primaryOf: Map<string, string>): SiteTree {
  return siteTree(site, new Map(pages.map((p) => [p.route, p.data])), primaryOf);
}

/** Where a page's drawn card goes in the built site: / → og/index.png, /a/b → og/a/b.png */
export function cardFileOf(route: string): string {
  return `og${route === "/" ? "/index" : route}.png`;
}

/** The text drawn on a page's card. */
export function cardTextOf(tree: SiteTree, route: string) {
  return { title: cardTitleOf(tree, route), section: sectionOf(tree, route), brand: tree.site.company };
}

/** The cards to draw: one per page that has no picture of its own (share.image). */
export function cardJobsOf(tree: SiteTree): CardJob[] {
  return [...tree.pages].filter(([, page]) => !page.share?.image).map(([route]) => ({ file: cardFileOf(route), text: cardTextOf(tree, route) }));
}

const IMAGE_TYPE: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

/** Everything one page tells search engines and social sites, from its YAML and the site's. */
export function pageSeoOf(tree: SiteTree, route: string): PageSeo {
  const page = tree.pages.get(route)!;
  const { courses, problems } = coursesOf(route, page, !hasPagesBelow(tree, route));
  const jsonLd: JsonLd[] =
    route === "/" ? [organizationLd(tree.site), webSiteLd(tree.site)] : [breadcrumbLd(tree, route), ...courses.map((c) => courseLd(tree.site, route, c))];
  const own = page.share?.image;
  const text = cardTextOf(tree, route);
  const image: ShareImage = own
    ? { src: own.src, width: own.width, height: own.height, alt: own.alt, type: IMAGE_TYPE[own.src.split(".").pop()!.toLowerCase()]! }
    : {
        src: "/" + cardFileOf(route),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        alt: [text.title, text.section, text.brand].filter(Boolean).join(" · "),
        type: "image/png",
      };
  return { jsonLd, image, problems };
}

/** The head tags of a page's share picture and structured data (the not-found page: the default picture, no data). */
export function seoHeadTags(site: Site, seo: PageSeo | null): string[] {
  const image = seo?.image ?? DEFAULT_IMAGE;
  const url = escapeHtml(site.url + image.src);
  const alt = escapeHtml(image.alt);
  return [
    `<meta property="og:image" content="${url}" />`,
    `<meta property="og:image:type" content="${image.type}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta property="og:image:alt" content="${alt}" />`,
    `<meta name="twitter:image" content="${url}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
    ...(seo?.jsonLd ?? []).map(scriptTag),
  ];
}

/**
 * The build's card cache: drawn cards by content hash, kept between builds in the project's
 * node_modules/.cache (git-ignored, where build tools keep caches). Content-addressed, so the
 * throwaway site copies of tests and benchmarks share it with the real site safely.
 */
export const cardCacheDir = (root: string) => join(root, "node_modules", ".cache", "social-cards");

/**
 * The social-card step on its own (the build's "social cards" phase, and what
 * src/cli/cards.ts times): every page's card of a checked site into outDir.
 */
export function drawCardsOf(
  content: SiteContent,
  root: string,
  options: { outDir: string; cacheDir?: string; threads?: number; liveDir?: string | undefined; jobs?: CardJob[] },
): Promise<CardStats> {
  const site = content.site!;
  return drawSocialCards(options.jobs ?? cardJobsOf(siteTreeOf(site, content.pages, content.table.primaryOf)), {
    outDir: options.outDir,
    cacheDir: options.cacheDir ?? cardCacheDir(root),
    logo: logoDataUrl(join(root, "site", "assets", site.header.logo.src)),
    threads: options.threads ?? 2,
    ...(options.liveDir === undefined ? {} : { liveDir: options.liveDir }),
  });
}

const NO_CARDS: CardStats = { cards: 0, drawn: 0, cached: 0, seconds: 0, bytes: 0, largest: 0 };

export interface SeoBuild {
  /** The extra head tags of a page by its route (null: the not-found page), for prerender; worked out when first asked for. */
  headFor(route: string | null): string[];
  /**
   * What a page's extra head tags are made from besides its own data, the site settings and the
   * code (seoInputs): the prerender's digest of a page holds it in place of the tags, so a
   * rebuild works out the tags only for the pages it draws.
   */
  inputsOf(route: string | null): string;
  cards: CardStats;
  /** The drawn cards' files, relative to outDir. */
  cardFiles: Set<string>;
  /** Course facts that could not be read, as "file: message" lines for the build log. */
  warnings: string[];
}

/**
 * Everything a page's SEO (pageSeoOf, and what buildSeo makes of it) reads besides its own data,
 * the site settings and the code: whether pages sit below it (a course page at the end of its
 * branch must describe a course), and the pages above it with what each is called, and what it
 * is called itself (a header item's label stands for a page's own name). The function returned
 * keeps each page's label, the pages above each address and their names, for the pages below them.
 */
export function seoInputs(tree: SiteTree): (route: string) => string {
  const labels = new Map<string, string>();
  const chains = new Map<string, string[]>();
  const aboveNamed = new WeakMap<string[], string>();
  const label = (r: string) => {
    let known = labels.get(r);
    if (known === undefined) labels.set(r, (known = labelOf(tree, r)));
    return known;
  };
  return (route) => {
    const above = ancestorsOf(tree, route, chains);
    let named = aboveNamed.get(above);
    if (named === undefined) aboveNamed.set(above, (named = JSON.stringify(above.flatMap((r) => [r, label(r)]))));
    return `${JSON.stringify([hasPagesBelow(tree, route), label(route)])}${named}`;
  };
}

/**
 * The build's SEO step: draw (or take from the cache) every page's social card into outDir,
 * and work out each page's structured data (a split listing's numbered pages: its first page's
 * picture and a breadcrumb ending in "Page n"; their rel prev/next links are prerender's head()). Cards are cached in <root>/node_modules/.cache/social-cards.
 * A page's structured data and tags are worked out when first asked for: a rebuild asks for those
 * of the pages it draws, and for every page's inputsOf.
 */
export async function buildSeo(
  content: SiteContent,
  outDir: string,
  root: string,
  options: { drawCards: boolean; liveDir?: string | undefined } = { drawCards: true },
): Promise<SeoBuild> {
  const site = content.site!;
  const tree = siteTreeOf(site, content.pages, content.table.primaryOf);
  const jobs = options.drawCards ? cardJobsOf(tree) : [];
  const cards = options.drawCards ? await drawCardsOf(content, root, { outDir, jobs, liveDir: options.liveDir }) : NO_CARDS;
  const seo = new Map<string, PageSeo>();
  const seoOf = (route: string): PageSeo => {
    let known = seo.get(route);
    if (known === undefined) {
      const own = pageSeoOf(tree, route);
      // Without drawn cards (build --no-cards) a page shares the default picture, as the not-found page does.
      seo.set(route, (known = options.drawCards || tree.pages.get(route)!.share?.image ? own : { ...own, image: DEFAULT_IMAGE }));
    }
    return known;
  };
  // The numbered pages of a split listing share their first page's picture; their trail ends in their number.
  const numbered = new Map<string, { first: string; page: number }>();
  for (const [first, pages] of listingPagesOf(content)) for (const p of pages.slice(1)) numbered.set(p.route, { first, page: p.listing.page });
  const seoOfAny = (route: string): PageSeo | null => {
    const place = numbered.get(route);
    if (place) return { image: seoOf(place.first).image, jsonLd: [numberedBreadcrumbLd(tree, place.first, { page: place.page, route })], problems: [] };
    return tree.pages.has(route) ? seoOf(route) : null;
  };
  const pageInputs = seoInputs(tree);
  const inputsOf = (route: string): string => {
    const place = numbered.get(route);
    if (place) return `${place.page} of ${place.first} ${cardTitleOf(tree, place.first)} ${inputsOf(place.first)}`;
    return tree.pages.has(route) ? pageInputs(route) : "";
  };
  // Only a page that may describe courses has course facts to warn about (coursesOf).
  const warnings = content.pages
    .filter((p) => mayDescribeCourses(p.route, p.data))
    .flatMap((p) => seoOf(p.route).problems.map((problem) => `${p.file}: ${problem.message} (${problem.hint})`));
  return {
    headFor: (route) => seoHeadTags(site, route === null ? null : seoOfAny(route)),
    inputsOf: (route) => (route === null ? "" : `${options.drawCards} ${inputsOf(route)}`),
    cards,
    cardFiles: new Set(jobs.map((j) => j.file)),
    warnings,
  };
}
