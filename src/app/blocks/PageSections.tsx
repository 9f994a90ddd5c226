import { Component, type ReactNode } from "react";
import { SectionIndex } from "../ui/Heading.tsx";
import { blockComponent } from "./loaded-blocks.ts";
import type { Section } from "./types.ts";

/**
 * Keeps the rest of the page when one block throws in the browser: that section is left out and
 * the failure is reported (the console, and `window.onerror` listeners through reportError).
 * The build refuses a page whose block throws while prerendering, so this guards the browser only.
 */
class SectionBoundary extends Component<{ index: number; type: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    const failure = new Error(
      `sections[${this.props.index}] (${this.props.type}) could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
    if (typeof reportError === "function") reportError(failure);
    else console.error(failure);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Draws a page's sections through the registry (their blocks loaded by `loadBlocks`); the schema has already refused unknown types. */
export function PageSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, i) => {
        const Block = blockComponent(section.type);
        return (
          <SectionIndex.Provider key={i} value={i}>
            <SectionBoundary index={i} type={section.type}>
              <Block {...section} />
            </SectionBoundary>
          </SectionIndex.Provider>
        );
      })}
    </>
  );
}
