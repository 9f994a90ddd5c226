/**
 * The canonical-URL rule, written once for the prerendered <head>, the sitemap, the structured
 * data and the browser's canonical link after navigation: the site's address (site/_site.yaml's
 * `url`, which has no trailing slash) followed by the page's own route, so an alias points at
 * the page it shows and the home page is `<url>/`.
 */

/** A path of the site as an absolute URL on the public site. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return siteUrl + path;
}

/**
 * The canonical URL of what `address` shows: the route of its page (an alias's page included),
 * or, when no page answers (`route` null, the not-found page), the address itself.
 */
export function canonicalUrl(siteUrl: string, address: string, route: string | null): string {
  return absoluteUrl(siteUrl, route ?? address);
}
