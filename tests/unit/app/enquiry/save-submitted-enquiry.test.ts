import { describe, expect, it } from "vitest";
import { FORM_DATA_KEY, saveSubmittedEnquiry, SESSION_ID_KEY } from "../../../../src/app/enquiry/save-submitted-enquiry.ts";
import { VALID_FORM } from "./fixtures.ts";

/** A Storage with only what saveSubmittedEnquiry uses; `failOn` makes setItem throw for that key, as a full or blocked storage does. */
function fakeStorage(failOn?: string) {
  const items = new Map<string, string>();
  return {
    items,
    setItem(key: string, value: string) {
      if (key === failOn) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, value);
    },
  };
}

describe("saveSubmittedEnquiry", () => {
  it.each([
    ["the session id", "0f8f6a4e-3b1c-4d2e-9f00-1234567890ab"],
    ["an empty string when the server sent none", ""],
  ])("stores %s as enquirySessionId", (_name, sessionId) => {
    const storage = fakeStorage();
    expect(saveSubmittedEnquiry(storage, sessionId, VALID_FORM)).toBe(true);
    expect(storage.items.get("enquirySessionId")).toBe(sessionId);
  });

  it("stores the whole form state as JSON under enquiryFormData, the custom ISD code included", () => {
    const storage = fakeStorage();
    const data = { ...VALID_FORM, countryCode: "other" as const, customIsdCode: "+61" };
    saveSubmittedEnquiry(storage, "s", data);
    expect(JSON.parse(storage.items.get("enquiryFormData")!)).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: "asha.verma@example.com",
      countryCode: "other",
      phoneNumber: "9876543210",
      subject: "Course enquiry",
      message: "About the next GATE batch.",
      customIsdCode: "+61",
    });
  });

  it("uses the key names of SPEC §3", () => {
    expect([SESSION_ID_KEY, FORM_DATA_KEY]).toEqual(["enquirySessionId", "enquiryFormData"]);
  });

  it.each([
    ["storage is unavailable", null],
    ["the storage is full", fakeStorage("enquiryFormData")],
    ["the storage refuses every write", fakeStorage("enquirySessionId")],
  ])("returns false, without throwing, when %s", (_name, storage) => {
    expect(saveSubmittedEnquiry(storage, "s", VALID_FORM)).toBe(false);
  });
});
