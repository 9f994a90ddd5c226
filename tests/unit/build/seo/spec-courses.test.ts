import { describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../../src/content/site.ts";
import type { Course, CourseInstance, Offer } from "schema-dts";
import { OFFER_CATEGORY } from "../../../../src/build/seo/json-ld.ts";
import { pageSeoOf, siteTreeOf } from "../../../../src/build/seo/page-seo.ts";
import { missingProperties, typesOf } from "../../../../src/build/seo/required.ts";
import { PROJECT } from "../../fixture-site.ts";

/**
 * SPEC §9, course by course: the Course data the build writes for each course page must say
 * exactly these durations (ISO 8601) and fees (INR, then USD where the SPEC gives one).
 * Routes with several rows are pages that list several programmes (internships) or one
 * course priced by applicant (the Job Guarantee Course overview).
 */
type Row = { name?: string; workloads: string[]; prices: [number, "INR" | "USD"][] };
const one = (workload: string, inr: number, usd?: number): Row[] => [
  {
    workloads: [workload],
    prices: usd
      ? [
          [inr, "INR"],
          [usd, "USD"],
        ]
      : [[inr, "INR"]],
  },
];
const EXAMS = "/courses/comparative-exam-preparation";
const NORMAL = "/courses/normal-course";
const LONG = (name: string, inr: number): Row => ({ name, workloads: ["P3M"], prices: [[inr, "INR"]] });
const SHORT = (name: string, inr: number): Row => ({ name, workloads: ["P2W"], prices: [[inr, "INR"]] });

const SPEC_COURSES: Record<string, Row[]> = {
  // §9.3 Job Guarantee Course: four fees by applicant, 1 year or 1 year 2 months.
  "/courses/special-course": [
    {
      workloads: ["P1Y", "P1Y2M"],
      prices: [
        [40000, "INR"],
        [60000, "INR"],
        [800, "USD"],
        [1200, "USD"],
      ],
    },
  ],
  // §9.4 long-term internships, all 3 months.
  "/courses/internship/long-term": [
    LONG("Full Stack AI Product Development", 12000),
    LONG("Applied Data Science", 15000),
    LONG("GenAI / LLM Application Development", 15000),
    LONG("Frontend UI/UX + Systems Engineering", 12000),
  ],
  // §9.5 short-term internships, all 2 weeks.
  "/courses/internship/short-term": [
    ...["UI/UX Design", "Backend Development", "Machine Learning", "Deep Learning", "NLP", "Computer Vision"].map((n) => SHORT(n, 750)),
    ...[
      "Full Stack Web Development",
      "Full Stack + ML/DL",
      "Data Science (ML+DL)",
      "Data Science (ML+DL+NLP)",
      "Data Science (ML+DL+CV)",
      "Data Science (ML+DL+NLP+CV)",
    ].map((n) => SHORT(n, 1000)),
  ],
  // §9.6 exam preparation.
  [`${EXAMS}/jeemain`]: one("P1Y", 35000),
  [`${EXAMS}/gate`]: one("P10M", 45000),
  [`${EXAMS}/cat`]: one("P6M", 35000),
  [`${EXAMS}/mat`]: one("P5M", 28000),
  [`${EXAMS}/sat`]: one("P6M", 40000),
  [`${EXAMS}/ielts`]: one("P3M", 22000),
  [`${EXAMS}/toefl`]: one("P3M", 24000),
  [`${EXAMS}/pte`]: one("P2M15D", 20000),
  // §9.7 interview preparation.
  "/courses/interview-preparation/coding-practice-soft-skill": one("P3M", 12000, 200),
  "/courses/interview-preparation/coding-practice-mock-test": one("P2M15D", 10000, 180),
  // §9.8 certification courses.
  [`${NORMAL}/data-and-ai/data-science`]: one("P6M", 50000, 800),
  [`${NORMAL}/data-and-ai/artificial-intelligence`]: one("P6M", 60000, 900),
  [`${NORMAL}/data-and-ai/data-analysis-and-visualization`]: one("P4M", 40000, 700),
  [`${NORMAL}/data-and-ai/data-engineering`]: one("P6M", 70000, 1100),
  [`${NORMAL}/programming-foundations/python`]: one("P4M", 30000, 500),
  [`${NORMAL}/programming-foundations/java`]: one("P5M", 40000, 650),
  [`${NORMAL}/programming-foundations/javascript-essentials`]: one("P4M", 35000, 600),
  [`${NORMAL}/full-stack-development/full-stack-python`]: one("P6M", 50000, 800),
  [`${NORMAL}/full-stack-development/full-stack-nodejs-react`]: one("P6M", 55000, 850),
  [`${NORMAL}/full-stack-development/full-stack-java`]: one("P6M", 60000, 900),
  [`${NORMAL}/cloud-and-devops/cloud-computing`]: one("P6M", 45000, 700),
  [`${NORMAL}/cloud-and-devops/devops-and-ci-cd`]: one("P6M", 50000, 750),
  [`${NORMAL}/design-and-frontend/ui-ux`]: one("P4M", 30000, 500),
  [`${NORMAL}/design-and-frontend/mobile-app-development`]: one("P5M", 40000, 600),
  [`${NORMAL}/emerging-tech-specialized/cybersecurity`]: one("P4M", 35000, 550),
  [`${NORMAL}/emerging-tech-specialized/blockchain`]: one("P5M", 45000, 700),
  [`${NORMAL}/emerging-tech-specialized/game-development`]: one("P6M", 50000, 800),
  // §9.9 special courses.
  "/courses/special-course/paid-course-with-job-guarantee": one("P1Y3M", 100000, 1600),
  "/courses/special-course/paid-course-with-performance-job-opportunity": one("P1Y", 30000, 500),
};

const content = loadSiteContent(PROJECT);
const tree = siteTreeOf(content.site!, content.pages, content.table.primaryOf);
const coursesOn = (route: string) => pageSeoOf(tree, route).jsonLd.filter((b) => (b as { "@type": string })["@type"] === "Course") as Exclude<Course, string>[];

describe("Course structured data equals SPEC §9 on every course page", () => {
  it("the pages with Course data are exactly the SPEC's course pages, and no page has unreadable course facts", () => {
    const withCourses = content.pages.map((p) => p.route).filter((r) => coursesOn(r).length > 0);
    expect(withCourses.sort()).toEqual(Object.keys(SPEC_COURSES).sort());
    expect(content.pages.flatMap((p) => pageSeoOf(tree, p.route).problems)).toEqual([]);
  });

  it.each(Object.entries(SPEC_COURSES))("%s", (route, rows) => {
    const courses = coursesOn(route);
    expect(courses).toHaveLength(rows.length);
    courses.forEach((course, i) => {
      const row = rows[i]!;
      if (row.name) expect(course.name).toBe(row.name);
      expect(course.provider).toMatchObject({ "@type": "Organization", name: "Nexa AI" });
      const offers = course.offers as Exclude<Offer, string>[];
      expect(offers.map((o) => [o.price, o.priceCurrency])).toEqual(row.prices);
      expect(offers.every((o) => o.category === OFFER_CATEGORY)).toBe(true);
      const instances = course.hasCourseInstance as Exclude<CourseInstance, string>[];
      expect(instances.map((c) => c.courseWorkload)).toEqual(row.workloads);
      // site/_site.yaml says courseMode: online.
      expect(instances.every((c) => c.courseMode === "Online")).toBe(true);
      expect(missingProperties(course)).toEqual([]);
    });
  });
});

describe("Organization, WebSite and breadcrumbs", () => {
  it("the home page has Organization (name, logo, the footer's social profiles, contact point) and WebSite, and no breadcrumbs", () => {
    const home = pageSeoOf(tree, "/").jsonLd;
    expect(typesOf(home)).toEqual(["Organization", "WebSite"]);
    expect(home[0]).toMatchObject({
      name: "Nexa AI",
      url: "https://www.nexa.ai/",
      logo: "https://www.nexa.ai/brand/logo.svg",
      sameAs: ["https://www.linkedin.com/company/nexa-ai", "https://www.instagram.com/nexa.ai", "https://x.com/nexa_ai"],
      contactPoint: { "@type": "ContactPoint", url: "https://www.nexa.ai/about-us/connect" },
    });
    expect(home[1]).toMatchObject({ "@type": "WebSite", name: "Nexa AI", url: "https://www.nexa.ai/" });
  });

  it.each([
    ["/careers", ["Home", "Careers"]],
    ["/courses/comparative-exam-preparation/gate", ["Home", "Courses", "Exam Preparation", "GATE"]],
    ["/courses/normal-course/data-and-ai/data-science", ["Home", "Courses", "Certification Courses", "Data & AI", "Data Science"]],
    // /industries is an alias of /industries/details: the crumb is the header's label, the address the page's own.
    ["/industries/agriculture", ["Home", "Industries", "Agriculture"]],
    // /courses/spotlight is no page: it is left out.
    ["/courses/spotlight/success-stories", ["Home", "Courses", "Success Stories"]],
    ["/my-nexa/auth/login", ["Home", "My nexa", "Candidate Login"]],
  ])("%s: %j", (route, names) => {
    const [crumbs] = pageSeoOf(tree, route).jsonLd as unknown as { itemListElement: { name: string; position: number; item: string }[] }[];
    expect(crumbs!.itemListElement.map((c) => c.name)).toEqual(names);
    expect(crumbs!.itemListElement.map((c) => c.position)).toEqual(names.map((_, i) => i + 1));
    expect(crumbs!.itemListElement.at(-1)!.item).toBe(`https://www.nexa.ai${route}`);
    if (route === "/industries/agriculture") expect(crumbs!.itemListElement[1]!.item).toBe("https://www.nexa.ai/industries/details");
  });

  it("every page below home has a BreadcrumbList first, and every block has Google's required properties", () => {
    for (const { route } of content.pages) {
      const blocks = pageSeoOf(tree, route).jsonLd;
      if (route !== "/") expect(typesOf(blocks)[0], route).toBe("BreadcrumbList");
      expect(blocks.flatMap(missingProperties), route).toEqual([]);
    }
  });
});
