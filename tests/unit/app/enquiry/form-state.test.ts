import { describe, expect, it } from "vitest";
import {
  EMPTY_ENQUIRY_FORM,
  enquiryFormReducer,
  INITIAL_ENQUIRY_FORM_STATE,
  isCountryCode,
  type EnquiryFormAction,
  type EnquiryFormState,
} from "../../../../src/app/enquiry/form-state.ts";
import { VALID_FORM } from "./fixtures.ts";

const editing = (change: Partial<EnquiryFormState> = {}): EnquiryFormState => ({ ...INITIAL_ENQUIRY_FORM_STATE, data: VALID_FORM, ...change });
const sending = (change: Partial<EnquiryFormState> = {}): EnquiryFormState => editing({ status: "sending", idempotencyKey: "key-1", ...change });
const emailProblem = { field: "email", message: "Please enter a valid email address." } as const;
const isdProblem = { field: "customIsdCode", message: "Enter a valid ISD code (e.g. +61)" } as const;

const TRANSITIONS: { name: string; from: EnquiryFormState; action: EnquiryFormAction; to: EnquiryFormState }[] = [
  {
    name: "typing changes that field only",
    from: editing(),
    action: { type: "edit", field: "firstName", value: "Ravi" },
    to: editing({ data: { ...VALID_FORM, firstName: "Ravi" } }),
  },
  {
    name: "choosing other keeps the number and shows the ISD field",
    from: editing(),
    action: { type: "edit", field: "countryCode", value: "other" },
    to: editing({ data: { ...VALID_FORM, countryCode: "other" } }),
  },
  {
    name: "typing in the field with the problem clears the problem",
    from: editing({ problem: emailProblem }),
    action: { type: "edit", field: "email", value: "asha@example.com" },
    to: editing({ data: { ...VALID_FORM, email: "asha@example.com" } }),
  },
  {
    name: "typing elsewhere keeps the problem",
    from: editing({ problem: emailProblem }),
    action: { type: "edit", field: "message", value: "Hi" },
    to: editing({ data: { ...VALID_FORM, message: "Hi" }, problem: emailProblem }),
  },
  {
    name: "going back to +91 hides the ISD field and its problem",
    from: editing({ data: { ...VALID_FORM, countryCode: "other", customIsdCode: "61" }, problem: isdProblem }),
    action: { type: "edit", field: "countryCode", value: "+91" },
    to: editing({ data: { ...VALID_FORM, countryCode: "+91", customIsdCode: "61" } }),
  },
  {
    name: "typing while the enquiry is on its way is kept (the sent copy was taken already)",
    from: sending(),
    action: { type: "edit", field: "message", value: "P.S." },
    to: sending({ data: { ...VALID_FORM, message: "P.S." } }),
  },
  {
    name: "a failed check records the problem",
    from: editing(),
    action: { type: "invalid", problem: emailProblem },
    to: editing({ problem: emailProblem }),
  },
  {
    name: "sending a valid form clears the problem and keeps the key",
    from: editing({ problem: emailProblem }),
    action: { type: "send", idempotencyKey: "key-1" },
    to: sending(),
  },
  {
    name: "a second send while sending changes nothing",
    from: sending(),
    action: { type: "send", idempotencyKey: "key-2" },
    to: sending(),
  },
  {
    name: "a check cannot fail while sending",
    from: sending(),
    action: { type: "invalid", problem: emailProblem },
    to: sending(),
  },
  {
    name: "success resets the form: +91, custom ISD cleared, no key",
    from: sending({ data: { ...VALID_FORM, countryCode: "other", customIsdCode: "+61" } }),
    action: { type: "succeeded" },
    to: INITIAL_ENQUIRY_FORM_STATE,
  },
  {
    name: "failure goes back to editing with every field and the key kept",
    from: sending({ data: { ...VALID_FORM, countryCode: "other", customIsdCode: "+61" } }),
    action: { type: "failed" },
    to: editing({ data: { ...VALID_FORM, countryCode: "other", customIsdCode: "+61" }, idempotencyKey: "key-1" }),
  },
  {
    name: "a retry after a failure sends with the same key",
    from: editing({ idempotencyKey: "key-1" }),
    action: { type: "send", idempotencyKey: "key-1" },
    to: sending(),
  },
];

describe("enquiryFormReducer", () => {
  it.each(TRANSITIONS)("$name", ({ from, action, to }) => {
    expect(enquiryFormReducer(from, action)).toEqual(to);
  });

  it("starts empty, with +91, no problem and no key", () => {
    expect(INITIAL_ENQUIRY_FORM_STATE).toEqual({
      data: { firstName: "", lastName: "", email: "", countryCode: "+91", phoneNumber: "", subject: "", message: "", customIsdCode: "" },
      status: "editing",
      problem: null,
      idempotencyKey: null,
    });
    expect(Object.isFrozen(EMPTY_ENQUIRY_FORM)).toBe(true);
  });

  it("does not change the state it is given", () => {
    const from = editing();
    const copy = structuredClone(from);
    enquiryFormReducer(from, { type: "edit", field: "email", value: "x" });
    expect(from).toEqual(copy);
  });
});

describe("isCountryCode", () => {
  it.each([
    ["+91", true],
    ["other", true],
    ["+61", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isCountryCode(value)).toBe(expected);
  });
});
