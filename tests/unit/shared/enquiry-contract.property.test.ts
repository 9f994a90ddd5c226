import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEnquiryPayload } from "../../../src/app/enquiry/build-enquiry-payload.ts";
import type { EnquiryFormData } from "../../../src/app/enquiry/form-state.ts";
import { ENQUIRY_ALERTS } from "../../../src/app/enquiry/messages.ts";
import { validateEnquiryForm } from "../../../src/app/enquiry/validate-enquiry-form.ts";
import { validateEnquiry } from "../../../src/server/enquiry-validator.ts";
import { postEnquiry, testApp, VALID_ENQUIRY } from "../server/helpers.ts";
import { VALID_FORM } from "../app/enquiry/fixtures.ts";

/**
 * The form and the API keep one contract: every form the form lets through is stored by the
 * API, and every email the API refuses is refused by the form with SPEC §8's email alert.
 * Fixed seed and bounded runs, so a failure is reproducible.
 */
const SEED = 20261124;

// Characters that look like nothing, and characters the schema refuses outright.
const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u3164", "\uffa0", "\u115f", "\u1160", "\u2800", "\u00a0", "\u3000", "\u180e"];
const CONTROL = ["\u0000", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u2028", "\ud800", "\udfff"];
const oddChar = fc.constantFrom(...INVISIBLE, ...CONTROL, " ", "_", ".", "@", "ä", "é", "+", "-", "'");

/** Text that is mostly ordinary, sometimes odd: whole Unicode, invisible runs, control characters. */
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.array(oddChar, { maxLength: 8 }).map((chars) => chars.join("")),
    fc.tuple(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 }), fc.array(oddChar, { maxLength: 3 })).map(([t, odd]) => t + odd.join("")),
    fc.string({ unit: "grapheme-ascii", maxLength: 120 }),
  );

/** Emails: valid ones, valid ones broken in the ways people (and the issue) break them, and noise. */
const email = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => e.replace(/@([^.]*)/, "@$1_x")), // asha@exa_mple.com
  fc.emailAddress().map((e) => `ä${e}`), // ä@example.com
  fc.emailAddress().map((e) => e.replace("@", "..@").replace(/^/, "a")), // a..b@example.com
  fc.emailAddress().map((e) => `${e}.`), // asha@example.com.
  fc.tuple(fc.emailAddress(), oddChar, fc.nat()).map(([e, c, i]) => e.slice(0, i % (e.length + 1)) + c + e.slice(i % (e.length + 1))),
  fc.constantFrom("asha@exa_mple.com", "ä@example.com", "a..b@example.com", "asha@example.com.", "a@b.c", `${"a".repeat(65)}@example.com`),
  fc.stringMatching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/), // SPEC §5's "simple pattern", which lets many refused emails through
  text(40),
);

/** Mostly a good value, sometimes anything: so many generated forms pass and many fail on one field. */
const mostly = <T>(good: fc.Arbitrary<T>, any: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: any, weight: 1 });

const formData: fc.Arbitrary<EnquiryFormData> = fc.record({
  firstName: mostly(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), text(110)),
  lastName: mostly(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), text(110)),
  email: mostly(fc.emailAddress(), email),
  countryCode: fc.constantFrom("+91" as const, "other" as const),
  customIsdCode: mostly(fc.stringMatching(/^\+\d{1,4}$/), fc.oneof(fc.stringMatching(/^\+?\d{0,6}$/), text(6))),
  phoneNumber: mostly(fc.stringMatching(/^\d{10}$/), fc.oneof(fc.stringMatching(/^\d{8,12}$/), text(12))),
  subject: mostly(fc.constantFrom("Course enquiry", "Outsourcing", "Special Live AI Courses"), text(130)),
  message: mostly(fc.string({ unit: "grapheme", maxLength: 300 }), fc.oneof(text(200), fc.string({ minLength: 4990, maxLength: 5010 }))),
});

describe("the enquiry contract, form against API", () => {
  it("every form the form accepts, the API's validator accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(formData, (data) => {
        if (validateEnquiryForm(data) !== null) return;
        accepted++;
        expect(validateEnquiry(buildEnquiryPayload(data))).toMatchObject({ ok: true });
      }),
      { seed: SEED, numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(200); // the generator reaches valid forms often enough to mean something
  });

  it("every form the form accepts, the running API stores (201)", async () => {
    const { app } = testApp({ rateLimit: 0 });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(formData, async (data) => {
        if (validateEnquiryForm(data) !== null) return;
        accepted++;
        const response = await postEnquiry(app, buildEnquiryPayload(data));
        expect(response.statusCode, response.body).toBe(201);
      }),
      { seed: SEED, numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(40);
  });

  it("every email the API refuses, the form refuses with SPEC's email alert (and no other)", () => {
    let refused = 0;
    fc.assert(
      fc.property(email, (candidate) => {
        const api = validateEnquiry({ ...VALID_ENQUIRY, email: candidate });
        const form = validateEnquiryForm({ ...VALID_FORM, email: candidate });
        if (api.ok) {
          expect(form).toBeNull();
        } else {
          refused++;
          expect(form).toEqual({ field: "email", message: ENQUIRY_ALERTS.invalidEmail });
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(refused).toBeGreaterThan(300);
  });

  it.each([
    ["first_name", "\u200b", "Enter your first name."],
    ["first_name", "\u3164\u3164", "Enter your first name."],
    ["last_name", "\u200b\u200d\ufeff", "Enter your last name."],
    ["subject", "\u2800", "Choose a subject."],
  ])("the running API answers 400 for %s made only of invisible characters (%j)", async (field, value, message) => {
    const { app } = testApp({ rateLimit: 0 });
    const response = await postEnquiry(app, { ...VALID_ENQUIRY, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Some fields are missing or not valid.", fields: { [field]: message } });
  });

  it("every email the running API refuses (400), the form refuses", async () => {
    const { app } = testApp({ rateLimit: 0 });
    await fc.assert(
      fc.asyncProperty(email, async (candidate) => {
        const response = await postEnquiry(app, { ...VALID_ENQUIRY, email: candidate });
        if (response.statusCode === 400) expect(validateEnquiryForm({ ...VALID_FORM, email: candidate })?.message).toBe(ENQUIRY_ALERTS.invalidEmail);
        else expect(response.statusCode, response.body).toBe(201);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
