import type { ComponentType } from "react";
import { registry } from "./registry.ts";
import type { BlockType, Section } from "./types.ts";

/** The block components loaded so far: a page is drawn only once all of its blocks are here, so drawing never suspends. */
const loaded = new Map<BlockType, ComponentType<Section>>();

/** Load the blocks these sections use (each chunk once). */
export async function loadBlocks(sections: readonly Section[]): Promise<void> {
  const missing = [...new Set(sections.map((s) => s.type))].filter((type) => !loaded.has(type));
  await Promise.all(
    missing.map(async (type) => {
      const component = await registry[type]();
      loaded.set(type, component as ComponentType<Section>);
    }),
  );
}

/** A block's component, which `loadBlocks` has loaded for the page being drawn. */
export function blockComponent(type: BlockType): ComponentType<Section> {
  const component = loaded.get(type);
  if (!component) throw new Error(`the ${type} block was drawn before it was loaded`);
  return component;
}
