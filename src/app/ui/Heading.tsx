import { createContext, useContext, type ReactNode } from "react";

/** The position of the section being drawn: the first section's heading is the page's h1. */
export const SectionIndex = createContext(0);

type Level = 1 | 2 | 3 | 4;

/**
 * A heading whose level follows the page outline: `depth` 0 is the section's own heading
 * (h1 in the first section, h2 elsewhere), depth 1 one level below it, and so on.
 */
export function Heading({
  depth = 0,
  id,
  className,
  children,
}: {
  depth?: number;
  id?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const first = useContext(SectionIndex) === 0;
  const level = Math.min(4, (first ? 1 : 2) + depth) as Level;
  const Tag = `h${level}` as const;
  // The page's main heading takes focus after a client-side link (src/app/lib/arrival.ts): focusable by script, not by Tab.
  return (
    <Tag id={id} className={className} tabIndex={level === 1 ? -1 : undefined}>
      {children}
    </Tag>
  );
}
