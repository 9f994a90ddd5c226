import type { Page, TableBlock } from "../shared/generated/schema-types.ts";
import type { Segment } from "./locate.ts";
import { titleWithoutSite } from "./page-place.ts";

/** One price of a course, as written on the page ("₹50,000 + GST / $800" is two). */
export interface Price {
  price: number;
  currency: "INR" | "USD";
  /** "+ GST": the price is before Indian goods and services tax. */
  plusGst: boolean;
  /** Who this price is for, where a fee table says so (the Applicant column). */
  for?: string;
}

/** What search engines are told about one course, read from the page's own facts. */
export interface CourseFacts {
  name: string;
  description: string;
  /** ISO 8601 durations, one per distinct duration (a course whose length depends on the applicant has two). */
  workloads: string[];
  prices: Price[];
}

/** A course page whose facts cannot be read: where in the YAML, what, and how to fix it. */
export interface CourseProblem {
  path: Segment[];
  message: string;
  hint: string;
}

const DURATION = /^(?:(\d+) years?)?\s*(?:(\d+(?:\.5)?) months?)?\s*(?:(\d+) weeks?)?$/;

/**
 * "10 months" → P10M, "2.5 months" → P2M15D (half a month is 15 days), "1 year 3 months" →
 * P1Y3M, "2 weeks" → P2W. Null when the text is not a duration in those words.
 */
export function isoDuration(text: string): string | null {
  const m = DURATION.exec(text.trim());
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  const [, years, months, weeks] = m;
  if (weeks && (years || months)) return null;
  if (weeks) return `P${Number(weeks)}W`;
  const wholeMonths = months ? Math.floor(Number(months)) : 0;
  const days = months && Number(months) % 1 !== 0 ? 15 : 0;
  return `P${years ? `${Number(years)}Y` : ""}${wholeMonths ? `${wholeMonths}M` : ""}${days ? `${days}D` : ""}`;
}

const PRICE = /^(₹|\$)\s?(\d{1,3}(?:,\d{2,3})*|\d+)(\s*\+\s*GST)?$/;

/** "₹50,000 + GST / $800" → INR 50000 plus GST and USD 800. Null when a part is not a price. */
export function parsePrices(text: string): Price[] | null {
  const prices: Price[] = [];
  for (const part of text.split(" / ")) {
    const m = PRICE.exec(part.trim());
    if (!m) return null;
    prices.push({ price: Number(m[2]!.replace(/,/g, "")), currency: m[1] === "₹" ? "INR" : "USD", plusGst: Boolean(m[3]) });
  }
  return prices;
}

/** **bold**, _emphasis_ and [text](link) as plain text: search engines get words, not markup. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*([^*]*)\*\*/g, "$1")
    .replace(/(^|\W)_([^_]+)_(?=\W|$)/g, "$1$2");
}

/** The accepted forms, in the words of the hint: what DURATION reads. */
export const DURATION_HINT = 'write a number of years, months (a half month as .5) or weeks: "6 months", "2.5 months", "1 year 3 months" or "2 weeks"';
/** The accepted forms, in the words of the hint: what PRICE reads, prices apart with " / ". */
export const PRICE_HINT =
  'write ₹ or $ and the amount in digits, then "+ GST" when tax is extra, two prices apart with " / ": "₹45,000 + GST", "₹50,000 + GST / $800" or "$800"';
const FEE_LABELS = ["Fee", "Price"];

const column = (table: TableBlock, ...names: string[]) => table.columns.findIndex((c) => names.includes(c));

/** The page's table sections, with their position in `sections`. */
const tablesOf = (page: Page) => page.sections.flatMap((section, index) => (section.type === "table" ? [{ table: section as TableBlock, index }] : []));

/** A programme table (first column Program, with Duration and Price or Fee): one course per row. */
function programmeCourses(page: Page, table: TableBlock, index: number, problems: CourseProblem[]): CourseFacts[] {
  const duration = column(table, "Duration");
  const fee = column(table, ...FEE_LABELS);
  const focus = column(table, "Focus", "Description");
  return table.rows.flatMap((row, r) => {
    const workload = isoDuration(String(row[duration] ?? ""));
    const prices = parsePrices(String(row[fee] ?? ""));
    if (!workload)
      problems.push({
        path: ["sections", index, "rows", r, duration],
        message: `the duration "${row[duration]}" of ${row[0]} cannot be read`,
        hint: DURATION_HINT,
      });
    if (!prices) problems.push({ path: ["sections", index, "rows", r, fee], message: `the price "${row[fee]}" of ${row[0]} cannot be read`, hint: PRICE_HINT });
    if (!workload || !prices) return [];
    const description = focus >= 0 ? String(row[focus]) : plainText(page.card?.text ?? page.description);
    return [{ name: String(row[0]), description, workloads: [workload], prices }];
  });
}

/** A fee table by applicant (first column Applicant, with Fee and Duration): one course, a price per row. */
function applicantCourse(page: Page, table: TableBlock, index: number, problems: CourseProblem[]): CourseFacts[] {
  const duration = column(table, "Duration");
  const fee = column(table, ...FEE_LABELS);
  const workloads = new Set<string>();
  const prices: Price[] = [];
  table.rows.forEach((row, r) => {
    const workload = isoDuration(String(row[duration] ?? ""));
    const rowPrices = parsePrices(String(row[fee] ?? ""));
    if (!workload)
      problems.push({ path: ["sections", index, "rows", r, duration], message: `the duration "${row[duration]}" cannot be read`, hint: DURATION_HINT });
    else workloads.add(workload);
    if (!rowPrices) problems.push({ path: ["sections", index, "rows", r, fee], message: `the fee "${row[fee]}" cannot be read`, hint: PRICE_HINT });
    else prices.push(...rowPrices.map((p) => ({ ...p, for: String(row[0]) })));
  });
  if (workloads.size === 0 || prices.length === 0) return [];
  return [{ name: nameOf(page), description: plainText(page.card?.text ?? page.description), workloads: [...workloads], prices }];
}

/** The course's name: the page title without its " | Nexa AI" ending ("GATE Preparation Course"). */
const nameOf = (page: Page) => titleWithoutSite(page.title);

/** Duration and Fee (or Price) facts on the page's card: the page is one course. */
function cardCourse(page: Page, problems: CourseProblem[]): CourseFacts[] {
  const facts = page.card?.facts ?? [];
  const d = facts.findIndex((f) => f.label === "Duration");
  const f = facts.findIndex((fact) => FEE_LABELS.includes(fact.label));
  if (d < 0 || f < 0) return [];
  const workload = isoDuration(facts[d]!.value);
  const prices = parsePrices(facts[f]!.value);
  if (!workload)
    problems.push({ path: ["card", "facts", d, "value"], message: `the course duration "${facts[d]!.value}" cannot be read`, hint: DURATION_HINT });
  if (!prices) problems.push({ path: ["card", "facts", f, "value"], message: `the course fee "${facts[f]!.value}" cannot be read`, hint: PRICE_HINT });
  if (!workload || !prices) return [];
  return [{ name: nameOf(page), description: plainText(page.card!.text), workloads: [workload], prices }];
}

/** Whether search engines should be told about courses on this page at all. */
export function mayDescribeCourses(route: string, page: Page): boolean {
  return route.startsWith("/courses/") && page.course !== false;
}

/**
 * The courses a page describes, from (in this order) a programme table, a fee table by
 * applicant, or the card's Duration and Fee facts. `mustBeCourse` (a page under /courses with
 * no pages below it) makes finding none a problem: such a page is a course unless it says
 * `course: false`.
 */
export function coursesOf(route: string, page: Page, mustBeCourse: boolean): { courses: CourseFacts[]; problems: CourseProblem[] } {
  const problems: CourseProblem[] = [];
  if (!mayDescribeCourses(route, page)) return { courses: [], problems };
  const tables = tablesOf(page);
  const programmes = tables.filter(({ table }) => table.columns[0] === "Program" && column(table, "Duration") >= 0 && column(table, ...FEE_LABELS) >= 0);
  const byApplicant = tables.filter(({ table }) => table.columns[0] === "Applicant" && column(table, "Duration") >= 0 && column(table, ...FEE_LABELS) >= 0);
  let courses: CourseFacts[];
  if (programmes.length > 0) courses = programmes.flatMap(({ table, index }) => programmeCourses(page, table, index, problems));
  else if (byApplicant.length > 0) courses = byApplicant.flatMap(({ table, index }) => applicantCourse(page, table, index, problems));
  else courses = cardCourse(page, problems);
  if (courses.length === 0 && problems.length === 0 && mustBeCourse) {
    problems.push({
      path: page.card ? ["card"] : ["title"],
      message: "this page under /courses has no course facts, so search engines are not told its duration and fee",
      hint: "give the card a Duration and a Fee fact (facts: [{label: Duration, value: 6 months}, {label: Fee, value: '₹50,000 + GST'}]), or write course: false if the page is not a course",
    });
  }
  return { courses, problems };
}
