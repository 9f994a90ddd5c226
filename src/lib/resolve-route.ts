import { aliases, routes } from "virtual:site";

/** The page's own route for an address (a route or an alias, with or without a trailing slash), or null. */
export function resolveRoute(pathname: string): string | null {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    return null;
  }
  if (path.length > 1) path = path.replace(/\/+$/, "").replace(/\/index\.html$/, "") || "/";
  if (path in routes) return path;
  return aliases[path] ?? null;
}
