import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
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
export const CARD_DESIGN_VERSION = 2;

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
  fonts: Font[];
  /** The logo as a data: URL (see logoDataUrl), drawn next to the brand name. */
  logo: string;
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
 * Inter from @fontsource/inter: satori reads TTF, OTF and WOFF (not WOFF2), so the .woff
 * files. Latin and Latin Extended, regular and bold.
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
    logo,
  };
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
function cardTree(text: CardText, assets: CardAssets): Node {
  return el(
    "div",
    { width: CARD_WIDTH, height: CARD_HEIGHT, boxSizing: "border-box", display: "flex", flexDirection: "column", justifyContent: "space-between", background: CARD_COLOURS.background, paddingTop: 72, paddingBottom: 64, paddingLeft: 80, paddingRight: 80, fontFamily: Object.values(FAMILY).join(", "), color: CARD_COLOURS.text },
    [
      el("div", { display: "flex", flexDirection: "column" }, [
        el("div", { width: 120, height: 8, background: CARD_COLOURS.accent, borderRadius: 4, marginBottom: 36 }),
        ...(text.section ? [el("div", { fontSize: 34, color: CARD_COLOURS.accent, fontWeight: 700, marginBottom: 24 }, text.section)] : []),
        el("div", { fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, wordBreak: "break-word", maxHeight: 3 * 1.12 * titleSize(text.title), overflow: "hidden" }, text.title),
      ]),
      el("div", { display: "flex", alignItems: "center", borderTop: `2px solid ${CARD_COLOURS.line}`, paddingTop: 28 }, [
        el("img", { width: 140, height: 40, marginRight: 20 }, undefined, { src: assets.logo, width: 140, height: 40 }),
        el("div", { fontSize: 30, color: CARD_COLOURS.muted }, text.brand),
      ]),
    ],
  );
}

/** One card as a PNG: satori lays out the text as SVG paths, resvg rasterises it. */
export async function drawCard(text: CardText, assets: CardAssets): Promise<Buffer> {
  const svg = await satori(cardTree(text, assets) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: assets.fonts });
  return new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng();
}
