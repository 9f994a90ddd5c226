import fc from "fast-check";
import type { Course } from "schema-dts";
import { describe, expect, it } from "vitest";
import { isoDuration, parsePrices, plainText } from "../../../src/content/course-facts.ts";
import { missingProperties, structuredDataProblems } from "../../../src/build/seo/required.ts";
import { scriptTag } from "../../../src/build/seo/json-ld.ts";

describe("durations as ISO 8601 (Course courseWorkload)", () => {
  it.each([
    ["10 months", "P10M"],
    ["2.5 months", "P2M15D"],
    ["1 month", "P1M"],
    ["0.5 months", "P15D"],
    ["1 year", "P1Y"],
    ["2 years", "P2Y"],
    ["1 year 3 months", "P1Y3M"],
    ["1 year 2.5 months", "P1Y2M15D"],
    ["2 weeks", "P2W"],
    ["1 week", "P1W"],
  ])("%s → %s", (text, iso) => expect(isoDuration(text)).toBe(iso));

  it("any whole number of years and months, with or without a half month", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 11 }), fc.boolean(), (y, m, half) => {
        fc.pre(y > 0 || m > 0 || half);
        const text = [y ? `${y} year${y > 1 ? "s" : ""}` : "", m || half ? `${m}${half ? ".5" : ""} months` : ""].filter(Boolean).join(" ");
        expect(isoDuration(text)).toBe(`P${y ? `${y}Y` : ""}${m ? `${m}M` : ""}${half ? "15D" : ""}`);
      }),
    );
  });

  it.each(["", "six months", "10 months + 1 week", "2.25 months", "1 year 2 weeks", "months", "-3 months", "3 days"])("%j is not a duration", (text) =>
    expect(isoDuration(text)).toBeNull(),
  );
});

describe("fees", () => {
  it.each([
    ["₹45,000 + GST", [{ price: 45000, currency: "INR", plusGst: true }]],
    [
      "₹50,000 + GST / $800",
      [
        { price: 50000, currency: "INR", plusGst: true },
        { price: 800, currency: "USD", plusGst: false },
      ],
    ],
    [
      "₹1,00,000 / $1600",
      [
        { price: 100000, currency: "INR", plusGst: false },
        { price: 1600, currency: "USD", plusGst: false },
      ],
    ],
    ["₹12000 + GST", [{ price: 12000, currency: "INR", plusGst: true }]],
    ["₹750", [{ price: 750, currency: "INR", plusGst: false }]],
    ["$1200", [{ price: 1200, currency: "USD", plusGst: false }]],
  ])("%s", (text, prices) => expect(parsePrices(text)).toEqual(prices));

  it.each(["", "free", "₹12000 + GST or ₹15000 + GST", "50,000", "₹5,0000", "€800", "₹50,000 + VAT", "₹50,000 / "])("%j is not a fee", (text) =>
    expect(parsePrices(text)).toBeNull(),
  );
});

it("descriptions drop inline markup", () => {
  expect(plainText("Learn **Python** and _pandas_ with [mentors](/connect), snake_case kept")).toBe("Learn Python and pandas with mentors, snake_case kept");
});

describe("the required-properties check", () => {
  const course: Course = {
    "@type": "Course",
    name: "Python Course",
    description: "Four months of Python.",
    provider: { "@type": "Organization", name: "Nexa AI" },
    offers: [{ "@type": "Offer", category: "Paid", price: 30000, priceCurrency: "INR" }],
    hasCourseInstance: [{ "@type": "CourseInstance", courseMode: "Online", courseWorkload: "P4M" }],
  };
  const full = { "@context": "https://schema.org" as const, ...course };

  it("passes a complete Course and names each property taken away", () => {
    expect(missingProperties(full)).toEqual([]);
    expect(missingProperties({ ...full, offers: [{ "@type": "Offer", category: "Paid", price: 1 }] })).toEqual(["Course: offers[].priceCurrency is missing"]);
    expect(missingProperties({ ...full, hasCourseInstance: [] })).toEqual(["Course: hasCourseInstance is missing"]);
    expect(missingProperties({ ...full, hasCourseInstance: [{ "@type": "CourseInstance", courseMode: "Online" }, { "@type": "CourseInstance" }] })).toEqual([
      "Course: hasCourseInstance[].courseMode is missing",
      "Course: hasCourseInstance[].courseWorkload is missing",
    ]);
    expect(missingProperties({ ...full, provider: undefined })).toEqual(["Course: provider is missing", "Course: provider.name is missing"]);
    expect(missingProperties({ ...full, "@context": "http://schema.org" })).toEqual(["Course: @context is not https://schema.org"]);
  });

  it("reads blocks from HTML, reports one that is not JSON, and a '</script>' inside text cannot end the block", () => {
    const tricky = { ...full, description: "Ends </script><script>alert(1)</script> here" };
    const html = `<head>${scriptTag(tricky)}<script type="application/ld+json">{"@type": </script></head>`;
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(structuredDataProblems(html)).toEqual([expect.stringMatching(/^a JSON-LD block is not valid JSON/)]);
  });

  it("schema-dts makes TypeScript reject a misspelt property (checked by npm run typecheck)", () => {
    // @ts-expect-error: "courseWorkLoad" is not a CourseInstance property; the right one is courseWorkload.
    const misspelt: Course = { "@type": "Course", hasCourseInstance: { "@type": "CourseInstance", courseWorkLoad: "P4M" } };
    expect(misspelt).toBeDefined();
  });
});
