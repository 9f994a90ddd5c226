import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { Document, isPair, isScalar, visit } from "yaml";
import type { Action, Facts, Image, Page } from "../shared/generated/schema-types.ts";
import { CURRENT_VERSION } from "./page-format.ts";
import { childrenOf, parentOf } from "./resolve-listings.ts";
import type { SchemaIndex } from "./schema-index.ts";
import { schemaLineFor } from "./schema-line.ts";
import type { SiteContent } from "./site.ts";

/**
 * Starter pages for `npm run new`: valid from the first save, built from the schemas'
 * examples, with placeholder words that say they are to be replaced, and a `card:` so
 * the page shows up in the listings (and the header panel) of the page above it.
 */
export const KINDS = ["page", "industry", "course-group", "course", "exam"] as const;
export type Kind = (typeof KINDS)[number];

/** A mistake in what was asked for; its message is one line for the person at the terminal. */
export class StarterError extends Error {}

export interface StarterFile {
  /** Relative to the project root: site/industries/mining.yaml */
  file: string;
  route: string;
  text: string;
}

export interface StarterContext {
  root: string;
  content: SiteContent;
  index: SchemaIndex;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG = 40;
const COURSE_GROUPS = "/courses/normal-course";

/** Where each kind of page lives, as the person asking would read it. */
const SHAPES: Record<Kind, { pattern: RegExp; example: string; what: string }> = {
  page: { pattern: /^(\/[^/]+)+$/, example: "/teach-with-us/faq", what: "a page's address" },
  industry: { pattern: /^\/industries\/[^/]+$/, example: "/industries/mining", what: "an industry's address" },
  "course-group": { pattern: /^\/courses\/normal-course\/[^/]+$/, example: "/courses/normal-course/robotics", what: "a course group's address" },
  course: { pattern: /^\/courses\/normal-course\/[^/]+\/[^/]+$/, example: "/courses/normal-course/data-and-ai/machine-learning", what: "a course's address" },
  exam: { pattern: /^\/courses\/comparative-exam-preparation\/[^/]+$/, example: "/courses/comparative-exam-preparation/gre", what: "an exam's address" },
};

/** "/industries/oil-and-gas" → "Oil and gas" */
export function nameFromRoute(route: string): string {
  const words = route.slice(route.lastIndexOf("/") + 1).split("-");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The route asked for, checked against the kind; throws StarterError with a one-line explanation. */
export function checkRoute(kind: Kind, raw: string, ctx: StarterContext): string {
  const shape = SHAPES[kind];
  const route = ("/" + raw.trim().replace(/^\/+/, "")).replace(/\/+$/, "") || "/";
  if (!shape.pattern.test(route)) throw new StarterError(`${shape.what} looks like ${shape.example}, not ${raw}`);
  const parts = route.split("/").slice(1);
  const bad = parts.find((p) => !SLUG.test(p) || p.length > MAX_SLUG);
  if (bad !== undefined) {
    throw new StarterError(
      bad.length > MAX_SLUG
        ? `"${bad}" is too long for an address: use at most ${MAX_SLUG} characters, such as ${shape.example}`
        : `"${bad}" cannot be part of an address: use lower-case letters, digits and dashes, such as ${shape.example}`,
    );
  }
  const taken = ctx.content.table.primaryOf.get(route);
  if (taken !== undefined) {
    const owner = ctx.content.pages.find((p) => p.route === taken);
    throw new StarterError(`${route} already exists${owner ? ` (${owner.file})` : ""}: edit that file, or choose another address`);
  }
  if (kind === "course") {
    const group = parentOf(route);
    if (!ctx.content.pages.some((p) => p.route === group)) {
      const groups = ctx.content.pages.filter((p) => parentOf(p.route) === COURSE_GROUPS).map((p) => p.route.slice(COURSE_GROUPS.length + 1));
      throw new StarterError(
        `there is no course group ${group}: the groups are ${groups.join(", ")}; or make it first with npm run new -- course-group ${group}`,
      );
    }
  }
  return route;
}

/** The examples the schemas give, read where the starter needs them. */
function examples(index: SchemaIndex) {
  const at = (file: string, pointer: string): unknown => {
    let node: unknown = index.schemas.get(file);
    for (const key of pointer.split("/").filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[key];
    return node;
  };
  const example = (file: string, pointer: string) => (at(file, pointer) as { examples?: unknown[] } | undefined)?.examples?.[0];
  return {
    contactUs: example("defs.schema.json", "/definitions/action") as Action,
    facts: example("defs.schema.json", "/definitions/facts") as Facts,
    heroHeight: example("blocks/hero.schema.json", "/properties/height") as number,
    cardColumns: at("blocks/cardGrid.schema.json", "/examples/0/columns") as 2 | 3 | 4,
  };
}

/** Pictures every starter may use until the real one is made (see docs/EDITING.md, "Replace an image"). */
export const GENERIC_PICTURES: Record<"industryBanner" | "industryCard" | "certificate" | "exams", Image> = {
  industryBanner: {
    src: "/industries/banner.svg",
    alt: "A globe linked to a factory, a heart, a wind turbine and a delivery truck on a navy background.",
    width: 1600,
    height: 600,
  },
  // Industry cards are 800 × 500 (docs/EDITING.md, "Replace an image").
  industryCard: { src: "/industries/card.svg", alt: "A globe orbited by a factory, a heart, a wind turbine and a delivery truck.", width: 800, height: 500 },
  certificate: {
    src: "/courses/explore/normal-course.svg",
    alt: "A certificate with a ribbon, circled by icons of a book, a code window, a database and a cloud.",
    width: 600,
    height: 400,
  },
  exams: {
    src: "/courses/explore/exam-preparation.svg",
    alt: "An hourglass surrounded by icons of a notepad, a pencil and a trophy.",
    width: 600,
    height: 400,
  },
};

const placeholderFacts = (facts: Facts): Facts => facts.map((f) => ({ label: f.label, value: `Replace: ${f.value}` }));

function nextOrder(route: string, ctx: StarterContext): number {
  const orders = childrenOf(
    parentOf(route),
    ctx.content.pages.map((p) => ({ ...p, loaded: undefined as never })),
  )
    .map((p) => p.data.card?.order)
    .filter((o): o is number => typeof o === "number");
  return orders.length > 0 ? Math.max(...orders) + 1 : 1;
}

function titleFor(label: string, company: string): string {
  const full = `${label} | ${company}`;
  return full.length <= 60 ? full : label;
}

function describe(name: string): string {
  return `Replace this placeholder: one or two sentences about ${name} that search engines show under the page title.`;
}

function pageStarter(kind: Kind, route: string, ctx: StarterContext): Page {
  const ex = examples(ctx.index);
  const company = ctx.content.site?.company ?? "Nexa AI";
  const name = kind === "exam" ? route.slice(route.lastIndexOf("/") + 1).toUpperCase() : nameFromRoute(route);
  const paragraph = (about: string) => `Replace this paragraph: ${about}`;
  const contact: Action = { ...ex.contactUs };
  switch (kind) {
    case "industry": {
      const heading = `New industry: ${name}`;
      return {
        schemaVersion: CURRENT_VERSION as 2,
        title: titleFor(heading, company),
        description: describe(`${name} at ${company}`),
        card: {
          title: name,
          text: `Replace this placeholder with one sentence about what ${company} does for ${name.toLowerCase()}.`,
          image: GENERIC_PICTURES.industryCard,
          order: nextOrder(route, ctx),
        },
        sections: [
          {
            type: "hero",
            heading,
            text: `Replace this placeholder with a short introduction to AI for ${name.toLowerCase()}.`,
            height: ex.heroHeight,
            image: GENERIC_PICTURES.industryBanner,
            actions: [contact],
          },
          {
            type: "prose",
            heading: `Replace this heading: why AI matters in ${name.toLowerCase()}`,
            body: [paragraph("what is changing in this industry and where AI helps."), { bullets: ["Replace this point", "Replace this point"] }],
          },
          {
            type: "cardGrid",
            heading: "Use cases",
            columns: ex.cardColumns,
            cards: [1, 2, 3].map((n) => ({
              title: `Replace this title: use case ${n}`,
              text: "Replace this placeholder with two sentences about the use case.",
            })),
          },
          { type: "prose", heading: `How ${company} helps`, body: [paragraph(`how ${company} works with clients in this industry.`)], actions: [contact] },
        ],
      };
    }
    case "course-group": {
      const heading = `New course group: ${name}`;
      return {
        schemaVersion: CURRENT_VERSION as 2,
        title: titleFor(heading, company),
        description: describe(`the ${name} certification courses`),
        card: {
          title: name,
          text: `Replace this placeholder with one sentence about the ${name} courses.`,
          image: GENERIC_PICTURES.certificate,
          order: nextOrder(route, ctx),
        },
        sections: [
          {
            type: "hero",
            eyebrow: "Certification courses",
            heading,
            text: "Replace this placeholder with a short introduction to the courses in this group.",
            actions: [{ label: "Enquire now", to: contact.to }],
          },
          { type: "childCards", heading: "Courses in this group", from: route, linkLabel: "Course details", columns: 2 },
          { type: "prose", heading: "Which course should you choose?", body: [paragraph("who each course in this group is for.")] },
        ],
      };
    }
    case "course":
    case "exam": {
      const group = ctx.content.pages.find((p) => p.route === parentOf(route));
      const groupName = group?.data.card?.title ?? nameFromRoute(parentOf(route));
      const heading = kind === "exam" ? `New exam: ${name} Preparation` : `New course: ${name}`;
      const facts = placeholderFacts(ex.facts);
      return {
        schemaVersion: CURRENT_VERSION as 2,
        title: titleFor(heading, company),
        description: describe(kind === "exam" ? `${name} preparation` : name),
        card: {
          title: name,
          text: `Replace this placeholder with one sentence about ${kind === "exam" ? `${name} preparation` : name}.`,
          ...(kind === "exam" ? { image: GENERIC_PICTURES.exams } : {}),
          facts,
          order: nextOrder(route, ctx),
        },
        sections: [
          {
            type: "hero",
            eyebrow: kind === "exam" ? "Exam preparation" : groupName,
            heading,
            text: "Replace this placeholder with a short introduction: what learners achieve and who the course is for.",
            actions: [{ label: kind === "exam" ? "Click to know more" : "Enquire now", to: contact.to }],
          },
          {
            type: "prose",
            heading: kind === "exam" ? "What the course covers" : "Topics covered",
            body: [{ bullets: ["Replace this topic", "Replace this topic", "Replace this topic"] }],
          },
          {
            type: "table",
            heading: "Course facts",
            caption: `Duration and fee of ${kind === "exam" ? `${name} preparation` : name}`,
            columns: facts.map((f) => f.label),
            rows: [facts.map((f) => f.value)],
            notes: ["Replace this note, for example with what the fee includes."],
            actions: [{ label: kind === "exam" ? "Click to know more" : "Enquire about this course", to: contact.to }],
          },
        ],
      };
    }
    case "page": {
      const heading = `New page: ${name}`;
      const listed = ctx.content.pages.some((p) => p.data.sections.some((s) => s.type === "childCards" && s.from === parentOf(route)));
      return {
        schemaVersion: CURRENT_VERSION as 2,
        title: titleFor(heading, company),
        description: describe(name),
        ...(listed ? { card: { title: name, text: `Replace this placeholder with one sentence about ${name}.`, order: nextOrder(route, ctx) } } : {}),
        sections: [
          { type: "hero", heading, text: "Replace this placeholder with a short introduction to the page.", actions: [contact] },
          {
            type: "prose",
            heading: "Replace this heading",
            body: [paragraph("say what visitors need to know."), { bullets: ["Replace this point", "Replace this point"] }],
          },
        ],
      };
    }
  }
}

/**
 * Lay YAML out the way the site's files are written: short lists of words on one line
 * (`columns: [Duration, Fee]`), small groups in a list on one line (`- {label: Contact Us, to: /connect}`).
 */
export function compactYaml(value: unknown): Document {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  const short = (items: unknown[], limit: number) =>
    items.every((i) => isScalar(i)) && items.map((i) => String((i as { value: unknown }).value)).join(", ").length <= limit;
  visit(doc, {
    Seq(_, seq, path) {
      // Paragraphs and list points stay one per line: they are what gets rewritten.
      const parent = path[path.length - 1];
      if (isPair(parent) && isScalar(parent.key) && ["body", "bullets", "numbered", "notes"].includes(String(parent.key.value))) return;
      if (short(seq.items, 50)) seq.flow = true;
    },
    Map(key, map) {
      if (
        typeof key === "number" &&
        map.items.length <= 3 &&
        short(
          map.items.flatMap((p) => [p.key, p.value]),
          60,
        )
      )
        map.flow = true;
    },
  });
  return doc;
}

function toYaml(inSite: string, page: Page, kind: Kind): string {
  const header = [
    schemaLineFor(inSite),
    `# A new ${kind === "course-group" ? "course group" : kind}${kind === "page" ? "" : " page"} made by npm run new. Replace every text that says "Replace" or "New …"`,
    "# (npm run validate lists each one), then preview it with npm run dev and check it with npm run check -- <this file>. Help: docs/EDITING.md",
  ];
  return `${header.join("\n")}\n${compactYaml(page).toString({ lineWidth: 0, flowCollectionPadding: false })}`;
}

function fileFor(kind: Kind, route: string, root: string): string {
  const inSite = route.slice(1);
  const folder = join(root, "site", inSite);
  if (kind === "course-group" || (existsSync(folder) && statSync(folder).isDirectory())) return `${inSite}/index.yaml`;
  return `${inSite}.yaml`;
}

/** The files `npm run new <kind> <route>` writes: the page, and for a course group its first course (a listing cannot be empty). */
export function planStarter(kind: Kind, rawRoute: string, ctx: StarterContext): StarterFile[] {
  const route = checkRoute(kind, rawRoute, ctx);
  const inSite = fileFor(kind, route, ctx.root);
  if (existsSync(join(ctx.root, "site", inSite))) throw new StarterError(`site/${inSite} already exists: edit it, or choose another address`);
  const files: StarterFile[] = [{ file: `site/${inSite}`, route, text: toYaml(inSite, pageStarter(kind, route, ctx), kind) }];
  if (kind === "course-group") {
    const first = `${route}/first-course`;
    const firstIn = `${first.slice(1)}.yaml`;
    const page = pageStarter("course", first, {
      ...ctx,
      content: { ...ctx.content, pages: [...ctx.content.pages, { file: files[0]!.file, route, aliases: [], data: pageStarter(kind, route, ctx) }] },
    });
    files.push({ file: `site/${firstIn}`, route: first, text: toYaml(firstIn, page, "course") });
  }
  return files;
}
