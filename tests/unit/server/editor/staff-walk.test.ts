import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behaviourChromiumPath, CHROMIUM_ARGS } from "../../../../src/build/chromium.ts";
import { loadEditorBundles } from "../../../../src/server/editor/bundle-files.ts";
import { startServer, type RunningServer } from "../../../../src/server/start-server.ts";
import { openSqliteStaffStore } from "../../../../src/server/staff/sqlite-staff-store.ts";
import { INVITE_MS, newToken, tokenHash } from "../../../../src/server/staff/staff-store.ts";
import { siteCopyRoot } from "../../fixture-site.ts";

/**
 * What a member of staff does, in real Chromium with its virtual authenticator (WebAuthn through
 * the DevTools protocol) against the server `npm start` runs with the editor on: a publisher opens
 * the invite link and makes a passkey, signs out and in with it; an editor changes a page, saves
 * it as a draft and asks for review; the publisher reads the draft's diff and publishes it, and
 * the commit is in git, authored by the editor. A publisher's own direct publish is the same
 * Publish dialog the editor walk drives, and staff-security.test.ts covers it in process. Publish's page check is stood in for (`npm run check` takes half a minute a page
 * and has its own tests); everything else is the real server and the real editor bundle.
 */
const CODE_ROOT = join(import.meta.dirname, "../../../..");
const HEALTH = "site/industries/health.yaml";
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** A tab with Chromium's virtual authenticator (WebAuthn through the DevTools protocol), in a browser context of its own. */
async function withPasskeys(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function invite(email: string, name: string, role: "editor" | "publisher"): Promise<string> {
  const token = newToken();
  const staff = openSqliteStaffStore(join(dataDir, "enquiries.db"));
  try {
    await staff.invite({ email, name, role }, tokenHash(token), Date.now() + INVITE_MS, Date.now());
  } finally {
    await staff.close();
  }
  return token;
}

let root: string;
let cleanup: () => void;
let dataDir: string;
let server: RunningServer;
let browser: Browser;

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

beforeAll(async () => {
  ({ root, cleanup } = siteCopyRoot());
  git("init", "--quiet");
  git("config", "user.email", "editor@example.com");
  git("config", "user.name", "Ed Itor");
  git("add", "site");
  git("commit", "--quiet", "-m", "The site as it was");
  dataDir = mkdtempSync(join(tmpdir(), "nexa-staff-walk-"));
  // Built as `npm start` has them built: by `npm run build:editor` in its own process (here the test runner's NODE_ENV would give React's development build).
  const env = { ...process.env };
  delete env.NODE_ENV;
  execFileSync("npm", ["run", "--silent", "build:editor"], { cwd: CODE_ROOT, env, stdio: "ignore" });
  const bundles = await loadEditorBundles(CODE_ROOT);
  server = await startServer({
    port: 0,
    distDir: null,
    dbPath: join(dataDir, "enquiries.db"),
    logger: false,
    editorMount: { root, bundles, checkPages: async () => ({ ok: true, output: "" }) },
  });
  browser = await chromium.launch({ executablePath: behaviourChromiumPath(), args: [...CHROMIUM_ARGS] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  cleanup?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("staff in Chromium with a virtual authenticator", () => {
  it("invite → make a passkey → sign out → sign in; an editor edits, saves a draft and asks for review → the publisher sees the diff and publishes it as the editor's commit", async () => {
    const token = await invite("ana@company.example", "Ana Rao", "publisher");
    // Passkeys need a secure context and a host name (never an IP address): http://localhost is both.
    const origin = server.url.replace("127.0.0.1", "localhost");
    const page = await withPasskeys();

    await page.goto(`${origin}/admin/#invite=${token}`);
    await page.getByRole("heading", { name: "Welcome, Ana Rao" }).waitFor();
    await page.getByRole("button", { name: "Make a passkey" }).click();
    await page.getByText("Signed in as Ana Rao (publisher)").waitFor();
    expect(new URL(page.url()).hash).toBe("");
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: "__Host-nexa-staff", httpOnly: true, secure: true, sameSite: "Strict", path: "/" });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByText("Signed in as Ana Rao (publisher)").waitFor();

    // Ben, an editor, saves a draft and asks for review; Ana sees its diff and publishes it as his commit.
    const ben = await withPasskeys();
    await ben.goto(`${origin}/admin/#invite=${await invite("ben@company.example", "Ben Okafor", "editor")}`);
    await ben.getByRole("button", { name: "Make a passkey" }).click();
    await ben.getByText("Signed in as Ben Okafor (editor)").waitFor();
    await ben.getByRole("button", { name: /\/industries\/health/ }).click();
    await ben.locator(".cm-content").click();
    // CodeMirror's own styles are a style element that applies only with the page's nonce: the editor is laid out by them.
    expect(await ben.locator(".cm-editor").evaluate((e) => getComputedStyle(e).display)).toBe("flex");
    await ben.keyboard.press("ControlOrMeta+End");
    await ben.keyboard.type("# Checked by Ben\n");
    // His picture for the page's banner (the second picture field; the first is its card's) goes to his draft with it, never into the live working copy.
    await ben.getByRole("tab", { name: "Form" }).click();
    const [chooser] = await Promise.all([ben.waitForEvent("filechooser"), ben.getByRole("button", { name: "Choose a picture for image" }).nth(1).click()]);
    await chooser.setFiles({
      name: "ward.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 160, height: 100, channels: 3, background: "#2a6f97" } })
        .png()
        .toBuffer(),
    });
    const placing = ben.getByRole("dialog", { name: "Place a picture" });
    await placing.getByLabel("Alt text (required)").fill("A hospital ward in morning light.");
    await placing.getByRole("button", { name: "Place picture" }).click();
    await placing.waitFor({ state: "detached" });
    await ben.getByRole("tab", { name: "Source" }).click();
    await ben.getByRole("button", { name: "Save", exact: true }).click();
    await ben.getByText("Your draft is saved: ask for review when it is ready.").waitFor();
    await ben.getByRole("button", { name: "Ask for review" }).click();
    await ben.getByRole("dialog", { name: "Ask for review" }).getByLabel("What did you change?").fill("Say Ben checked the health page");
    await ben.getByRole("dialog", { name: "Ask for review" }).getByRole("button", { name: "Ask for review" }).click();
    await ben.getByText("Your draft is waiting for review.").waitFor();
    expect(readFileSync(join(root, HEALTH), "utf8")).not.toContain("# Checked by Ben");
    expect(existsSync(join(root, "site/assets/industries/health/ward.webp"))).toBe(false);

    // Ben's new page goes to a draft of his, listed for him as one, and he thinks better of it.
    await ben.getByRole("button", { name: "New page" }).click();
    const made = ben.getByRole("dialog", { name: "New page" });
    await made.getByLabel("Address").fill("/industries/mining");
    await made.getByLabel("Title").fill("Mining");
    await made.getByRole("button", { name: "Create page" }).click();
    const mining = ben.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: /\/industries\/mining Mining \| Nexa AI new, in your draft/ });
    await mining.waitFor();
    await ben.getByRole("heading", { level: 2, name: "/industries/mining site/industries/mining.yaml" }).waitFor();
    expect(existsSync(join(root, "site/industries/mining.yaml"))).toBe(false);
    await ben.getByRole("button", { name: "Drafts…" }).click();
    const bens = ben.getByRole("dialog", { name: "Drafts" });
    await bens.getByRole("button", { name: "/industries/mining by Ben Okafor: being edited" }).click();
    ben.once("dialog", (asked) => void asked.accept());
    await bens.getByRole("button", { name: "Discard this draft" }).click();
    await bens.getByText("Discarded your draft of /industries/mining.").waitFor();
    await mining.waitFor({ state: "detached" });
    await ben.getByText("Choose a page on the left, or make a new one.").waitFor();
    await bens.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Drafts…" }).click();
    const drafts = page.getByRole("dialog", { name: "Drafts" });
    await drafts.getByRole("button", { name: "/industries/health by Ben Okafor: waiting for review" }).click();
    await drafts.getByLabel("Changes in YAML").getByText("+# Checked by Ben").waitFor();
    await drafts.getByTitle("/industries/health, the draft").waitFor();
    // The picture the draft adds is listed and shown; the page after is drawn with it, from the draft.
    await drafts.getByText("/industries/health/ward.webp", { exact: true }).waitFor();
    const shown = drafts.locator(".draft-pictures li", { hasText: "/industries/health/ward.webp" }).locator("img");
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const after = drafts.getByTitle("/industries/health, the draft").contentFrame().locator('img[src$="/industries/health/ward.webp"]').first();
    await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude("iframe").analyze();
    expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await drafts.getByRole("button", { name: "Publish this draft" }).click();
    await drafts.getByText(/^Published \/industries\/health as commit [0-9a-f]{12}/).waitFor();
    expect(git("log", "-1", "--format=%an <%ae>|%s").trim()).toBe("Ben Okafor <ben@company.example>|Say Ben checked the health page");
    expect(readFileSync(join(root, HEALTH), "utf8")).toContain("# Checked by Ben\n");
    expect(git("show", "--name-only", "--format=", "HEAD").trim().split("\n")).toEqual([
      "site/assets/industries/health/ward-phone.webp",
      "site/assets/industries/health/ward.webp",
      HEALTH,
    ]);
    await drafts.getByRole("button", { name: "Close" }).click();

    // Ben drafts the title again while Ana publishes her own title: he is asked to merge with the live page, and his draft then publishes.
    const typeAtEndOf = async (who: typeof page, line: number, text: string) => {
      await who.locator(`.cm-content > .cm-line:nth-child(${line})`).click();
      await who.keyboard.press("End");
      await who.keyboard.type(text);
    };
    await ben.reload();
    await ben.getByText("Signed in as Ben Okafor (editor)").waitFor();
    await ben.getByRole("button", { name: /\/industries\/health/ }).click();
    await typeAtEndOf(ben, 3, " for everyone");
    await ben.getByRole("button", { name: "Save", exact: true }).click();
    await ben.getByText("Your draft is saved: ask for review when it is ready.").waitFor();
    await page.getByRole("button", { name: /\/industries\/health/ }).click();
    await typeAtEndOf(page, 3, " today");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    await page.getByRole("button", { name: "Publish…" }).click();
    const publishing = page.getByRole("dialog", { name: "Publish" });
    await publishing.getByLabel("What did you change?").fill("Health: today");
    await publishing.getByRole("button", { name: "Publish", exact: true }).click();
    await publishing.getByText(/^Published as commit/).waitFor();
    await ben.reload();
    await ben.getByText("The live page changed since your draft began: merge your text with it, then save, before it can be published.").waitFor();
    await ben.getByRole("button", { name: "Compare with the live page" }).click();
    await ben.getByRole("region", { name: "Merge with the live page" }).getByRole("button", { name: "Keep this merge" }).click();
    await ben.getByText("Merged with the live page. Save to put the merge on your draft.").waitFor();
    await ben.getByRole("button", { name: "Save", exact: true }).click();
    await ben.getByRole("button", { name: "Saved", exact: true }).waitFor();
    expect(await ben.getByText("The live page changed since your draft began", { exact: false }).count()).toBe(0);
    const [bensDraft] = git("for-each-ref", "--format=%(refname:short)", "refs/heads/drafts").trim().split("\n");
    expect(bensDraft).toMatch(/^drafts\/\d+\/industries--health$/);
    // A merge of the live branch into the draft, with the merged text.
    expect([git("log", "-1", "--format=%P", bensDraft!).trim().split(" ").length, git("show", `${bensDraft}:${HEALTH}`)]).toEqual([
      2,
      expect.stringContaining(" for everyone"),
    ]);
  }, 120_000);
});
