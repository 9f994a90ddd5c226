import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { readTokens } from "./design-tokens.ts";

/** What one social card shows: the page's title, its section and the brand. */
export interface CardText {
  title: string;
  /** For example "Courses · Exam Preparation"; empty on a page with no section. */
  section: string;
  brand: string;
}

/** The size every social site asks for (Open Graph, X's summary_large_image). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * Bumped whenever the drawing below changes, so cached cards drawn by an older
 * version are drawn again (it is part of each card's cache key).
 */
export const CARD_DESIGN_VERSION = 3;

/**
 * The site's colours, read from its design tokens (src/app/styles/tokens.css) so a changed token
 * changes the cards: the navy background and the rule above the brand, the accent bar and
 * section line, white title and the muted brand name, as the footer draws them on navy.
 */
const TOKENS = readTokens(["--color-navy-900", "--color-navy-700", "--color-accent", "--color-on-navy", "--color-on-navy-muted"]);
export const CARD_COLOURS = {
  background: TOKENS["--color-navy-900"],
  line: TOKENS["--color-navy-700"],
  accent: TOKENS["--color-accent"],
  text: TOKENS["--color-on-navy"],
  muted: TOKENS["--color-on-navy-muted"],
} as const;

export interface CardAssets {
  /** Inter, always loaded: the Latin letters of every card. */
  fonts: Font[];
  /** Faces for other scripts (Devanagari, Arabic, Chinese, emoji), loaded only for a card whose text needs them. */
  fallbacks: FallbackFace[];
  /** The logo as a data: URL (see logoDataUrl), drawn next to the brand name. */
  logo: string;
}

/** One file of a fallback family and the code points it covers (its CSS `unicode-range`). */
export interface FallbackFace {
  family: string;
  weight: 400 | 700;
  file: string;
  ranges: [number, number][];
}

const require = createRequire(import.meta.url);

const IMAGE_TYPES: Record<string, string> = { svg: "image/svg+xml", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/** The site's logo file as a data: URL, the form satori draws an <img> from (and what threads are sent). */
export function logoDataUrl(file: string): string {
  const type = IMAGE_TYPES[file.split(".").pop()!.toLowerCase()] ?? "application/octet-stream";
  return `data:${type};base64,${readFileSync(file).toString("base64")}`;
}

/** One family name per subset: satori falls back along the font-family list, not between files of one family. */
const FAMILY: Record<string, string> = { latin: "Inter", "latin-ext": "Inter Latin Extended" };

/**
 * The Noto families a page title may need beyond Latin, in the order satori tries them. Each is
 * split by @fontsource into files by `unicode-range` (Chinese into about a hundred), so a card
 * loads only the files that hold its characters.
 */
const FALLBACK_PACKAGES = ["@fontsource/noto-emoji", "@fontsource/noto-sans-devanagari", "@fontsource/noto-sans-arabic", "@fontsource/noto-sans-sc"];

/** `U+0900-097F,U+200C` → [[0x900, 0x97f], [0x200c, 0x200c]]. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(",").map((part) => {
    const [lo, hi = lo] = part.trim().replace(/^U\+/i, "").split("-") as [string, string?];
    return [parseInt(lo, 16), parseInt(hi, 16)];
  });
}

/**
 * The faces of one @fontsource package at one weight, read from its `<weight>.css`. Written by
 * hand because no library turns @fontsource's CSS into satori's font list: the file is generated
 * and regular (one `@font-face` per subset, a `src` with a .woff and one `unicode-range`).
 */
export function fontsourceFaces(pkg: string, weight: 400 | 700): FallbackFace[] {
  const css = readFileSync(require.resolve(`${pkg}/${weight}.css`), "utf8");
  const faces: FallbackFace[] = [];
  for (const block of css.split("@font-face").slice(1)) {
    const woff = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!woff || !range) continue;
    faces.push({
      family: `${pkg.replace("@fontsource/", "")} ${woff.replace(/-\d+-normal\.woff$/, "")}`,
      weight,
      file: require.resolve(`${pkg}/files/${woff}`),
      ranges: parseUnicodeRange(range),
    });
  }
  return faces;
}

/**
 * Inter from @fontsource/inter: satori reads TTF, OTF and WOFF (not WOFF2), so the .woff
 * files. Latin and Latin Extended, regular and bold; the Noto fallbacks are only listed here.
 */
export function loadCardAssets(logo: string): CardAssets {
  const font = (subset: string, weight: 400 | 700): Font => ({
    name: FAMILY[subset]!,
    weight,
    style: "normal",
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
  });
  return {
    fonts: [font("latin", 400), font("latin", 700), font("latin-ext", 400), font("latin-ext", 700)],
    fallbacks: FALLBACK_PACKAGES.flatMap((pkg) => [...fontsourceFaces(pkg, 400), ...fontsourceFaces(pkg, 700)]),
    logo,
  };
}

/** Code points every card can draw without a fallback: Inter's Latin and Latin Extended subsets. */
const INTER_RANGES = [...fontsourceFaces("@fontsource/inter", 400)].filter((f) => /inter-latin(-ext)?$/.test(f.family)).flatMap((f) => f.ranges);

const covers = (ranges: [number, number][], code: number) => ranges.some(([lo, hi]) => code >= lo && code <= hi);

/** Whitespace, joiners and variation selectors: never drawn as a glyph of their own. */
const INVISIBLE = /^(?:\s|[\u200b-\u200d]|\ufe0e|\ufe0f)$/u;

/**
 * Noto Emoji draws single emoji, not skin tones nor joined sequences (👩🏽‍💻), which satori
 * would draw as one box per part: keep the first emoji of a sequence, without its tone.
 */
export function simplifyEmoji(text: string): string {
  return text.replace(/[\u{1f3fb}-\u{1f3ff}]/gu, "").replace(/(\p{Extended_Pictographic}\ufe0f?)(?:\u200d\p{Extended_Pictographic}\ufe0f?)+/gu, "$1");
}

/**
 * The fallback faces the text needs, and the text without the characters that no face can draw:
 * dropping those is better than satori's "missing glyph" box on a card people share.
 */
export function fitTextToFonts(texts: string[], fallbacks: FallbackFace[]): { faces: FallbackFace[]; texts: string[] } {
  const used = new Set<FallbackFace>();
  const drawable = (char: string): boolean => {
    if (INVISIBLE.test(char)) return true;
    const code = char.codePointAt(0)!;
    if (covers(INTER_RANGES, code)) return true;
    // The first face of each weight that covers the character: one file is enough.
    const regular = fallbacks.find((f) => f.weight === 400 && covers(f.ranges, code));
    const bold = fallbacks.find((f) => f.weight === 700 && covers(f.ranges, code));
    if (regular) used.add(regular);
    if (bold) used.add(bold);
    return regular !== undefined || bold !== undefined;
  };
  const fitted = texts.map((text) =>
    [...simplifyEmoji(text)]
      .filter(drawable)
      .join("")
      .replace(/\s{2,}/g, " ")
      .trim(),
  );
  return { faces: fallbacks.filter((f) => used.has(f)), texts: fitted };
}

const fontFiles = new Map<string, Buffer>();
function fallbackFont(face: FallbackFace): Font {
  let data = fontFiles.get(face.file);
  if (!data) fontFiles.set(face.file, (data = readFileSync(face.file)));
  return { name: face.family, weight: face.weight, style: "normal", data };
}

/** Long titles get a smaller type size so that they fit in three lines. */
function titleSize(title: string): number {
  if (title.length <= 28) return 76;
  if (title.length <= 48) return 64;
  return 52;
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

/** The card as satori's element tree (plain objects, so this module needs no JSX). */
function cardTree(text: CardText, assets: CardAssets, families: string[]): Node {
  return el(
    "div",
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      background: CARD_COLOURS.background,
      paddingTop: 72,
      paddingBottom: 64,
      paddingLeft: 80,
      paddingRight: 80,
      fontFamily: [...Object.values(FAMILY), ...families].map((f) => JSON.stringify(f)).join(", "),
      color: CARD_COLOURS.text,
    },
    [
      el("div", { display: "flex", flexDirection: "column" }, [
        el("div", { width: 120, height: 8, background: CARD_COLOURS.accent, borderRadius: 4, marginBottom: 36 }),
        ...(text.section
          ? [
              el(
                "div",
                { display: "block", fontSize: 34, color: CARD_COLOURS.accent, fontWeight: 700, marginBottom: 24, wordBreak: "break-word", lineClamp: 1 },
                text.section,
              ),
            ]
          : []),
        // A word longer than a line breaks inside itself; a title longer than three lines ends in "…".
        el("div", { display: "block", fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, wordBreak: "break-word", lineClamp: 3 }, text.title),
      ]),
      el("div", { display: "flex", alignItems: "center", borderTop: `2px solid ${CARD_COLOURS.line}`, paddingTop: 28 }, [
        el("img", { width: 140, height: 40, marginRight: 20 }, undefined, { src: assets.logo, width: 140, height: 40 }),
        el("div", { fontSize: 30, color: CARD_COLOURS.muted }, text.brand),
      ]),
    ],
  );
}

/**
 * One card as a PNG: satori lays out the text as SVG paths, resvg rasterises it. Both are loaded
 * on the first card drawn (satori takes about a second to load), not by every build that imports
 * the card's sizes and finds every card in the cache.
 */
export async function drawCard(text: CardText, assets: CardAssets): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const { faces, texts } = fitTextToFonts([text.title, text.section, text.brand], assets.fallbacks);
  const [title, section, brand] = texts as [string, string, string];
  const families = [...new Set(faces.map((f) => f.family))];
  const tree = cardTree({ title, section, brand }, assets, families);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: [...assets.fonts, ...faces.map(fallbackFont)],
  });
  return new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng();
}
