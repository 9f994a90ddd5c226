// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PageSummary } from "../../../src/admin/api.ts";
import { PageList } from "../../../src/admin/PageList.tsx";

afterEach(cleanup);

const page = (file: string, route: string, title: string, group: string, problems = 0, aliases: string[] = []): PageSummary => ({
  file,
  route,
  title,
  group,
  problems,
  aliases,
});
const PAGES = [
  page("site/index.yaml", "/", "Nexa AI | AI consulting", ""),
  page("site/industries/index.yaml", "/industries", "Industries | Nexa AI", "industries"),
  page("site/industries/health.yaml", "/industries/health", "Health | Nexa AI", "industries", 2),
  page("site/industries/mining.yaml", "/industries/mining", "Mining | Nexa AI", "industries", 1, ["/mining"]),
  page("site/courses/index.yaml", "/courses", "Courses | Nexa AI", "courses"),
  page("site/courses/gate.yaml", "/courses/gate", "GATE preparation | Nexa AI", "courses"),
];

function renderList(onOpen = vi.fn()) {
  render(<PageList pages={PAGES} settings={{ file: "site/_site.yaml", problems: 0 }} current="site/industries/health.yaml" onOpen={onOpen} />);
  return { user: userEvent.setup(), onOpen, search: screen.getByRole("searchbox", { name: "Find a page" }) };
}

/** The groups shown, each with the addresses of its pages, in order. */
const shownGroups = (): [string | null, (string | null)[]][] =>
  screen.queryAllByRole("heading", { level: 2 }).map((h) => [
    h.textContent,
    within(h.closest("section")!)
      .queryAllByRole("button")
      .map((b) => b.querySelector(".page-route")!.textContent),
  ]);

describe("the editor's page list", () => {
  it("groups every page as the site is, named by its top page's title, with problem counts, aliases and the open page marked", () => {
    renderList();
    expect(shownGroups()).toEqual([
      ["Home", ["/"]],
      ["Industries", ["/industries", "/industries/health", "/industries/mining"]],
      ["Courses", ["/courses", "/courses/gate"]],
    ]);
    expect(screen.getByRole("status").textContent).toBe("6 pages");
    const health = screen.getByRole("button", { name: /\/industries\/health/ });
    expect(health.textContent).toBe("/industries/healthHealth | Nexa AI2 problems");
    expect(health.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: /\/industries\/mining/ }).textContent).toBe("/industries/miningMining | Nexa AIalso /mining1 problem");
  });

  it.each<[string, [string, string[]][], string]>([
    ["health", [["Industries", ["/industries/health"]]], "1 of 6 pages"],
    ["GATE", [["Courses", ["/courses/gate"]]], "1 of 6 pages"],
    ["/mining", [["Industries", ["/industries/mining"]]], "1 of 6 pages"],
    ["industries nexa", [["Industries", ["/industries", "/industries/health", "/industries/mining"]]], "3 of 6 pages"],
    ["courses/index.yaml", [["Courses", ["/courses"]]], "1 of 6 pages"],
    ["quarry", [], "0 of 6 pages"],
  ])("a search for %j shows only the pages whose address, title, file or alias hold every word", async (query, groups, count) => {
    const { user, search } = renderList();
    await user.type(search, query);
    expect(shownGroups()).toEqual(groups);
    expect(screen.getByRole("status").textContent).toBe(count);
    await user.clear(search);
    expect(screen.getByRole("status").textContent).toBe("6 pages");
  });

  it("opens a page, or the site settings, by click or by keyboard", async () => {
    const { user, onOpen, search } = renderList();
    await user.click(screen.getByRole("button", { name: /\/courses\/gate/ }));
    expect(onOpen).toHaveBeenLastCalledWith("site/courses/gate.yaml");
    search.focus();
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Site settings (header, footer)");
    await user.keyboard("{Enter}");
    expect(onOpen).toHaveBeenLastCalledWith("site/_site.yaml");
  });
});
