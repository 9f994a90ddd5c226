/** One thing wrong with the content, where it is, in words for the person editing it. */
export interface Problem {
  /** Path relative to the project root, with forward slashes: site/careers/index.yaml */
  file: string;
  line: number;
  col: number;
  message: string;
  hint?: string;
  /** The edit the hint names, for the editor's one-click fix (src/content/fixes.ts); set by the editor's server only. */
  fix?: Fix;
}

/** One change to a text: the characters from `from` up to `to` (offsets into the text that was checked) replaced by `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/**
 * A one-click fix, in the shape CodeMirror takes as changes: one edit, or several made together
 * (each at an offset of the text before any of them); the first says what its button reads.
 */
export type Fix = (TextEdit & { label: string }) | [TextEdit & { label: string }, ...TextEdit[]];

/**
 * The one empty list of problems, frozen: the checks' stores hold it wherever a file or a check
 * found none, so a store writes and reads one list, not one per file (a write into it throws).
 */
export const NO_PROBLEMS = Object.freeze([]) as unknown as Problem[];

export function problem(file: string, pos: { line: number; col: number }, message: string, hint?: string): Problem {
  return hint ? { file, line: pos.line, col: pos.col, message, hint } : { file, line: pos.line, col: pos.col, message };
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
}
