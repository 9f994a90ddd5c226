import type { ComponentType } from "react";
import { SectionIndex } from "../ui/Heading.tsx";
import { registry } from "./registry.ts";
import type { Section } from "./types.ts";

/** Draws a page's sections through the registry; the schema has already refused unknown types. */
export function PageSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, i) => {
        const Block = registry[section.type] as ComponentType<Section>;
        return (
          <SectionIndex.Provider key={i} value={i}>
            <Block {...section} />
          </SectionIndex.Provider>
        );
      })}
    </>
  );
}
