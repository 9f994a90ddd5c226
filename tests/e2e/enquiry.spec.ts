import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Page, Request, Route } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

// The database the server started by playwright.config.ts writes to.
const DB_PATH = fileURLToPath(new URL("../../.tmp/e2e/enquiries.db", import.meta.url));
const API = "**/api/v1/enquiries/**";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const THANKS = "Thank you for reaching out! We\u2019ll get back to you soon.";
const REJECTED = "There was a problem submitting the form. Please try again later.";
const NETWORK = "Something went wrong. Please try again.";

interface EnquiryRow {
  session_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  idempotency_key: string | null;
}

function rowsFor(email: string): EnquiryRow[] {
  const db = new Database(DB_PATH, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT * FROM enquiries WHERE email = ?").all(email) as EnquiryRow[];
  } finally {
    db.close();
  }
}

const uniqueEmail = () => `e2e-${randomUUID()}@example.com`;

/** Every alert the page shows, accepted at once so the page carries on. */
function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/**
 * The enquiry requests the page makes (the route lets them through to the real server unless
 * `answer` says otherwise). The form's fetch of its spam-check challenge always goes through.
 */
function recordRequests(page: Page, answer: (route: Route) => Promise<void> = (route) => route.continue()): Promise<Request[]> {
  const requests: Request[] = [];
  return page
    .route(API, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      requests.push(route.request());
      await answer(route);
    })
    .then(() => requests);
}

async function openForm(page: Page, path = "/connect") {
  await page.goto(path);
  await hydrated(page);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole("button", { name: "Submit" });

interface Fill {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: "+91" | "other";
  customIsdCode?: string;
  phoneNumber: string;
  /** The label shown in the list. */
  subject?: string;
  message: string;
}

const validFill = (change: Partial<Fill> = {}): Fill => ({
  firstName: "Asha",
  lastName: "Verma",
  email: uniqueEmail(),
  countryCode: "+91",
  phoneNumber: "9876543210",
  subject: "Job Guarantee Course enquiry",
  message: "About the next batch.\nTwo lines.",
  ...change,
});

async function fillForm(page: Page, fill: Fill) {
  await field(page, "First name").fill(fill.firstName);
  await field(page, "Last name").fill(fill.lastName);
  await field(page, "Email").fill(fill.email);
  await field(page, "Country code").selectOption(fill.countryCode);
  if (fill.customIsdCode !== undefined) await field(page, "ISD code").fill(fill.customIsdCode);
  await field(page, "Phone number").fill(fill.phoneNumber);
  if (fill.subject !== undefined) await field(page, "Subject").selectOption({ label: fill.subject });
  await field(page, "Message (optional)").fill(fill.message);
}

async function expectFormKeeps(page: Page, fill: Fill) {
  await expect(field(page, "First name")).toHaveValue(fill.firstName);
  await expect(field(page, "Last name")).toHaveValue(fill.lastName);
  await expect(field(page, "Email")).toHaveValue(fill.email);
  await expect(field(page, "Country code")).toHaveValue(fill.countryCode);
  if (fill.customIsdCode !== undefined) await expect(field(page, "ISD code")).toHaveValue(fill.customIsdCode);
  await expect(field(page, "Phone number")).toHaveValue(fill.phoneNumber);
  await expect(field(page, "Subject").locator("option:checked")).toHaveText(fill.subject ?? "Select a subject");
  await expect(field(page, "Message (optional)")).toHaveValue(fill.message);
  await expect(page).toHaveURL(/\/connect$/);
  await expect(submit(page)).toBeEnabled();
}

async function expectEmptyForm(page: Page) {
  for (const label of ["First name", "Last name", "Email", "Phone number", "Message (optional)"]) await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Country code")).toHaveValue("+91");
  await expect(field(page, "ISD code")).toHaveCount(0);
  await expect(field(page, "Subject")).toHaveValue("");
}

const storedItems = (page: Page) =>
  page.evaluate(() => ({ sessionId: localStorage.getItem("enquirySessionId"), formData: localStorage.getItem("enquiryFormData") }));

/**
 * The form's rules and its answers to the server are the same code at every width, so each is
 * checked once, on the desktop; the phone runs what a visitor does there (open the form, choose
 * a country, send, put every broken rule right).
 */

test.describe("the contact page", () => {
  for (const path of ["/connect", "/about-us/connect"]) {
    test(`${path} shows Connect With Us, its introduction and the form`, async ({ page, consoleProblems }) => {
      await openForm(page, path);
      await expect(page.locator("h1")).toHaveText("Connect With Us");
      await expect(page.getByText("Tell us what you are working on.")).toBeVisible();
      await expect(submit(page)).toBeEnabled();
      await expectEmptyForm(page);
      expect(consoleProblems).toEqual([]);
    });
  }

  test("choosing other reveals the ISD code field, with +61 as its example; +91 hides it again", async ({ page }) => {
    await openForm(page);
    await expect(field(page, "ISD code")).toHaveCount(0);
    await field(page, "Country code").selectOption("other");
    await expect(field(page, "ISD code")).toBeVisible();
    await expect(field(page, "ISD code")).toHaveAttribute("placeholder", "+61");
    await expect(field(page, "ISD code")).toHaveAttribute("required", "");
    await field(page, "Country code").selectOption("+91");
    await expect(field(page, "ISD code")).toHaveCount(0);
  });
});

test.describe("sending an enquiry", () => {
  test("a valid enquiry is stored, remembered in localStorage, thanked, and the visitor goes home", async ({ page }) => {
    const alerts = recordAlerts(page);
    const requests = await recordRequests(page);
    const fill = validFill();
    await openForm(page);
    await fillForm(page, fill);
    await submit(page).click();

    await expect(page).toHaveURL(/\/$/);
    expect(alerts).toEqual([THANKS]);
    expect(requests).toHaveLength(1);

    const rows = rowsFor(fill.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: "Asha",
      last_name: "Verma",
      email: fill.email,
      phone: "+919876543210",
      subject: "Special Live AI Courses",
      message: "About the next batch.\nTwo lines.",
      idempotency_key: requests[0]!.headers()["idempotency-key"],
    });

    const stored = await storedItems(page);
    expect(stored.sessionId).toBe(rows[0]!.session_id);
    expect(JSON.parse(stored.formData!)).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: fill.email,
      countryCode: "+91",
      phoneNumber: "9876543210",
      subject: "Special Live AI Courses",
      message: "About the next batch.\nTwo lines.",
      customIsdCode: "",
    });

    await page.goBack();
    await expect(page).toHaveURL(/\/connect$/);
    await expectEmptyForm(page);
  });

  test("with other and a custom ISD code, the phone is that code joined to the number", DESKTOP_ONLY, async ({ page }) => {
    const alerts = recordAlerts(page);
    const fill = validFill({ countryCode: "other", customIsdCode: "+61", subject: "Outsourcing", message: "" });
    await openForm(page);
    await fillForm(page, fill);
    await submit(page).click();
    await expect(page).toHaveURL(/\/$/);
    expect(alerts).toEqual([THANKS]);
    expect(rowsFor(fill.email)).toMatchObject([{ phone: "+619876543210", subject: "Outsourcing", message: "" }]);
    expect(JSON.parse((await storedItems(page)).formData!)).toMatchObject({ countryCode: "other", customIsdCode: "+61" });
  });

  test("an answer without a session_id stores an empty enquirySessionId", DESKTOP_ONLY, async ({ page }) => {
    recordAlerts(page);
    await recordRequests(page, (route) => route.fulfill({ status: 201, contentType: "application/json", body: "{}" }));
    await openForm(page);
    await fillForm(page, validFill());
    await submit(page).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await storedItems(page)).sessionId).toBe("");
  });

  test("a server error (500) shows the failure alert and keeps every field", DESKTOP_ONLY, async ({ page }) => {
    const alerts = recordAlerts(page);
    await recordRequests(page, (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }));
    const fill = validFill({ countryCode: "other", customIsdCode: "+44" });
    await openForm(page);
    await fillForm(page, fill);
    await submit(page).click();
    await expect.poll(() => alerts).toEqual([REJECTED]);
    // Focus goes back where the visitor tries again, not to the page's start.
    await expect(submit(page)).toBeFocused();
    await expectFormKeeps(page, fill);
    expect(await storedItems(page)).toEqual({ sessionId: null, formData: null });
  });

  test("a server that cannot be reached shows the other alert, logs the error and keeps every field", DESKTOP_ONLY, async ({ page, consoleProblems }) => {
    const alerts = recordAlerts(page);
    await recordRequests(page, (route) => route.abort());
    const fill = validFill();
    await openForm(page);
    await fillForm(page, fill);
    await submit(page).click();
    await expect.poll(() => alerts).toEqual([NETWORK]);
    await expect(submit(page)).toBeFocused();
    await expectFormKeeps(page, fill);
    expect(consoleProblems.some((line) => line.startsWith("error: The enquiry could not be sent:"))).toBe(true);
    expect(await storedItems(page)).toEqual({ sessionId: null, formData: null });
  });

  test("a double click sends one request, with the button disabled while it is on its way", DESKTOP_ONLY, async ({ page }) => {
    const alerts = recordAlerts(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await recordRequests(page, async (route) => {
      await held;
      await route.continue();
    });
    const fill = validFill();
    await openForm(page);
    await fillForm(page, fill);
    await submit(page).dblclick();
    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    expect(requests).toHaveLength(1);
    expect(alerts).toEqual([THANKS]);
    expect(rowsFor(fill.email)).toHaveLength(1);
  });

  test(
    "a retry after a lost answer sends the same Idempotency-Key, so the enquiry is stored once; the next fill gets a new key",
    DESKTOP_ONLY,
    async ({ page }) => {
      const alerts = recordAlerts(page);
      let attempt = 0;
      const requests = await recordRequests(page, async (route) => {
        attempt += 1;
        if (attempt > 1) return route.continue();
        await route.fetch(); // the server stores it…
        await route.abort(); // …but the answer never arrives.
      });
      const fill = validFill();
      await openForm(page);
      await fillForm(page, fill);
      await submit(page).click();
      await expect.poll(() => alerts).toEqual([NETWORK]);
      expect(rowsFor(fill.email)).toHaveLength(1);

      await submit(page).click();
      await expect(page).toHaveURL(/\/$/);
      expect(alerts).toEqual([NETWORK, THANKS]);
      const [first, retry] = requests.map((r) => r.headers()["idempotency-key"]);
      expect(first).toMatch(UUID);
      expect(retry).toBe(first);
      const rows = rowsFor(fill.email);
      expect(rows).toHaveLength(1);
      expect((await storedItems(page)).sessionId).toBe(rows[0]!.session_id);

      await page.goBack();
      await hydrated(page);
      await fillForm(page, validFill());
      await submit(page).click();
      await expect(page).toHaveURL(/\/$/);
      expect(requests).toHaveLength(3);
      expect(requests[2]!.headers()["idempotency-key"]).toMatch(UUID);
      expect(requests[2]!.headers()["idempotency-key"]).not.toBe(first);
    },
  );
});

test.describe("checks on submit (SPEC §5)", () => {
  const CASES: { name: string; change: Partial<Fill>; label: string; message: string }[] = [
    { name: "an email without a dot after the @", change: { email: "asha@example" }, label: "Email", message: "Please enter a valid email address." },
    {
      name: "other with 61 as the ISD code",
      change: { countryCode: "other", customIsdCode: "61" },
      label: "ISD code",
      message: "Enter a valid ISD code (e.g. +61)",
    },
    { name: "a 9-digit phone number", change: { phoneNumber: "987654321" }, label: "Phone number", message: "Please enter a valid 10-digit phone number." },
    { name: "no subject", change: { subject: undefined }, label: "Subject", message: "Please select a subject." },
    { name: "an empty first name", change: { firstName: "" }, label: "First name", message: "Please enter your first name." },
    { name: "a last name of spaces", change: { lastName: "   " }, label: "Last name", message: "Please enter your last name." },
  ];

  for (const { name, change, label, message } of CASES) {
    test(`${name}: the alert "${message}", and ${label} marked invalid, described and focused`, DESKTOP_ONLY, async ({ page }) => {
      const alerts = recordAlerts(page);
      const requests = await recordRequests(page);
      const fill = validFill(change);
      await openForm(page);
      await fillForm(page, fill);
      await submit(page).click();

      await expect.poll(() => alerts).toEqual([message]);
      const control = field(page, label);
      await expect(control).toHaveAttribute("aria-invalid", "true");
      await expect(control).toBeFocused();
      await expect(control).toHaveAccessibleDescription(message);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.locator("[aria-invalid]")).toHaveCount(1);
      expect(requests).toHaveLength(0);
      await expectFormKeeps(page, fill);

      // Changing the field takes the mark away.
      if (label === "Subject") await control.selectOption("Outsourcing");
      else {
        await control.press("End");
        await control.pressSequentially("1");
      }
      await expect(control).not.toHaveAttribute("aria-invalid");
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
    });
  }

  test("with every rule broken, the four alerts come in the spec's order as each is put right", async ({ page }) => {
    const alerts = recordAlerts(page);
    await recordRequests(page, (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"session_id":"s-1"}' }));
    await openForm(page);
    await fillForm(page, validFill({ email: "asha.example.com", countryCode: "other", customIsdCode: "61", phoneNumber: "987654321", subject: undefined }));

    const steps: [message: string, label: string, fix: () => Promise<void>][] = [
      ["Please enter a valid email address.", "Email", () => field(page, "Email").fill("asha@example.com")],
      ["Enter a valid ISD code (e.g. +61)", "ISD code", () => field(page, "ISD code").fill("+61")],
      ["Please enter a valid 10-digit phone number.", "Phone number", () => field(page, "Phone number").fill("9876543210")],
      ["Please select a subject.", "Subject", async () => void (await field(page, "Subject").selectOption("Media inquiries"))],
    ];
    for (const [i, [message, label, fix]] of steps.entries()) {
      await submit(page).click();
      await expect.poll(() => alerts).toHaveLength(i + 1);
      expect(alerts[i]).toBe(message);
      await expect(field(page, label)).toBeFocused();
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
      await fix();
    }
    await submit(page).click();
    await expect(page).toHaveURL(/\/$/);
    expect(alerts).toEqual([...steps.map(([message]) => message), THANKS]);
  });
});
