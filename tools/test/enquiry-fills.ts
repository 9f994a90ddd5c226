import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

/**
 * The contact form at /connect filled in through a real browser by Playwright, as a person
 * does it and as a bot does it: for the spam tests (tests/e2e/spam.spec.ts) and
 * `npm run bench:api -- --spam` (tools/bench/bench-spam.ts), so both send the same fills.
 */

export const ENQUIRY_PATH = "/api/v1/enquiries/";

/** A person's pace: a pause to read the page first, then typing with this delay between keys. */
export interface Pace {
  pauseMs: number;
  keyDelayMs: number;
}

/**
 * Who fills the form: a person at a `Pace`; a bot stepping through the fields with Playwright's
 * fill (each field at once, but one protocol round trip and actionability wait per step, so a
 * busy machine stretches its fill to seconds); or a bot whose one script in the page sets every
 * field, fires its input event and presses Send (how a form-filling script runs: its fill takes
 * milliseconds however busy the machine is).
 */
export type Filler = Pace | "playwright-steps" | "page-script";

export interface FilledForm {
  /** The JSON the form posted: the visitor's fields and its spam defences. */
  payload: Record<string, unknown>;
  /** Every alert the page showed, in order (SPEC's thanks alone after a success). */
  alerts: string[];
}

/** The page is hydrated and its checks have loaded: the Submit button is enabled. */
async function formReady(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === "true" && document.querySelector("form button[type=submit]:not([disabled])") !== null,
    undefined,
    {
      timeout: timeoutMs,
    },
  );
}

/**
 * The bot's script, run in the page: the visible fields by their names (EnquiryForm.tsx), then
 * Send. No function is declared inside it: tsx (esbuild) would wrap one in a helper that exists
 * in Node, not in the page.
 */
function fillInOneScript({ email }: { email: string }): void {
  const form = document.querySelector("form")!;
  const values = [
    ["firstName", "Bot"],
    ["lastName", "Botson"],
    ["email", email],
    ["phoneNumber", "9876543210"],
    ["subject", "Course enquiry"],
  ] as const;
  for (const [name, value] of values) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
    // The prototype's setter, not `control.value =`: React tracks the value it set itself and would take the event for no change.
    const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(control, value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
  form.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
}

/**
 * Fills in and sends the form in `page` the way `filler` does, then waits for the thanks and the
 * way home; `timeoutMs` bounds each wait (the page, the form's readiness, the way home). `onReady` runs once the form can be sent, before the first field is touched (the spam
 * test slows the CPU there, so the fill, not the page's loading, runs on a busy machine).
 */
export async function fillEnquiryForm(
  page: Page,
  email: string,
  filler: Filler,
  timeoutMs = 30_000,
  onReady?: (page: Page) => Promise<void>,
): Promise<FilledForm> {
  const filled: FilledForm = { payload: {}, alerts: [] };
  page.on("dialog", (dialog) => {
    filled.alerts.push(dialog.message());
    void dialog.accept();
  });
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === ENQUIRY_PATH) filled.payload = request.postDataJSON() as Record<string, unknown>;
  });
  await page.goto("/connect", { timeout: timeoutMs });
  await formReady(page, timeoutMs);
  await onReady?.(page);
  if (filler === "page-script") {
    await page.evaluate(fillInOneScript, { email });
    await page.waitForURL((url) => url.pathname === "/", { timeout: timeoutMs });
    return filled;
  }
  const pace = filler === "playwright-steps" ? null : filler;
  const type = async (label: string, text: string) => {
    const input = page.getByLabel(label, { exact: true });
    if (pace === null) return input.fill(text);
    await input.click();
    await input.pressSequentially(text, { delay: pace.keyDelayMs });
  };
  if (pace) await page.waitForTimeout(pace.pauseMs);
  await type("First name", pace ? "Asha" : "Bot");
  await type("Last name", pace ? "Verma" : "Botson");
  await type("Email", email);
  await type("Phone number", "9876543210");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Course enquiry" });
  if (pace) await type("Message (optional)", "About the next batch.");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL((url) => url.pathname === "/", { timeout: timeoutMs });
  return filled;
}

/**
 * Runs `count` fills, `atOnce` at a time, each batch in a context of its own (a fresh
 * profile, as different visitors have), and returns what each fill gave, in order.
 */
export async function fillInBatches<T>(
  browser: Browser,
  count: number,
  atOnce: number,
  fill: (page: Page, i: number) => Promise<T>,
  contextOptions: BrowserContextOptions = {},
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += atOnce) {
    const context = await browser.newContext(contextOptions);
    try {
      results.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(atOnce, count - start) }, async (_, k) => {
            const page = await context.newPage();
            try {
              return await fill(page, start + k);
            } finally {
              await page.close();
            }
          }),
        )),
      );
    } finally {
      await context.close();
    }
  }
  return results;
}
