import { locate } from "./locate.ts";
import type { LoadedFile } from "./load.ts";
import { problem, type Problem } from "./problem.ts";

/** site/careers/index.yaml → /careers; site/index.yaml → /; site/courses/explore.yaml → /courses/explore */
export function routeOfFile(relToSite: string): string {
  const noExt = relToSite.replace(/\.yaml$/, "");
  const route = "/" + noExt.replace(/(^|\/)index$/, "");
  return route.length > 1 ? route.replace(/\/$/, "") : "/";
}

/** Page files: YAML under site/, not under assets/, no part of the path starting with "_". */
export function isPageFile(relToSite: string): boolean {
  return relToSite.endsWith(".yaml") && !relToSite.startsWith("assets/") && !relToSite.split("/").some((part) => part.startsWith("_"));
}

export interface RoutedPage {
  file: string;
  route: string;
  aliases: string[];
  loaded: LoadedFile;
}

export interface RouteTable {
  /** Every address that shows a page (routes and aliases) → the page's own route. */
  primaryOf: Map<string, string>;
  /** Alias → its page's route. */
  aliasOf: Map<string, string>;
}

/** Build the route table; two files claiming one address, or an alias clashing with a route, are problems. */
export function buildRouteTable(pages: RoutedPage[]): { table: RouteTable; problems: Problem[] } {
  const problems: Problem[] = [];
  const owner = new Map<string, RoutedPage>();
  const primaryOf = new Map<string, string>();
  const aliasOf = new Map<string, string>();
  for (const page of pages) {
    const other = owner.get(page.route);
    if (other) {
      problems.push(
        problem(page.file, { line: 1, col: 1 }, `the address ${page.route} is already the page ${other.file}`, "rename or move one of the two files"),
      );
      continue;
    }
    owner.set(page.route, page);
    primaryOf.set(page.route, page.route);
  }
  for (const page of pages) {
    page.aliases.forEach((alias, i) => {
      // Placed only for a problem: locating builds the file's tree, which a file read by the quick parser does not have.
      const pos = () => locate(page.loaded, ["aliases", i]);
      const taken = owner.get(alias);
      if (taken && taken !== page) {
        problems.push(problem(page.file, pos(), `the alias ${alias} is already the address of ${taken.file}`, "remove the alias or rename that page"));
      } else if (taken === page) {
        problems.push(problem(page.file, pos(), `the alias ${alias} is this page's own address`, "remove it from aliases"));
      } else {
        owner.set(alias, page);
        primaryOf.set(alias, page.route);
        aliasOf.set(alias, page.route);
      }
    });
  }
  return { table: { primaryOf, aliasOf }, problems };
}
