/** The modules the site plugin (src/content/vite-plugin.ts) makes from site/. */
declare module "virtual:site" {
  import type { Page, Site } from "./generated/schema-types.ts";
  /** Header, footer and names from site/_site.yaml. */
  export const site: Site;
  /** Route → its title, for every page. */
  export const routes: Record<string, { title: string }>;
  /** Alias → the page's own route. */
  export const aliases: Record<string, string>;
  /** Route → loader of that page's own chunk. */
  export const pages: Record<string, () => Promise<{ default: Page }>>;
}
