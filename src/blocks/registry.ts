import { Anchors } from "./Anchors.tsx";
import { CardGrid } from "./CardGrid.tsx";
import { Hero } from "./Hero.tsx";
import { Prose } from "./Prose.tsx";
import { Table } from "./Table.tsx";
import type { Registry } from "./types.ts";

/** Block type → component. Keys sorted; one line per block (see DESIGN.md, "Blocks"). */
export const registry: Registry = {
  anchors: Anchors,
  cardGrid: CardGrid,
  hero: Hero,
  prose: Prose,
  table: Table,
};
