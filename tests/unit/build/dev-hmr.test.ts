import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HotPayload, ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { sitePlugin } from "../../../src/build/vite-plugin.ts";
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

function devPlugin() {
  const made = fixtureRoot();
  cleanup = made.cleanup;
  const plugin = sitePlugin(made.root);
  const sent: HotPayload[] = [];
  const handlers: Record<string, (file: string) => void> = {};
  const server = {
    middlewares: { use: () => undefined },
    watcher: { add: () => undefined, on: (event: string, handler: (file: string) => void) => void (handlers[event] = handler) },
    ws: { send: (payload: HotPayload) => void sent.push(payload) },
    config: { logger: { error: () => undefined } },
  } as unknown as ViteDevServer;
  (plugin.configResolved as Hook<typeof plugin.configResolved>)({ root: made.root, command: "serve" } as never);
  (plugin.configureServer as (s: ViteDevServer) => void)(server);
  // The first page the browser asks for: the dev server checks the site then.
  (plugin.transformIndexHtml as { handler?: unknown } & ((html: string, ctx: unknown) => unknown))("", { path: "/about", originalUrl: "/about" });
  const file = (name: string) => join(made.root, "site", name);
  const save = (name: string, edit: (text: string) => string, event = "change") => {
    writeFileSync(file(name), edit(readFileSync(file(name), "utf8")));
    handlers[event]!(file(name));
    return sent.pop();
  };
  /** A page load, as the dev server's HTML transform sees it. */
  const load = (path: string) =>
    (plugin.transformIndexHtml as { handler?: unknown } & ((html: string, ctx: unknown) => unknown))("", { path, originalUrl: path, server });
  return { save, file, handlers, sent, load };
}

describe("npm run dev after a save", () => {
  it("a page file's new text goes to the open pages as data for its address and its aliases, with no reload", () => {
    const dev = devPlugin();
    const payload = dev.save("about.yaml", (t) => t.replace("heading: About\n", "heading: About us, saved\n"));
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
  ])("%s reloads the open pages", (_what, name, edit, event) => {
    const dev = devPlugin();
    expect(dev.save(name, edit, event)).toEqual({ type: "full-reload" });
  });
});

describe("npm run dev when the watcher does not report a save", () => {
  const settingsBroken = /<h1>The site settings have 1 problem, so no page can be shown<\/h1>/;
  const aboutBroken = /<h1>This page is not shown: site\/about\.yaml has \d+ problems?<\/h1>/;
  const breakSettings = (t: string) => t.replace(/^company: .*$/m, "company: [Fixture");
  const breakAbout = (t: string) => t.replace("heading: About\n", "heading: About\n    headng: About\n");
  it.each([
    ["the site settings", "/about", "_site.yaml", breakSettings, settingsBroken],
    ["the page's own file", "/about", "about.yaml", breakAbout, aboutBroken],
    ["the file of the page an alias shows", "/about-us", "about.yaml", breakAbout, aboutBroken],
  ])("%s, changed on disk, shows on the next load of the page (%s), and the open pages reload", (_what, address, name, edit, heading) => {
    const dev = devPlugin();
    expect(dev.load(address)).not.toEqual(expect.stringMatching(heading));
    writeFileSync(dev.file(name), edit(readFileSync(dev.file(name), "utf8")));
    expect(dev.load(address)).toEqual(expect.stringMatching(heading));
    expect(dev.sent).toEqual([{ type: "full-reload" }]);
  });
});
