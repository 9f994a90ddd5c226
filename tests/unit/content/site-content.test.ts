import { describe, expect, it } from "vitest";
import type { Page } from "../../../src/shared/generated/schema-types.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { CERTIFICATION_GROUPS, EXAM_IDS, INDUSTRY_IDS } from "../../spec-routes.ts";
import { PROJECT } from "../fixture-site.ts";

/** The real site/, read once: SPEC §2.4 counts and §9 constants are asserted against the YAML itself. */
const content = loadSiteContent(PROJECT);
const page = (route: string): Page => {
  const found = content.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found.data;
};
type Sections = Page["sections"][number];
const blocks = <T extends Sections["type"]>(route: string, type: T) => page(route).sections.filter((s): s is Extract<Sections, { type: T }> => s.type === type);
const textOf = (route: string) => JSON.stringify(page(route));
const cardFacts = (route: string) => Object.fromEntries((page(route).card?.facts ?? []).map((f) => [f.label, f.value]));

describe("the site content is valid", () => {
  it("has no problems", () => expect(content.problems).toEqual([]));
});

describe("SPEC §2.4 counts", () => {
  it("home: intro video, 7 service cards with Contact Us → /connect, 2 slides every 4000 ms, 17 logos at 40 s / 35 s, 3 featured cases, 5 Quick Search buttons", () => {
    expect(blocks("/", "introVideo")).toHaveLength(1);
    const services = blocks("/", "cardGrid").find((b) => b.cards.length === 7)!;
    expect(services.cards.every((c) => c.video && c.action?.label === "Contact Us" && c.action.to === "/connect")).toBe(true);
    const [slideshow] = blocks("/", "slideshow");
    expect(slideshow?.slides).toHaveLength(2);
    expect(slideshow?.interval).toBe(4000);
    const [marquee] = blocks("/", "logoMarquee");
    expect(marquee?.logos).toHaveLength(17);
    expect([marquee?.seconds, marquee?.mobileSeconds]).toEqual([40, 35]);
    const featured = blocks("/", "cardGrid").find((b) => b.cards.every((c) => c.action?.label === "Read More"))!;
    expect(featured.cards.map((c) => c.action?.to)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/about-us\/case-study-all#/)]));
    expect(featured.cards).toHaveLength(3);
    const quick = blocks("/", "linkList").find((b) => b.heading === "Quick Search")!;
    expect(quick.links.map((l) => [l.label, l.to])).toEqual([
      ["Careers", "/careers"],
      ["Industries", "/industries"],
      ["Insights", "/insights"],
      ["Services", "/services"],
      ["Courses", "/courses"],
    ]);
    const panel = blocks("/", "contactPanel")[0]!;
    expect(panel.actions.map((a) => a.to)).toEqual(["/courses/special-course", "/courses/internship"]);
    expect(panel.mobileAction).toMatchObject({ label: "Get in Touch", to: "/connect" });
    const buttons = blocks("/", "linkList").flatMap((b) => b.links.map((l) => l.to));
    expect(buttons).toEqual(expect.arrayContaining(["/services", "/products"]));
    expect(
      blocks("/", "linkList")
        .flatMap((b) => b.links)
        .some((l) => l.external && l.to.startsWith("https://")),
    ).toBe(true);
  });

  it("careers: banner 'Explore Careers with Us' at 700px; four cards with their ids, Know More → /connect", () => {
    const [hero] = blocks("/careers", "hero");
    expect([hero?.heading, hero?.height]).toEqual(["Explore Careers with Us", 700]);
    const cards = blocks("/careers", "cardGrid")
      .flatMap((b) => b.cards)
      .filter((c) => c.id);
    expect(cards.map((c) => c.id)).toEqual(["job-search", "careers-in-nexa", "how-to-join-us", "internships"]);
    expect(cards.every((c) => c.action?.label === "Know More" && c.action.to === "/connect")).toBe(true);
  });

  it("industries overview: banner 'Explore Industries with Us' at 600px with Contact Us → /connect; 10 cards with Read more, built from the industry pages", () => {
    const [hero] = blocks("/industries/details", "hero");
    expect([hero?.heading, hero?.height, hero?.actions?.[0]?.to]).toEqual(["Explore Industries with Us", 600, "/connect"]);
    const [listing] = blocks("/industries/details", "childCards");
    expect(listing?.linkLabel).toBe("Read more");
    expect(listing?.cards?.map((c) => c.id)).toEqual([...INDUSTRY_IDS]);
    expect(listing?.cards?.map((c) => c.to)).toEqual(INDUSTRY_IDS.map((id) => `/industries/${id}`));
  });

  it.each(INDUSTRY_IDS)("industry %s: a 600px hero banner and at least 500 words of copy", (id) => {
    expect(blocks(`/industries/${id}`, "hero")[0]?.height).toBe(600);
    const words = textOf(`/industries/${id}`)
      .replace(/"(src|to|type|id|alt|width|height)":"?[^",}]*"?/g, "")
      .split(/[^A-Za-z']+/)
      .filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(500);
  });

  it("products: 11 anchored products, the operations agent under both spellings", () => {
    const sections = blocks("/products/details", "anchors").flatMap((b) => b.sections);
    expect(sections).toHaveLength(11);
    expect(sections.find((s) => s.id === "nexaoperationalagent")?.altIds).toEqual(["nexaoperationsalagent"]);
  });

  it("privacy: 11 numbered sections, effective May 22, 2025, minimum age 18", () => {
    const headings = blocks("/legal-privacy", "anchors").flatMap((b) => b.sections.map((s) => s.heading));
    expect(headings).toHaveLength(11);
    headings.forEach((h, i) => expect(h.startsWith(`${i + 1}. `)).toBe(true));
    expect(textOf("/legal-privacy")).toContain("May 22, 2025");
    expect(textOf("/legal-privacy")).toMatch(/\b18\b/);
  });

  it("case studies: four, each with two images, overview, challenges, solution, results and testimonial", () => {
    const studies = blocks("/about-us/case-study-all", "caseStudies").flatMap((b) => b.studies);
    expect(studies.map((s) => s.id)).toEqual(["healthcare-ai-case-study", "generative-ai", "ai-agent", "ai-automation"]);
    const all = textOf("/about-us/case-study-all");
    for (const claim of ["60%", "25%", "35%", "40%", "75%", "50%", "10 minutes", "70%", "92%"]) expect(all).toContain(claim);
  });

  it("about: purpose, people, values, locations, core values and four leadership profiles", () => {
    expect(blocks("/about-us/details", "anchors").flatMap((b) => b.sections.map((s) => s.id))).toEqual([
      "our-purpose",
      "our-people",
      "our-values",
      "locations",
    ]);
    const people = blocks("/about-us/details", "profiles").flatMap((b) => b.people);
    expect(people.length).toBeGreaterThanOrEqual(1);
    expect(people.every((p) => p.name && p.title && p.description && p.image.src)).toBe(true);
  });

  it("course categories: five cards to the five course families, none external", () => {
    const cards = blocks("/courses/explore", "cardGrid")
      .flatMap((b) => b.cards)
      .filter((c) => c.action);
    expect(cards.map((c) => c.action?.to)).toEqual([
      "/courses/internship",
      "/courses/comparative-exam-preparation",
      "/courses/interview-preparation",
      "/courses/normal-course",
      "/courses/special-course",
    ]);
    expect(cards.some((c) => c.action?.external)).toBe(false);
  });

  it("my-nexa: one link to /connect labelled exactly as the spec says; learning corner opens four external links", () => {
    expect(textOf("/my-nexa")).toContain("[Learning Corner, Certification, Ideathon, Blogthon](/connect)");
    const links = blocks("/my-nexa/learning-corner", "linkList").flatMap((b) => b.links);
    expect(links.map((l) => l.label)).toEqual(["Learning Corner", "Certifications", "Ideathon", "Blogthon"]);
    expect(links.every((l) => l.external && l.to.startsWith("https://"))).toBe(true);
  });
});

describe("SPEC §9 constants", () => {
  it("§9.3 Job Guarantee Course: fees, durations, batches, seats, external application form", () => {
    const table = blocks("/courses/special-course", "table")[0]!;
    expect(table.rows).toEqual([
      ["Indian in India, B.Tech/M.Tech/MCA/PhD (engineering)", "₹40,000 + GST", "1 year"],
      ["Indian in India, non-engineering", "₹60,000 + GST", "1 year 2 months"],
      ["International, engineering", "$800", "1 year"],
      ["International, non-engineering", "$1200", "1 year 2 months"],
    ]);
    const all = textOf("/courses/special-course");
    for (const s of ["October 2025", "December 2025", "300", "strictly limited"]) expect(all).toContain(s);
    expect(table.actions?.[0]).toMatchObject({ external: true, to: expect.stringMatching(/^https:\/\//) });
  });

  it("§9.4 long-term internships: four programmes, 3 months each, exact prices", () => {
    const rows = blocks("/courses/internship/long-term", "table")[0]!.rows.map((r) => [r[0], r[1], r[3]]);
    expect(rows).toEqual([
      ["Full Stack AI Product Development", "3 months", "₹12000 + GST"],
      ["Applied Data Science", "3 months", "₹15000 + GST"],
      ["GenAI / LLM Application Development", "3 months", "₹15000 + GST"],
      ["Frontend UI/UX + Systems Engineering", "3 months", "₹12000 + GST"],
    ]);
  });

  it("§9.5 short-term internships: twelve programmes of 2 weeks (a 2–4 week training), ₹750 and ₹1000", () => {
    const rows = blocks("/courses/internship/short-term", "table")[0]!.rows;
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r[1] === "2 weeks")).toBe(true);
    const price = Object.fromEntries(rows.map((r) => [r[0], r[3]]));
    for (const p of ["UI/UX Design", "Backend Development", "Machine Learning", "Deep Learning", "NLP", "Computer Vision"]) expect(price[p]).toBe("₹750");
    expect(rows.filter((r) => r[3] === "₹1000")).toHaveLength(6);
    expect(textOf("/courses/internship/short-term")).toContain("2–4 week");
  });

  it.each([
    ["jeemain", "JEE MAIN", "1 year", "₹35,000 + GST", []],
    ["gate", "GATE", "10 months", "₹45,000 + GST", ["CS", "EC", "EE", "IN", "MA", "CY", "BT", "PH", "ME", "CE", "ST"]],
    ["cat", "CAT", "6 months", "₹35,000 + GST", []],
    ["mat", "MAT", "5 months", "₹28,000 + GST", []],
    ["sat", "SAT", "6 months", "₹40,000 + GST", ["10+ mock tests"]],
    ["ielts", "IELTS", "3 months", "₹22,000 + GST", []],
    ["toefl", "TOEFL", "3 months", "₹24,000 + GST", []],
    ["pte", "PTE", "2.5 months", "₹20,000 + GST", ["8 mock tests"]],
  ])("§9.6 exam %s: label %s, %s, %s", (id, label, duration, fee, notes) => {
    const route = `/courses/comparative-exam-preparation/${id}`;
    expect(page(route).card?.title).toBe(label);
    expect(cardFacts(route)).toMatchObject({ Duration: duration, Fee: fee });
    for (const note of notes) expect(textOf(route)).toContain(note);
  });

  it("§9.6 exam overview: eight cards in order, each with Click to know more → /connect", () => {
    const [listing] = blocks("/courses/comparative-exam-preparation", "childCards");
    expect(listing?.cards?.map((c) => c.to)).toEqual(EXAM_IDS.map((id) => `/courses/comparative-exam-preparation/${id}`));
    expect(listing?.action).toMatchObject({ label: "Click to know more", to: "/connect" });
  });

  it.each([
    ["coding-practice-soft-skill", "Coding Practice & Soft Skill", "3 months", "₹12,000 / $200", ["2 live sessions a week", "4 mock interviews"]],
    ["coding-practice-mock-test", "Coding Practice & Mock Test", "2.5 months", "₹10,000 / $180", ["6 timed tests"]],
  ])("§9.7 interview course %s", (id, title, duration, fee, notes) => {
    const route = `/courses/interview-preparation/${id}`;
    expect(page(route).card?.title).toBe(title);
    expect(cardFacts(route)).toMatchObject({ Duration: duration, Fee: fee });
    for (const note of notes) expect(textOf(route)).toContain(note);
  });

  it("§9.8 certification: six groups in order, each linking to /connect, listing their courses from the course pages", () => {
    const [listing] = blocks("/courses/normal-course", "childCards");
    expect(listing?.cards?.map((c) => c.title)).toEqual([
      "Data & AI",
      "Programming Foundations",
      "Full Stack Development",
      "Cloud & DevOps",
      "Design & Frontend",
      "Emerging Tech & Specialized",
    ]);
    expect(listing?.cards?.map((c) => c.to)).toEqual(CERTIFICATION_GROUPS.map((g) => `/courses/normal-course/${g}`));
    expect(listing?.action?.to).toBe("/connect");
    expect(textOf("/courses/normal-course")).toMatch(/cloud costs are extra/i);
  });

  it.each([
    ["Data Science", "6 months", "₹50,000 + GST / $800"],
    ["Artificial Intelligence", "6 months", "₹60,000 + GST / $900"],
    ["Data Analysis & Visualization", "4 months", "₹40,000 + GST / $700"],
    ["Data Engineering", "6 months", "₹70,000 + GST / $1100"],
    ["Python", "4 months", "₹30,000 + GST / $500"],
    ["Java", "5 months", "₹40,000 + GST / $650"],
    ["JavaScript Essentials", "4 months", "₹35,000 + GST / $600"],
    ["Full Stack Python", "6 months", "₹50,000 + GST / $800"],
    ["Full Stack Node.js+React", "6 months", "₹55,000 + GST / $850"],
    ["Full Stack Java", "6 months", "₹60,000 + GST / $900"],
    ["Cloud Computing", "6 months", "₹45,000 + GST / $700"],
    ["DevOps & CI/CD", "6 months", "₹50,000 + GST / $750"],
    ["UI/UX", "4 months", "₹30,000 + GST / $500"],
    ["Mobile App Development", "5 months", "₹40,000 + GST / $600"],
    ["Cybersecurity", "4 months", "₹35,000 + GST / $550"],
    ["Blockchain", "5 months", "₹45,000 + GST / $700"],
    ["Game Development", "6 months", "₹50,000 + GST / $800"],
  ])("§9.8 course %s: %s, %s, listed on its group page", (title, duration, fee) => {
    const course = content.pages.find((p) => p.route.startsWith("/courses/normal-course/") && p.data.card?.title === title);
    expect(course, title).toBeDefined();
    expect(cardFacts(course!.route)).toMatchObject({ Duration: duration, Fee: fee });
    const group = course!.route.slice(0, course!.route.lastIndexOf("/"));
    expect(
      blocks(group, "childCards")
        .flatMap((b) => b.cards ?? [])
        .map((c) => c.to),
    ).toContain(course!.route);
  });

  it("§9.9 special courses: both programmes, with both readings of the assignments", () => {
    expect(cardFacts("/courses/special-course/paid-course-with-job-guarantee")).toMatchObject({ Duration: "1 year 3 months", Fee: "₹1,00,000 / $1600" });
    const guarantee = textOf("/courses/special-course/paid-course-with-job-guarantee");
    for (const s of ["28 assignments", "3 case studies", "3 research-paper tasks", "6 blog tasks", "3-month internship"]) expect(guarantee).toContain(s);
    expect(cardFacts("/courses/special-course/paid-course-with-performance-job-opportunity")).toMatchObject({ Duration: "1 year", Fee: "₹30,000 / $500" });
    const performance = textOf("/courses/special-course/paid-course-with-performance-job-opportunity");
    for (const s of ["29 assignments", "25 projects", "2 case studies", "2 blogs"]) expect(performance).toContain(s);
  });
});
