import { isHtml } from "./content-types.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
export const SHORT = "public, max-age=3600";

/**
 * Files under /assets/ carry a content hash in their name, so they never change;
 * HTML names stay fixed across deploys, so browsers must revalidate it every time.
 */
export function cacheControlFor(urlPath: string, contentType: string): string {
  if (isHtml(contentType)) return REVALIDATE;
  if (urlPath.startsWith("/assets/")) return IMMUTABLE;
  return SHORT;
}
