import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSiteContent, type SiteContent } from "../../src/content/site.ts";
import { fixtureRoot } from "./fixture-site.ts";

/** The first lines of a page file `depth` folders below site/: the editor's schema line and the format version. */
export const head = (depth: number) => `# yaml-language-server: $schema=${"../".repeat(depth + 1)}schema/page.schema.json\nschemaVersion: 2\n`;

export interface ListingSiteOptions {
  /** Written into _site.yaml as `cardsPerPage: <this>` (left out when undefined). */
  cardsPerPage?: string;
  /** The listing section(s) of /things, in place of its one childCards block. */
  listing?: string;
  /** More files under site/, by path. */
  extra?: Record<string, string>;
}

let cleanupLast = () => {};

/**
 * The fixture site (tests/fixtures/base-site, in a throwaway folder) with /things: a hero, a
 * listing of the `children` pages below it (/things/t001 …, in that order) and a prose section,
 * with the alias /all-things and a count named `things`; checked. `siteWithListing.cleanup()`
 * removes the last one made.
 */
export function siteWithListing(children: number, options: ListingSiteOptions = {}): SiteContent {
  const made = fixtureRoot();
  cleanupLast = made.cleanup;
  const site = join(made.root, "site");
  const dir = join(site, "things");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.yaml"),
    `${head(1)}title: Things | Fixture Co\ndescription: A listing of the things below this page, built from their cards.\naliases: [/all-things]\nsections:\n` +
      `  - type: hero\n    heading: "{count:things} things"\n    text: Every one of them.\n` +
      (options.listing ?? `  - type: childCards\n    heading: Things\n    intro: "{count} things in all."\n    from: /things\n    anchors: true\n`) +
      `  - type: prose\n    heading: More\n    body: [Text.]\n`,
  );
  for (let i = 1; i <= children; i++) {
    const n = String(i).padStart(3, "0");
    writeFileSync(
      join(dir, `t${n}.yaml`),
      `${head(1)}title: Thing ${n}\ndescription: Thing ${n} of the fixture site, for the listing tests.\ncard:\n  title: Thing ${n}\n  text: One thing.\nsections:\n  - type: prose\n    heading: Thing ${n}\n    body: [Text.]\n`,
    );
  }
  const settings = join(site, "_site.yaml");
  let text = readFileSync(settings, "utf8").replace("header:\n", "counts:\n  - { name: things, from: /things, words: [things] }\nheader:\n");
  if (options.cardsPerPage !== undefined) text = text.replace("header:\n", `cardsPerPage: ${options.cardsPerPage}\nheader:\n`);
  writeFileSync(settings, text);
  for (const [file, body] of Object.entries(options.extra ?? {})) {
    mkdirSync(join(site, file, ".."), { recursive: true });
    writeFileSync(join(site, file), body);
  }
  return loadSiteContent(made.root);
}
siteWithListing.cleanup = () => cleanupLast();
