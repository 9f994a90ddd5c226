import type { Site } from "../../shared/generated/schema-types.ts";

/** One top item of the header: a plain link (Home) or a button with a panel. */
export type NavItem = Site["header"]["items"][number];
export type PanelItem = NavItem & { panel: NonNullable<NavItem["panel"]> };

export const hasPanel = (item: NavItem): item is PanelItem => item.panel !== undefined;

/** The id of an item's desktop panel, for aria-controls: "About Us" → "panel-about-us". */
export const panelId = (item: NavItem) => `panel-${item.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** aria-current="page" only for a link to exactly this page (links to its anchors are not "the page"). */
export function currentProps(to: string, pathname: string) {
  return to === pathname ? { "aria-current": "page" as const } : {};
}
