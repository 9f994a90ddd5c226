/** The module the site plugin (src/content/vite-plugin.ts) makes from site/. */
declare module "virtual:site" {
  import type { Site } from "./generated/schema-types.ts";
  /** Header, footer and names from site/_site.yaml: the only content in the entry (no page, no list of routes). */
  export const site: Site;
}
