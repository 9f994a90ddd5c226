// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../../../src/app/frame/Header.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import { SITE } from "../real-site.ts";

/**
 * The header as a visitor uses it, found by roles and names only (not by component or class),
 * so these hold however the header is split into components.
 */
afterEach(cleanup);

const PANEL_ITEMS = SITE.header.items.filter((item) => item.panel).map((item) => item.label);

function renderHeader() {
  const user = userEvent.setup();
  // jsdom's own history: a test that follows a link leaves it elsewhere, so each render starts at "/".
  window.history.replaceState(null, "", "/");
  render(
    <SiteRouter>
      <Header site={SITE} />
      <main>
        <p>Page content</p>
      </main>
    </SiteRouter>,
  );
  return user;
}

/** The desktop button of a panel item: the button that discloses a panel, named by the item. */
const buttonOf = (label: string) => screen.getAllByRole("button").find((b) => b.getAttribute("aria-controls") && b.textContent === label)!;
/** The panel a button discloses: the element its aria-controls names (the WAI-ARIA disclosure pattern). */
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!;
const expandedButtons = () => screen.queryAllByRole("button", { expanded: true }).filter((b) => b.getAttribute("aria-controls")?.startsWith("panel-"));

describe("header panels (desktop)", () => {
  it("has the seven panel items of SPEC §4, each a collapsed button", () => {
    renderHeader();
    expect(PANEL_ITEMS).toHaveLength(7);
    for (const label of PANEL_ITEMS) {
      const button = screen.getByRole("button", { name: label });
      expect(button).toBe(buttonOf(label));
      expect(button.getAttribute("aria-expanded")).toBe("false");
      expect(panelOf(button).hidden).toBe(true);
    }
  });

  it.each(PANEL_ITEMS)("a click opens the %s panel, showing its links, and a second click closes it", async (label) => {
    const user = renderHeader();
    const button = buttonOf(label);
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const panel = panelOf(button);
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole("link", { name: `${label} overview` })).toBeTruthy();
    expect(within(panel).getAllByRole("link").length).toBeGreaterThan(1);
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  it("keeps one panel open at a time, whichever order they are opened in", async () => {
    const user = renderHeader();
    for (const label of [...PANEL_ITEMS, ...PANEL_ITEMS.slice(0, -1).reverse()]) {
      await user.click(buttonOf(label));
      expect(expandedButtons().map((b) => b.textContent)).toEqual([label]);
      expect(PANEL_ITEMS.filter((l) => !panelOf(buttonOf(l)).hidden)).toEqual([label]);
    }
  });

  it.each(PANEL_ITEMS)("Escape closes the %s panel and returns focus to its button", async (label) => {
    const user = renderHeader();
    const button = buttonOf(label);
    await user.click(button);
    await user.tab(); // focus moves into the panel
    expect(panelOf(button).contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("the panel's Close button closes it and returns focus to the item", async () => {
    const user = renderHeader();
    const button = buttonOf(PANEL_ITEMS[0]!);
    await user.click(button);
    // jsdom's name computation drops the space before the visually hidden words; browsers keep it.
    await user.click(within(panelOf(button)).getByRole("button", { name: new RegExp(`^Close\\s*${PANEL_ITEMS[0]} menu$`) }));
    expect(panelOf(button).hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("a click outside the navigation closes the open panel", async () => {
    const user = renderHeader();
    const button = buttonOf(PANEL_ITEMS[1]!);
    await user.click(button);
    await user.click(screen.getByText("Page content"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("a mouse over an item opens its panel, and leaving closes it after a moment", () => {
    vi.useFakeTimers();
    try {
      renderHeader();
      const button = buttonOf(PANEL_ITEMS[3]!);
      fireEvent.pointerEnter(button.parentElement!, { pointerType: "mouse" });
      expect(button.getAttribute("aria-expanded")).toBe("true");
      fireEvent.pointerLeave(button.parentElement!, { pointerType: "mouse" });
      expect(button.getAttribute("aria-expanded")).toBe("true");
      act(() => void vi.advanceTimersByTime(1000));
      expect(button.getAttribute("aria-expanded")).toBe("false");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a tap opens a panel that stays open when the finger's pointer leaves the item", () => {
    vi.useFakeTimers();
    try {
      renderHeader();
      const button = buttonOf(PANEL_ITEMS[4]!);
      // A tap as a browser reports it: the touch pointer enters and leaves as the finger lifts, then
      // the compatibility mouse events, the click, and (in some engines) a mouseleave once the panel shows.
      const item = button.parentElement!;
      fireEvent.pointerEnter(item, { pointerType: "touch" });
      fireEvent.pointerLeave(item, { pointerType: "touch" });
      fireEvent.mouseEnter(item);
      fireEvent.click(button);
      fireEvent.mouseLeave(item);
      act(() => void vi.advanceTimersByTime(1000));
      expect(button.getAttribute("aria-expanded")).toBe("true");
      expect(panelOf(button).hidden).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the keyboard opens a panel too (Enter and Space on the button)", async () => {
    const user = renderHeader();
    const button = buttonOf(PANEL_ITEMS[2]!);
    button.focus();
    await user.keyboard("{Enter}");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard(" ");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("panels close whenever the visitor goes somewhere", () => {
  // Links to the page already shown ("/" here) and to one of its anchors: the address's path does not change.
  it.each([
    ["About Us", "/", "the page itself"],
    ["Careers", "/#internships", "an anchor of the page shown"],
  ])("following a link in the %s panel to %s (%s) closes it", async (label, to) => {
    const user = renderHeader();
    const button = buttonOf(label);
    await user.click(button);
    const panel = panelOf(button);
    // A link of the panel, pointed at the address shown.
    const first = within(panel).getAllByRole("link")[0]!;
    first.setAttribute("href", to);
    await user.click(first);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  it("focus moving out of an open panel closes it, and focus stays where it went", async () => {
    const user = renderHeader();
    const button = buttonOf(PANEL_ITEMS[3]!);
    await user.click(button);
    const outside = document.createElement("button");
    outside.textContent = "Page control";
    document.querySelector("main")!.append(outside);
    outside.focus();
    await user.keyboard("{Shift}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(outside);
  });
});

describe("phone menu", () => {
  const menuButton = () => screen.getByRole("button", { name: "Menu" });
  /** The open menu: the element the button controls. */
  const phoneMenu = () => document.getElementById(menuButton().getAttribute("aria-controls")!)!;
  /** Closed, the menu is not in the document at all (so a page's HTML holds each panel link once) and the button controls nothing. */
  const expectClosed = () => {
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(menuButton().hasAttribute("aria-controls")).toBe(false);
    expect(document.getElementById("mobile-menu")).toBeNull();
  };

  it("the Menu button toggles the menu, which lists every header item", async () => {
    const user = renderHeader();
    expectClosed();
    await user.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(phoneMenu().id).toBe("mobile-menu");
    const menu = within(phoneMenu());
    for (const item of SITE.header.items) expect(menu.getAllByText(item.label).length).toBeGreaterThan(0);
    await user.click(menuButton());
    expectClosed();
  });

  it("Escape closes the menu and returns focus to the Menu button", async () => {
    const user = renderHeader();
    await user.click(menuButton());
    await user.tab();
    expect(phoneMenu().contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    expectClosed();
    expect(document.activeElement).toBe(menuButton());
  });

  it("open, it is a modal dialog: focus moves to its first link and the page is inert; closed, the page is given back", async () => {
    const user = renderHeader();
    await user.click(menuButton());
    expect(screen.getByRole("dialog", { name: "Menu" }).contains(phoneMenu())).toBe(true);
    expect(document.activeElement).toBe(within(phoneMenu()).getAllByRole("link")[0]);
    expect(document.querySelector("main")!.hasAttribute("inert")).toBe(true);
    expect(menuButton().closest("[inert]")).toBeNull();
    await user.keyboard("{Escape}");
    expectClosed();
    expect(document.querySelector("main")!.hasAttribute("inert")).toBe(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("following a link in the menu closes it", async () => {
    const user = renderHeader();
    await user.click(menuButton());
    const link = within(phoneMenu())
      .getAllByRole("link")
      .find((a) => a.getAttribute("href") !== "/")!;
    await user.click(link);
    expectClosed();
  });
});
