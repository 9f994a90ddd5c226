import { describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../src/content/site.ts";
import { grievanceOfficerText, resolveSiteFacts } from "../../../src/content/site-facts.ts";
import type { Page, Site } from "../../../src/shared/generated/schema-types.ts";
import { PROJECT } from "../fixture-site.ts";

const content = loadSiteContent(PROJECT);
const privacy = content.pages.find((p) => p.route === "/legal-privacy")!;
const text = JSON.stringify(privacy.data);

describe("the privacy policy names whom to contact, from site/_site.yaml", () => {
  it("names the grievance officer of site/_site.yaml with a mailto link, and leaves no {grievanceOfficer} behind", () => {
    expect(content.site?.privacy?.grievanceOfficer).toEqual({ name: "Meera Iyer", role: "Grievance Officer", email: "grievance@nexa.ai" });
    expect(text).toContain("write to our Grievance Officer, Meera Iyer, Grievance Officer, [grievance@nexa.ai](mailto:grievance@nexa.ai).");
    expect(text).not.toContain("{grievanceOfficer}");
  });

  it.each([
    ["section-5", "two years"],
    ["section-6", "Data Protection Board of India"],
    ["section-11", "Data Protection Board of India"],
    ["section-11", "Meera Iyer"],
  ])("%s says %j", (id, words) => {
    const anchors = privacy.data.sections.find((s) => s.type === "anchors") as { sections: { id: string; body: unknown }[] };
    expect(JSON.stringify(anchors.sections.find((s) => s.id === id)!.body)).toContain(words);
  });

  it("keeps SPEC's 11 numbered sections in their order", () => {
    const anchors = privacy.data.sections.find((s) => s.type === "anchors") as { sections: { id: string; heading: string }[] };
    expect(anchors.sections.map((s) => s.heading)).toEqual([
      "1. Information we collect",
      "2. How we use your information",
      "3. How we share your information",
      "4. How we protect your information",
      "5. Keeping and deleting your information",
      "6. Your rights and choices",
      "7. Links to other websites",
      "8. Children's privacy",
      "9. International visitors",
      "10. Changes to this policy",
      "11. Contact us",
    ]);
  });

  it.each([
    [{ name: "A. Rao", email: "dpo@x.example" }, "A. Rao, Grievance Officer, [dpo@x.example](mailto:dpo@x.example)"],
    [{ name: "A. Rao", role: "Data Protection Officer", email: "dpo@x.example" }, "A. Rao, Data Protection Officer, [dpo@x.example](mailto:dpo@x.example)"],
  ])("writes the officer %j as %s, in every text of every page", (officer, expected) => {
    const site = { privacy: { grievanceOfficer: officer } } as unknown as Site;
    expect(grievanceOfficerText(site)).toBe(expected);
    const data = {
      sections: [{ type: "prose", heading: "Hi {grievanceOfficer}", body: ["Ask {grievanceOfficer}.", { bullets: ["{grievanceOfficer}"] }] }],
    } as unknown as Page;
    expect(resolveSiteFacts(site, [{ file: "site/x.yaml", data }])).toEqual([]);
    expect(JSON.stringify(data)).not.toContain("{grievanceOfficer}");
    expect((data.sections[0] as { body: unknown[] }).body).toEqual([`Ask ${expected}.`, { bullets: [expected] }]);
  });
});
