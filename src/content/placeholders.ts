/**
 * The placeholder words of the starter pages (starters.ts writes them, `npm run new` and the
 * editor's New page use them), in a module of their own: the content checks read them too, and
 * the starters import the site's types, so keeping them there closed an import circle.
 */

/**
 * How every placeholder a starter writes begins: "Replace this …", "Replace: …" (facts) or
 * "New industry: …" (headings and titles). validate reports texts that still begin so, which
 * keeps a page nobody has finished out of the build.
 */
export const PLACEHOLDER = /^(Replace this\b|Replace: |New (page|industry|course group|course|exam): )/;

/** The one wording of a placeholder left in a page (reported by checkPlaceholders in check-references.ts). */
export const PLACEHOLDER_PROBLEM = { message: (text: string) => `still has placeholder text "${text}"`, hint: "replace it with the real text" };

export const isPlaceholderProblem = (p: { message: string; hint?: string }) =>
  p.hint === PLACEHOLDER_PROBLEM.hint && p.message.startsWith("still has placeholder text ");
