import type { Page } from "./generated/schema-types.ts";

/** What an address shows: a page with its own route (an alias names its page's route), or not-found (`route: null`). */
export type PageEntry = { route: string; page: Page } | { route: null };
