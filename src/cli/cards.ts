import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { formatText } from "../content/format-problems.ts";
import { loadSiteContent } from "../content/site.ts";
import { cardCacheDir, drawCardsOf } from "../build/seo/page-seo.ts";
import type { CardStats } from "../build/seo/social-cards.ts";
import { isEntryPoint, readOptions, usageError } from "./options.ts";

/**
 * npm run cards -- [--root DIR] [--out DIR] [--threads N] [--cold]
 * The build's social-card step alone, timed: each page's card drawn (or copied from the
 * cache) into --out (default: a temporary folder, removed after). --cold draws every card
 * with an empty cache, as a first build does; without it, the project's cache is used.
 */
const USAGE = "usage: npm run cards -- [--root DIR] [--out DIR] [--threads N] [--cold]";

export interface CardTiming extends CardStats {
  /** Seconds per card drawn (0 when all came from the cache). */
  perCard: number;
  /** Mean size of a card in bytes. */
  meanBytes: number;
}

/**
 * Time the card step of the site at `root` (for `npm run bench:scale`): the site is loaded
 * first, untimed; `seconds` covers drawing, caching and copying the cards only.
 */
export async function timeSocialCards(root: string, options: { outDir: string; cacheDir?: string; threads?: number }): Promise<CardTiming> {
  const content = loadSiteContent(root);
  if (content.problems.length > 0) throw new Error(`the site at ${root} has problems:\n${formatText(content.problems, content.filesChecked)}`);
  const stats = await drawCardsOf(content, root, options);
  return { ...stats, perCard: stats.drawn > 0 ? stats.seconds / stats.drawn : 0, meanBytes: stats.cards > 0 ? stats.bytes / stats.cards : 0 };
}

export const describeTiming = (t: CardTiming) =>
  `${t.cards} social cards in ${t.seconds.toFixed(2)}s: ${t.drawn} drawn (${(t.perCard * 1000).toFixed(0)} ms a card, wall clock), ${t.cached} from the cache; ` +
  `${(t.meanBytes / 1024).toFixed(1)} KB a card on average, largest ${(t.largest / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const { values, positionals } = readOptions({ out: { type: "string" }, threads: { type: "string" }, cold: { type: "boolean", default: false } }, USAGE);
  if (positionals.length > 0) usageError(USAGE, `unexpected ${positionals[0]}`);
  const root = resolve(values.root);
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) usageError(USAGE, "--threads needs a whole number of 1 or more");
  const temporary = mkdtempSync(join(tmpdir(), "nexa-cards-"));
  const outDir = values.out ? resolve(values.out) : join(temporary, "out");
  const cold = values.cold;
  try {
    const timing = await timeSocialCards(root, { outDir, cacheDir: cold ? join(temporary, "cache") : cardCacheDir(root), ...(threads ? { threads } : {}) });
    console.log(describeTiming(timing));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await main();
