export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
export const SHORT = "public, max-age=3600";

/**
 * By the file's path inside the site: files under assets/ carry a content hash in their
 * name, so they never change; HTML and page data (_data/, what client-side navigation
 * fetches instead of the HTML) keep their names across deploys, so browsers must revalidate
 * them every time; anything else may be kept for an hour.
 */
export function cacheControlFor(sitePath: string): string {
  if (/\.html?$/i.test(sitePath) || sitePath.startsWith("_data/")) return REVALIDATE;
  if (sitePath.startsWith("assets/")) return IMMUTABLE;
  return SHORT;
}
