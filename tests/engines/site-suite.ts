import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registry } from "../../src/app/blocks/registry.ts";
import { launch, waitUntil, type Engine, type EnginePage } from "../../tools/test/engine-page.ts";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/**
 * One block per row, on a page that holds it, with what SPEC.md says the visitor sees there:
 * a CSS selector inside <main> and how many visible elements match it.
 */
const BLOCKS: { type: keyof typeof registry; path: string; selector: string; count: number }[] = [
  { type: "anchors", path: "/legal-privacy", selector: "section[id][aria-labelledby] h2", count: 11 },
  { type: "candidateForm", path: "/my-nexa/auth/login", selector: 'form input[type="email"], form input[type="password"]', count: 2 },
  { type: "cardGrid", path: "/", selector: '#what-we-do a[href="/connect"]', count: 7 },
  { type: "caseStudies", path: "/about-us/case-study-all", selector: "#healthcare-ai-case-study, #generative-ai, #ai-agent, #ai-automation", count: 4 },
  { type: "childCards", path: "/industries/details", selector: 'a[href^="/industries/"]:not([href*="#"])', count: 10 },
  { type: "contactPanel", path: "/", selector: 'a[href="/courses/special-course"], a[href="/courses/internship"]', count: 2 },
  { type: "enquiryForm", path: "/connect", selector: 'select[name="subject"] option:not([disabled])', count: 12 },
  { type: "hero", path: "/careers", selector: "h1", count: 1 },
  { type: "introVideo", path: "/", selector: "#welcome video", count: 1 },
  { type: "linkList", path: "/my-nexa/learning-corner", selector: 'a[target="_blank"][rel~="noopener"]', count: 4 },
  { type: "logoMarquee", path: "/", selector: "#clients ul:not([aria-hidden]) img", count: 17 },
  { type: "profiles", path: "/about-us/details", selector: "#leadership img", count: -1 },
  { type: "prose", path: "/my-nexa/job-search", selector: "p", count: -1 },
  { type: "slideshow", path: "/", selector: '[aria-roledescription="carousel"] img', count: -1 },
  { type: "split", path: "/my-nexa", selector: 'a[href="/connect"]', count: 1 },
  { type: "table", path: "/courses/internship/long-term", selector: "table tbody tr", count: 4 },
];

/** How many elements inside <main> match the selector and take up room on the page. */
function visibleCount(selector: string): number {
  return [...document.querySelectorAll(`main ${selector.split(",").join(", main ")}`)].filter((el) => {
    // An <option> has no box of its own: it is shown when its <select> is.
    const box = (el.closest("select") ?? el).getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  }).length;
}

/**
 * The engine's one browser for a test file, started before its first suite and closed after its
 * last: the site's suite and the editor's share it (a browser takes seconds to start). Its paths
 * are the site's; the editor's suite opens whole addresses.
 */
export function enginePage(engine: Engine): () => EnginePage {
  let page: EnginePage | undefined;
  beforeAll(async () => {
    page = await launch(engine, inject("baseUrl"));
  });
  afterAll(async () => {
    await page?.close();
  });
  return () => page!;
}

/** The cross-engine suite, written once: each engine's test file calls this with its engine's page. */
export function defineSiteSuite(engine: Engine, browserPage: () => EnginePage): void {
  describe(`${engine}: the site a visitor sees`, () => {
    let page: EnginePage;
    beforeAll(async () => {
      page = browserPage();
      await page.resize(DESKTOP);
    });

    it("the table names every block of the registry", () => {
      expect(BLOCKS.map((b) => b.type).sort()).toEqual(Object.keys(registry).sort());
    });

    it.each(BLOCKS)("$type draws on $path", async ({ path, selector, count }) => {
      await page.open(path);
      const shown = await page.evaluate(visibleCount, selector);
      if (count >= 0) expect(shown, selector).toBe(count);
      else expect(shown, selector).toBeGreaterThan(0);
    });

    it("each video source names its codecs, and this engine can play the MP4 it names", async () => {
      await page.open("/");
      const types = await page.evaluate(() => [...document.querySelectorAll("main video source")].map((s) => s.getAttribute("type") ?? ""));
      // Seven service cards; the intro's sources are added once the page is idle.
      expect(types.length).toBeGreaterThanOrEqual(7);
      for (const type of types) expect(type).toMatch(/^video\/(mp4|webm); codecs="[^"]+"$/);
      const playable = await page.evaluate(() =>
        [...new Set([...document.querySelectorAll("main video source")].map((s) => s.getAttribute("type")!))].some(
          (t) => document.createElement("video").canPlayType(t) !== "",
        ),
      );
      expect(playable).toBe(true);
    });

    it("a service card's poster is an <img> under its video, and the video has no poster of its own", async () => {
      await page.open("/");
      // A card draws its poster only as it comes within 400 px of the view: bring each one there
      // in turn, as a visitor scrolls, and wait for it (the cards reached so far are marked).
      for (let i = 0; i < 7; i++) {
        await page.evaluate((n: number) => {
          const video = document.querySelectorAll<HTMLElement>("#what-we-do video")[n];
          if (!video) return;
          video.dataset.reached = "";
          video.scrollIntoView({ block: "center", behavior: "instant" });
        }, i);
        await waitUntil(page, `the poster of card ${i + 1}`, () =>
          [...document.querySelectorAll("#what-we-do video[data-reached]")].every((v) => v.previousElementSibling !== null),
        );
      }
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll("#what-we-do video")].map((v) => {
          const img = v.previousElementSibling;
          return [
            img?.tagName === "IMG" || img?.tagName === "PICTURE",
            v.hasAttribute("poster"),
            img?.getBoundingClientRect().width === v.getBoundingClientRect().width,
          ];
        }),
      );
      expect(cards).toEqual(Array(7).fill([true, false, true]));
    });

    it("a header panel opens on click and closes on Escape, giving focus back to its button", async () => {
      await page.open("/about-us");
      await page.click('header nav[aria-label="Main"] button[aria-controls="panel-careers"]');
      await waitUntil(page, "the Careers panel to show", () => {
        const panel = document.getElementById("panel-careers");
        return !!panel && panel.getBoundingClientRect().height > 0;
      });
      expect(await page.evaluate(() => document.querySelector('#panel-careers a[href="/connect"]')?.textContent)).toBe("Connect with us");
      await page.press("Escape");
      await waitUntil(page, "the Careers panel to close", () => {
        const panel = document.getElementById("panel-careers");
        return !panel || panel.getBoundingClientRect().height === 0;
      });
      expect(await page.evaluate(() => [document.activeElement?.getAttribute("aria-controls"), document.activeElement?.getAttribute("aria-expanded")])).toEqual(
        ["panel-careers", "false"],
      );
    });

    it("the phone menu opens from its button and its Contact Us link goes to /about-us/connect", async () => {
      await page.resize(PHONE);
      try {
        await page.open("/");
        await page.click("#menu-button");
        await waitUntil(page, "the phone menu to open", () => !!document.getElementById("mobile-menu"));
        expect(await page.evaluate(() => document.getElementById("menu-button")?.getAttribute("aria-expanded"))).toBe("true");
        await page.click('#mobile-menu a[href="/about-us/connect"]');
        await waitUntil(
          page,
          "/about-us/connect to be shown",
          () => location.pathname === "/about-us/connect" && document.querySelector("main h1")?.textContent === "Connect With Us",
        );
        expect(
          await page.evaluate(() => [!!document.getElementById("mobile-menu"), document.getElementById("menu-button")?.getAttribute("aria-expanded")]),
        ).toEqual([false, "false"]);
      } finally {
        await page.resize(DESKTOP);
      }
    });

    it("a page opened with a hash lands on its target, below the sticky header", async () => {
      await page.open("/products/details#summarizerpro");
      await waitUntil(page, "#summarizerpro to be in view below the header", () => {
        const top = document.getElementById("summarizerpro")!.getBoundingClientRect().top;
        return top >= document.querySelector("body > #root > header")!.getBoundingClientRect().bottom - 1 && top < window.innerHeight;
      });
    });

    it("a hash change scrolls to the new target; an unknown hash to the top", async () => {
      await page.open("/industries/details");
      await page.evaluate(() => void (window.location.hash = "#real-estate"));
      await waitUntil(page, "#real-estate to be in view", () => {
        const box = document.getElementById("real-estate")!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      });
      await page.evaluate(() => void (window.location.hash = "#no-such-id"));
      await waitUntil(page, "the page to be back at the top", () => window.scrollY === 0);
    });

    it("a link inside the site swaps the page without reloading it", async () => {
      await page.open("/about-us");
      await page.evaluate(() => void ((window as unknown as { stayed: boolean }).stayed = true));
      await page.evaluate(() => document.querySelector('main a[href="/about-us/details#our-people"]')!.scrollIntoView({ block: "center" }));
      await page.click('main a[href="/about-us/details#our-people"]');
      await waitUntil(page, "/about-us/details#our-people with its target in view", () => {
        const target = document.getElementById("our-people");
        if (location.pathname !== "/about-us/details" || !target) return false;
        const top = target.getBoundingClientRect().top;
        return top >= 0 && top < window.innerHeight;
      });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    });

    it("the enquiry form refuses a bad email, then sends, thanks the visitor and goes home", async () => {
      const fill = async (email: string) => {
        await page.open("/connect");
        await page.type('input[name="firstName"]', "Asha");
        await page.type('input[name="lastName"]', "Verma");
        await page.type('input[name="email"]', email);
        await page.type('input[name="phoneNumber"]', "9876543210");
        await page.select('select[name="subject"]', "Special Live AI Courses");
        await page.click('form button[type="submit"]');
      };
      await fill("asha.example.com");
      expect(await page.acceptAlert()).toBe("Please enter a valid email address.");
      expect(await page.evaluate(() => location.pathname)).toBe("/connect");
      await fill(`engines-${Date.now()}@example.com`);
      expect(await page.acceptAlert()).toBe("Thank you for reaching out! We\u2019ll get back to you soon.");
      await waitUntil(page, "the home page", () => location.pathname === "/");
      expect(await page.evaluate(() => localStorage.getItem("enquirySessionId"))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });
  });
}
