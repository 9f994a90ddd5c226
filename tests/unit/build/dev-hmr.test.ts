import { readFileSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HotPayload, ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { sitePlugin, type SitePluginOptions } from "../../../src/build/vite-plugin.ts";
import { checkFile } from "../../../src/content/check-file.ts";
import { sha256, type ListedFiles } from "../../../src/content/site-checks.ts";
import { siteYamlFiles, validatorsOf } from "../../../src/content/site.ts";
import { fileStamp } from "../../../src/shared/files-under.ts";
import { PAGES_EVENT, type PagesEvent } from "../../../src/shared/data-paths.ts";
import { fixtureRoot } from "../fixture-site.ts";

/**
 * What `npm run dev` sends the open pages after a save: a page file's change that keeps the
 * addresses goes over Vite's HMR channel with the data of every address drawn from that file (the
 * app draws it in place); the site settings, a page added or removed, or a save that leaves a
 * problem reload the page. The plugin is driven through the hooks Vite calls, with the watcher and
 * the channel stood in for.
 */
let cleanup = () => {};
afterEach(() => cleanup());

type Hook<T> = T extends (...args: infer A) => infer R ? (...args: A) => R : never;

async function devPlugin(options: SitePluginOptions = {}, made = fixtureRoot()) {
  cleanup = made.cleanup;
  const plugin = sitePlugin(made.root, options);
  const sent: HotPayload[] = [];
  const handlers: Record<string, (file: string) => Promise<void>> = {};
  const server = {
    middlewares: { use: () => undefined },
    watcher: { add: () => undefined, on: (event: string, handler: (file: string) => Promise<void>) => void (handlers[event] = handler) },
    ws: { send: (payload: HotPayload) => void sent.push(payload) },
    config: { logger: { error: () => undefined } },
  } as unknown as ViteDevServer;
  (plugin.configResolved as Hook<typeof plugin.configResolved>)({ root: made.root, command: "serve" } as never);
  // The dev server checks the site as it starts; a page load waits for that check.
  (plugin.configureServer as (s: ViteDevServer) => void)(server);
  const file = (name: string) => join(made.root, "site", name);
  /** A save the watcher reports, and what the open pages were sent for it. */
  const save = async (name: string, edit: (text: string) => string, event = "change") => {
    writeFileSync(file(name), edit(readFileSync(file(name), "utf8")));
    await handlers[event]!(file(name));
    return sent.pop();
  };
  /** A page load, as the dev server's HTML transform sees it. */
  const load = (path: string) =>
    (plugin.transformIndexHtml as { handler?: unknown } & ((html: string, ctx: unknown) => Promise<unknown>))("", { path, originalUrl: path, server });
  // The first page the browser asks for, once the server's first check is done.
  const first = await load("/about");
  return { save, file, handlers, sent, load, first };
}

describe("npm run dev after a save", () => {
  it("a page file's new text goes to the open pages as data for its address and its aliases, with no reload", async () => {
    const dev = await devPlugin();
    const payload = await dev.save("about.yaml", (t) => t.replace("heading: About\n", "heading: About us, saved\n"));
    expect(payload).toMatchObject({ type: "custom", event: PAGES_EVENT });
    const { entries } = (payload as { data: PagesEvent }).data;
    expect(Object.keys(entries).sort()).toEqual(["/_data/about-us.json", "/_data/about.json"]);
    expect(JSON.stringify(entries["/_data/about.json"])).toContain("About us, saved");
  });

  it.each([
    ["the site settings", "_site.yaml", (t: string) => t.replace(/^company: .*$/m, "company: Fixture Two"), "change"],
    ["a page that gets another alias", "about.yaml", (t: string) => t.replace("  - /about-us\n", "  - /about-us\n  - /about-the-team\n"), "change"],
    ["a page with a problem", "about.yaml", (t: string) => t.replace("heading: About\n", "heading: [About\n"), "change"],
    ["a page added", "about.yaml", (t: string) => t, "add"],
  ])("%s reloads the open pages", async (_what, name, edit, event) => {
    const dev = await devPlugin();
    expect(await dev.save(name, edit, event)).toEqual({ type: "full-reload" });
  });
});

const aboutBroken = /<h1>This page is not shown: site\/about\.yaml has \d+ problems?<\/h1>/;
const breakAbout = (t: string) => t.replace("heading: About\n", "heading: About\n    headng: About\n");

describe("npm run dev's first check", () => {
  it.each([
    ["takes a file's check made on the helper thread from the very text the file has", true],
    ["checks a file itself when the helper thread checked a text the file no longer has", false],
  ])("begins as the server starts, with the files listed on the helper thread; it %s", async (_what, sameText) => {
    const made = fixtureRoot();
    const about = join(made.root, "site", "about.yaml");
    // The helper's check of about.yaml, made from a text with a mistake: the page shows it only if that check is taken.
    const checkedText = Buffer.from(breakAbout(readFileSync(about, "utf8")));
    const listing = siteYamlFiles(made.root);
    const listed: ListedFiles = {
      ...listing,
      stamps: listing.files.map(fileStamp),
      checked: [
        {
          full: about,
          digest: sha256(sameText ? readFileSync(about) : checkedText),
          result: checkFile(made.root, about, validatorsOf(made.root), checkedText),
        },
      ],
    };
    let asked = 0;
    const dev = await devPlugin({ listAhead: () => (asked++, Promise.resolve(listed)) }, made);
    expect(asked).toBe(1);
    if (sameText) expect(dev.first).toEqual(expect.stringMatching(aboutBroken));
    else expect(dev.first).not.toEqual(expect.stringMatching(aboutBroken));
  });
});

describe("npm run dev when its first check cannot run", () => {
  it("fails the page loads that wait for it, with the reason, and checks again at the next load once the reason is gone", async () => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    const schema = join(made.root, "schema");
    const linked = readlinkSync(schema);
    unlinkSync(schema);
    const plugin = sitePlugin(made.root);
    const server = { middlewares: { use: () => undefined }, watcher: { add: () => undefined, on: () => undefined } } as unknown as ViteDevServer;
    (plugin.configResolved as Hook<typeof plugin.configResolved>)({ root: made.root, command: "serve" } as never);
    (plugin.configureServer as (s: ViteDevServer) => void)(server);
    const load = (path: string) => (plugin.transformIndexHtml as (html: string, ctx: unknown) => Promise<unknown>)("", { path, originalUrl: path, server });
    await expect(load("/about")).rejects.toThrow(/schema\/page\.schema\.json or schema\/site\.schema\.json is missing/);
    await expect(load("/about")).rejects.toThrow(/is missing/);
    symlinkSync(linked, schema);
    expect(await load("/about")).toEqual([expect.objectContaining({ tag: "script" })]);
  });
});

describe("npm run dev when the watcher does not report a save", () => {
  const settingsBroken = /<h1>The site settings have 1 problem, so no page can be shown<\/h1>/;
  const breakSettings = (t: string) => t.replace(/^company: .*$/m, "company: [Fixture");
  it.each([
    ["the site settings", "/about", "_site.yaml", breakSettings, settingsBroken],
    ["the page's own file", "/about", "about.yaml", breakAbout, aboutBroken],
    ["the file of the page an alias shows", "/about-us", "about.yaml", breakAbout, aboutBroken],
  ])("%s, changed on disk, shows on the next load of the page (%s), and the open pages reload", async (_what, address, name, edit, heading) => {
    const dev = await devPlugin();
    expect(await dev.load(address)).not.toEqual(expect.stringMatching(heading));
    writeFileSync(dev.file(name), edit(readFileSync(dev.file(name), "utf8")));
    expect(await dev.load(address)).toEqual(expect.stringMatching(heading));
    expect(dev.sent).toEqual([{ type: "full-reload" }]);
  });
});
