// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { Link } from "wouter";
import { NavLink } from "../../../../src/app/frame/NavLink.tsx";
import { SiteRouter, useLocation, useNavigate, type Address } from "../../../../src/app/lib/location.tsx";

/**
 * src/app/lib/location.tsx on jsdom's own history: the address and its per-navigation key, which
 * src/app/App.tsx scrolls by ([route, hash, key]), and the Link rules React Router had.
 */
let seen: Address[];
/** Navigation from code, as the probe last committed it. */
const code = { navigate: (to: string): void => void to };
const go = (to: string) => code.navigate(to);

/** Records each committed address (effects run once a render is committed, as the app's scrolling does). */
function Probe() {
  const address = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    seen.push(address);
    code.navigate = navigate;
  });
  return null;
}

const shown = () => seen.at(-1)!;
/** jsdom runs history.back()/forward() as a task, then fires popstate. */
const traverse = (step: () => void) =>
  act(async () => {
    const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    step();
    await popped;
  });

function renderAt(path: string) {
  window.history.replaceState(null, "", path);
  seen = [];
  const user = userEvent.setup();
  render(
    <SiteRouter>
      <Probe />
      <Link to="/about-us/details#our-people">Our people</Link>
      <Link to="/careers">Careers</Link>
      <NavLink to="/careers" className="item">
        Careers (nav)
      </NavLink>
    </SiteRouter>,
  );
  return user;
}

beforeEach(() => void (seen = []));
afterEach(cleanup);

describe("the shown address", () => {
  it("starts from the browser's address, key 'default' for an entry the site did not make", () => {
    renderAt("/about-us/details?x=1#our-people");
    expect(shown()).toEqual({ pathname: "/about-us/details", search: "?x=1", hash: "#our-people", key: "default" });
  });

  it("prerendered, it is the address given, not the browser's", () => {
    window.history.replaceState(null, "", "/elsewhere");
    const Shown = () => <p>{JSON.stringify(useLocation())}</p>;
    const html = renderToString(
      <SiteRouter ssrPath="/careers?q=1#top">
        <Shown />
      </SiteRouter>,
    );
    expect(JSON.parse(/<p>(.*)<\/p>/.exec(html)![1]!.replaceAll("&quot;", '"'))).toEqual({
      pathname: "/careers",
      search: "?q=1",
      hash: "#top",
      key: "default",
    });
  });

  it("each navigation has its own key: following links and navigating from code", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Careers" }));
    expect(shown().pathname).toBe("/careers");
    const first = shown().key;
    expect(first).toMatch(/^[0-9a-z]{1,8}$/);
    act(() => go("/legal-privacy"));
    expect(shown().pathname).toBe("/legal-privacy");
    expect(shown().key).not.toBe(first);
    expect(shown().key).not.toBe("default");
  });

  it("following a link to the address already shown is a new navigation (new key) that replaces the entry", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Our people" }));
    const entries = window.history.length;
    const first = shown();
    expect(first).toMatchObject({ pathname: "/about-us/details", hash: "#our-people" });
    await user.click(screen.getByRole("link", { name: "Our people" }));
    expect(shown()).toMatchObject({ pathname: "/about-us/details", hash: "#our-people" });
    expect(shown().key).not.toBe(first.key);
    expect(window.history.length).toBe(entries);
  });

  it("navigating from code to the address shown still adds an entry (as React Router's navigate did)", () => {
    renderAt("/connect");
    const entries = window.history.length;
    act(() => go("/connect"));
    expect(window.history.length).toBe(entries + 1);
  });

  it("back and forward bring each entry's own address and key back", async () => {
    const user = renderAt("/");
    await user.click(screen.getByRole("link", { name: "Our people" }));
    const people = shown();
    await user.click(screen.getByRole("link", { name: "Careers" }));
    const careers = shown();
    await traverse(() => window.history.back());
    expect(shown()).toEqual(people);
    await traverse(() => window.history.forward());
    expect(shown()).toEqual(careers);
  });

  it("a hash changed by the browser (a plain #anchor) is shown, with the key 'default' as the entry has no state", async () => {
    renderAt("/about-us/details");
    await act(async () => {
      const changed = new Promise((resolve) => window.addEventListener("hashchange", resolve, { once: true }));
      window.location.hash = "#locations";
      await changed;
    });
    expect(shown()).toMatchObject({ pathname: "/about-us/details", hash: "#locations", key: "default" });
  });

  it("a modifier-click or another button leaves navigation to the browser", async () => {
    const user = renderAt("/");
    // After React's handlers (on the root), so it cannot hide a navigation: jsdom would otherwise log "navigation not implemented".
    const stopBrowser = (e: MouseEvent) => e.preventDefault();
    window.addEventListener("click", stopBrowser);
    onTestFinished(() => window.removeEventListener("click", stopBrowser));
    for (const keys of ["{Control>}", "{Meta>}", "{Shift>}", "{Alt>}"]) {
      const link = screen.getByRole("link", { name: "Careers" });
      await user.keyboard(keys);
      await user.click(link);
      await user.keyboard("{/Control}{/Meta}{/Shift}{/Alt}");
      expect(window.location.pathname).toBe("/");
    }
    await user.pointer({ keys: "[MouseMiddle]", target: screen.getByRole("link", { name: "Careers" }) });
    expect(window.location.pathname).toBe("/");
    expect(shown().pathname).toBe("/");
  });
});

describe("NavLink", () => {
  const nav = () => screen.getByRole("link", { name: "Careers (nav)" });

  it("is marked as the page (aria-current, class active) exactly while its address is shown, whatever the letter case", async () => {
    const user = renderAt("/");
    expect(nav().getAttribute("aria-current")).toBeNull();
    expect(nav().className).toBe("item");
    await user.click(screen.getByRole("link", { name: "Careers" }));
    expect(nav().getAttribute("aria-current")).toBe("page");
    expect(nav().className).toBe("item active");
    act(() => go("/careers/careerall"));
    expect(nav().getAttribute("aria-current")).toBeNull();
    act(() => go("/CAREERS"));
    expect(nav().className).toBe("item active");
  });
});
