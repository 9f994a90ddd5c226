import type { ComponentType } from "react";
import type { Page } from "../../shared/generated/schema-types.ts";

/** A section of a page: the union of every block, keyed on `type`. */
export type Section = Page["sections"][number];
export type BlockType = Section["type"];
export type BlockOf<T extends BlockType> = Extract<Section, { type: T }>;

/** Closed and typed: a block type without a component, or a component for no type, does not compile. */
export type Registry = { [T in BlockType]: () => Promise<ComponentType<BlockOf<T>>> };
