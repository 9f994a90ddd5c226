/** The module the site plugin (src/build/vite-plugin.ts) makes from site/. */
declare module "virtual:site" {
  import type { Site } from "../shared/generated/schema-types.ts";
  /** Header, footer and names from site/_site.yaml, for the prerender (the browser reads them from the site-data block). */
  export const site: Site;
}
