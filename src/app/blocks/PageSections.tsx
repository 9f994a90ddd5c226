import { SectionIndex } from "../ui/Heading.tsx";
import { blockComponent } from "./loaded-blocks.ts";
import type { Section } from "./types.ts";

/** Draws a page's sections through the registry (their blocks loaded by `loadBlocks`); the schema has already refused unknown types. */
export function PageSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, i) => {
        const Block = blockComponent(section.type);
        return (
          <SectionIndex.Provider key={i} value={i}>
            <Block {...section} />
          </SectionIndex.Provider>
        );
      })}
    </>
  );
}
