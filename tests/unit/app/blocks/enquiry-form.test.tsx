// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { EnquiryForm } from "../../../../src/app/blocks/EnquiryForm.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import { sectionOf } from "../real-site.ts";

/**
 * The contact form as a visitor fills it in (user-event: typing, choosing, clicking), with
 * window.alert and fetch stubbed. Fields are found by their visible labels.
 */
const BLOCK = sectionOf("/about-us/connect", "enquiryForm");

let alerts: string[];
let sent: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[];
let answer: () => Promise<Response>;

beforeEach(() => {
  alerts = [];
  sent = [];
  answer = async () => new Response(JSON.stringify({ session_id: "s-123" }), { status: 201, headers: { "Content-Type": "application/json" } });
  vi.spyOn(window, "alert").mockImplementation((text) => void alerts.push(String(text)));
  vi.spyOn(window, "fetch").mockImplementation(async (url, init) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return answer();
  });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Renders the form and waits until it can be sent: the button is enabled once its checks have loaded. */
async function renderForm() {
  const user = userEvent.setup();
  // jsdom's own history: the test that sends the form leaves it at "/", so each render starts at "/connect".
  window.history.replaceState(null, "", "/connect");
  render(
    <SiteRouter>
      <Route path="/connect">
        <EnquiryForm {...BLOCK} />
      </Route>
      <Route path="/">
        <h1>Home page</h1>
      </Route>
    </SiteRouter>,
  );
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const button = screen.getByRole("button", { name: BLOCK.submitLabel }) as HTMLButtonElement;
  await vi.waitFor(() => expect(button.disabled).toBe(false));
  return { user, field, submit: () => user.click(screen.getByRole("button", { name: BLOCK.submitLabel })) };
}

type Form = Awaited<ReturnType<typeof renderForm>>;

async function fillValid({ user, field }: Form, change: Partial<Record<"First name" | "Last name" | "Email" | "Phone number", string>> = {}) {
  const values = { "First name": "Asha", "Last name": "Verma", Email: "asha.verma@example.com", "Phone number": "9876543210", ...change };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== "") await user.type(field(label), value);
  }
  await user.selectOptions(field("Subject"), "Course enquiry");
}

describe("enquiry form, as a visitor fills it in", () => {
  it("refuses an empty form with the first name's alert, marks the field and moves focus to it", async () => {
    const form = await renderForm();
    await form.submit();
    expect(alerts).toEqual(["Please enter your first name."]);
    const first = form.field("First name");
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(first.getAttribute("aria-describedby")!)?.textContent).toBe("Please enter your first name.");
    expect(document.activeElement).toBe(first);
    expect(sent).toEqual([]);
  });

  it.each(["asha@exa_mple.com", "ä@example.com", "a..b@example.com", "asha@example.com.", "asha@example"])(
    "refuses the email %j with SPEC's email alert and sends nothing",
    async (email) => {
      const form = await renderForm();
      await fillValid(form, { Email: email });
      await form.submit();
      expect(alerts).toEqual(["Please enter a valid email address."]);
      expect(document.activeElement).toBe(form.field("Email"));
      expect(sent).toEqual([]);
    },
  );

  it.each(["\u200b", "\u3164", "\u200b\u200c\u2060"])("a first name of only invisible characters (%j) is a missing name", async (name) => {
    const form = await renderForm();
    await fillValid(form, { "First name": name });
    await form.submit();
    expect(alerts).toEqual(["Please enter your first name."]);
    expect(sent).toEqual([]);
  });

  it("the message goes as soon as its field is changed", async () => {
    const form = await renderForm();
    await fillValid(form, { "Phone number": "98765" });
    await form.submit();
    expect(alerts).toEqual(["Please enter a valid 10-digit phone number."]);
    expect(screen.getByText("Please enter a valid 10-digit phone number.")).toBeTruthy();
    await form.user.type(form.field("Phone number"), "4");
    expect(screen.queryByText("Please enter a valid 10-digit phone number.")).toBeNull();
    expect(form.field("Phone number").getAttribute("aria-invalid")).toBeNull();
  });

  it("Other reveals the ISD code field, checked before the phone; +91 hides it again", async () => {
    const form = await renderForm();
    expect(screen.queryByLabelText("ISD code")).toBeNull();
    expect(form.field("Country code").value).toBe("+91");
    await form.user.selectOptions(form.field("Country code"), "other");
    expect(form.field("ISD code").getAttribute("placeholder")).toBe("+61");
    await fillValid(form, { "Phone number": "1" });
    await form.user.type(form.field("ISD code"), "61");
    await form.submit();
    expect(alerts).toEqual(["Enter a valid ISD code (e.g. +61)"]);
    expect(document.activeElement).toBe(form.field("ISD code"));
    await form.user.selectOptions(form.field("Country code"), "+91");
    expect(screen.queryByLabelText("ISD code")).toBeNull();
  });

  it("the inputs stop at their limits: 10 digits for the phone, 5 characters for the ISD code", async () => {
    const form = await renderForm();
    await form.user.type(form.field("Phone number"), "98765432101234");
    expect(form.field("Phone number").value).toBe("9876543210");
    await form.user.selectOptions(form.field("Country code"), "other");
    await form.user.type(form.field("ISD code"), "+123456");
    expect(form.field("ISD code").value).toBe("+1234");
  });

  it("sends a valid form once, thanks the visitor, saves it, resets and goes home", async () => {
    // The monotonic clock, set by the test: the first input at 1 000 ms, Send pressed at 8 250 ms.
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const form = await renderForm();
    clock = 1_000;
    await form.user.selectOptions(form.field("Country code"), "other");
    clock = 2_000;
    await form.user.type(form.field("ISD code"), "+61");
    await fillValid(form);
    await form.user.type(form.field("Message (optional)"), "About the next GATE batch.");
    clock = 8_250;
    await form.user.dblClick(screen.getByRole("button", { name: BLOCK.submitLabel }));
    await screen.findByRole("heading", { name: "Home page" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/api/v1/enquiries/");
    expect(sent[0]!.body).toEqual({
      first_name: "Asha",
      last_name: "Verma",
      email: "asha.verma@example.com",
      phone: "+619876543210",
      subject: "Course enquiry",
      message: "About the next GATE batch.",
      // The visitor's own fill time, from the first input to the press of Send.
      fill_time_ms: 7_250,
      // user-event's keys and clicks are made by script (isTrusted false), as a bot's are: none counts as a hand.
      fill_actions: 0,
      // The honeypot, empty as a person leaves it (the time token and proof of work need the API, absent here).
      nx_check: "",
    });
    expect(sent[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(alerts).toEqual(["Thank you for reaching out! We\u2019ll get back to you soon."]);
    expect(localStorage.getItem("enquirySessionId")).toBe("s-123");
    expect(JSON.parse(localStorage.getItem("enquiryFormData")!)).toMatchObject({ firstName: "Asha", countryCode: "other", customIsdCode: "+61" });
  });

  it("on a refusal keeps every field, and a retry sends the same Idempotency-Key", async () => {
    answer = async () => new Response("{}", { status: 500 });
    const form = await renderForm();
    await fillValid(form);
    await form.submit();
    await vi.waitFor(() => expect(alerts).toEqual(["There was a problem submitting the form. Please try again later."]));
    expect(form.field("First name").value).toBe("Asha");
    expect(form.field("Subject").value).toBe("Course enquiry");
    answer = async () => Promise.reject(new TypeError("network down"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await form.submit();
    await vi.waitFor(() => expect(alerts).toHaveLength(2));
    expect(alerts[1]).toBe("Something went wrong. Please try again.");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["Idempotency-Key"]).toBe(sent[0]!.headers["Idempotency-Key"]);
  });
});
