import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawCard,
  fitTextToFonts,
  loadCardAssets,
  logoDataUrl,
  parseUnicodeRange,
  simplifyEmoji,
} from "../../../../src/build/seo/card-image.ts";
import { cardKey, drawSocialCards, type CardJob, type CardToDraw, type CardWorkerData } from "../../../../src/build/seo/social-cards.ts";
import { inWorkers } from "../../../../src/build/worker-pool.ts";
import { PROJECT } from "../../fixture-site.ts";

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const work = mkdtempSync(join(tmpdir(), "nexa-cards-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const logo = logoDataUrl(join(PROJECT, "site", "assets", "brand", "logo.svg"));
const options = (out: string) => ({ outDir: join(work, out), cacheDir: join(work, "cache"), logo, threads: 1 });

/** Titles from the shortest the schema allows to the longest (70), sections from none to long, and non-English letters. */
const JOBS: CardJob[] = [
  { file: "og/a.png", text: { title: "AI!", section: "", brand: "Nexa AI" } },
  { file: "og/b.png", text: { title: "GATE Preparation Course", section: "Courses · Exam Preparation", brand: "Nexa AI" } },
  {
    file: "og/c/d.png",
    text: { title: "Data Analysis & Visualization Course for Working Analysts and Leads", section: "Courses · Emerging Tech & Specialized", brand: "Nexa AI" },
  },
  { file: "og/e.png", text: { title: "W".repeat(70), section: "Industries · Technology, Media & Telecom", brand: "Nexa AI" } },
  { file: "og/f.png", text: { title: "Łódź, São Paulo and Zürich: AI für Élèves", section: "Insights", brand: "Nexa AI" } },
];

describe("social cards", () => {
  it("each is a 1200×630 PNG of at most 80 KB, across title and section lengths", { timeout: 120_000 }, async () => {
    const stats = await drawSocialCards(JOBS, options("first"));
    expect(stats).toMatchObject({ cards: 5, drawn: 5, cached: 0 });
    for (const job of JOBS) {
      const png = readFileSync(join(work, "first", job.file));
      expect(pngSize(png), job.file).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
      expect(png.length, job.file).toBeLessThanOrEqual(80 * 1024);
    }
    expect(stats.largest).toBe(Math.max(...JOBS.map((j) => readFileSync(join(work, "first", j.file)).length)));
  });

  it("an unchanged card comes from the cache; a changed text or a new page is drawn, and equal texts are drawn once", { timeout: 120_000 }, async () => {
    const again = await drawSocialCards(JOBS, options("second"));
    expect(again).toMatchObject({ cards: 5, drawn: 0, cached: 5 });
    expect(readFileSync(join(work, "second", "og/b.png"))).toEqual(readFileSync(join(work, "first", "og/b.png")));
    const changed = JOBS.map((j, i) => (i === 1 ? { ...j, text: { ...j.text, title: "GATE Preparation Course 2026" } } : j));
    const twins: CardJob[] = [
      ...changed,
      { file: "og/x.png", text: { title: "Twin", section: "", brand: "Nexa AI" } },
      { file: "og/y.png", text: { title: "Twin", section: "", brand: "Nexa AI" } },
    ];
    const third = await drawSocialCards(twins, options("third"));
    expect(third).toMatchObject({ cards: 7, drawn: 2, cached: 5 });
    expect(readdirSync(join(work, "cache")).filter((f) => f.endsWith(".png"))).toHaveLength(7);
    expect(readFileSync(join(work, "third", "og/x.png"))).toEqual(readFileSync(join(work, "third", "og/y.png")));
  });

  it("a card drawn on the build's worker pool has the same bytes as one drawn in the build's own thread", { timeout: 120_000 }, async () => {
    const cards: CardToDraw[] = JOBS.slice(0, 3).map((job) => ({ key: cardKey(job.text, logo), text: job.text }));
    const workerData: CardWorkerData = { logo, cacheDir: join(work, "pool-cache") };
    mkdirSync(workerData.cacheDir, { recursive: true });
    const sizes = await inWorkers<CardToDraw, number>(
      new URL("../../../../src/build/seo/card-worker.ts", import.meta.url),
      workerData,
      cards.length,
      (i) => cards[i]!,
      {
        batch: 2,
        heapMb: 256,
        threads: 2,
      },
    );
    for (const [i, card] of cards.entries()) {
      const fromPool = readFileSync(join(workerData.cacheDir, `${card.key}.png`));
      expect(fromPool.length, card.text.title).toBe(sizes[i]);
      expect(fromPool, card.text.title).toEqual(readFileSync(join(work, "first", JOBS[i]!.file)));
    }
  });
});

const assets = loadCardAssets(logo);

describe("social cards in every script", () => {
  it.each([
    ["U+0900-097F", [[0x900, 0x97f]]],
    [
      "U+200C,U+25CC",
      [
        [0x200c, 0x200c],
        [0x25cc, 0x25cc],
      ],
    ],
    ["U+1f1e6-1f1ff", [[0x1f1e6, 0x1f1ff]]],
  ])("reads the unicode-range %s", (range, expected) => {
    expect(parseUnicodeRange(range)).toEqual(expected);
  });

  it.each([
    ["Hindi", "कृत्रिम बुद्धिमत्ता पाठ्यक्रम", "noto-sans-devanagari"],
    ["Arabic", "الذكاء الاصطناعي", "noto-sans-arabic"],
    ["Chinese", "人工智能课程", "noto-sans-sc"],
    ["emoji", "Launch 🚀", "noto-emoji"],
  ])("%s text loads a Noto face and keeps every letter", (_script, title, family) => {
    const { faces, texts } = fitTextToFonts([title], assets.fallbacks);
    expect(texts).toEqual([title]);
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.every((f) => f.family.startsWith(family))).toBe(true);
  });

  it("a Latin title loads no fallback face", () => {
    expect(fitTextToFonts(["GATE Preparation Course", "Courses · Exam Preparation"], assets.fallbacks)).toEqual({
      faces: [],
      texts: ["GATE Preparation Course", "Courses · Exam Preparation"],
    });
  });

  it.each([
    ["a private-use character", "AI \u{e000} Course", "AI Course"],
    ["an unassigned plane-15 character", "Data \u{f0000}Science", "Data Science"],
  ])("drops %s rather than draw a missing-glyph box", (_what, title, expected) => {
    expect(fitTextToFonts([title], assets.fallbacks).texts).toEqual([expected]);
  });

  it.each([
    ["👩🏽‍💻 Coding", "👩 Coding"],
    ["👍🏿", "👍"],
    ["🏳️‍🌈 Pride", "🏳️ Pride"],
    ["कृत्‍य", "कृत्‍य"],
  ])("emoji sequences are reduced to their first emoji: %s", (text, expected) => {
    expect(simplifyEmoji(text)).toBe(expected);
  });

  it.each([
    ["Hindi", { title: "कृत्रिम बुद्धिमत्ता पाठ्यक्रम", section: "पाठ्यक्रम", brand: "Nexa AI" }],
    ["mixed scripts", { title: "AI في الصناعة 人工智能 🚀", section: "Insights", brand: "Nexa AI" }],
    ["a 100-character word", { title: "W".repeat(100), section: "Courses", brand: "Nexa AI" }],
  ])("a card with %s is a 1200×630 PNG of at most 80 KB", { timeout: 60_000 }, async (_what, text) => {
    const png = await drawCard(text, assets);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeLessThanOrEqual(80 * 1024);
  });
});
